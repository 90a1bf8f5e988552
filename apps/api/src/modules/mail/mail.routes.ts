import {
  dataOf,
  listOf,
  ZEmailPreview,
  ZEmailTemplate,
  ZEmailTemplateKeyParams,
  ZEmailTemplatePreviewRequest,
  ZEmailTemplateSummary,
  ZEmailTemplateUpdate,
  ZListQuery,
} from '@fanstage/contract';
import { desc, outboxEmails, sql } from '@fanstage/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { actorOf, requireRole } from '../../plugins/auth';
import * as templates from './email-templates.service';

const ZOutboxEmail = z.object({
  _id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  createdAt: z.string(),
});

export const mailRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/admin/outbox',
    {
      preHandler: requireRole('admin'),
      schema: {
        tags: ['Admin'],
        querystring: ZListQuery.pick({ offset: true, limit: true }),
        response: { 200: listOf(ZOutboxEmail) },
      },
    },
    async (req) => {
      const [rows, totals] = await Promise.all([
        ctx.db.db
          .select()
          .from(outboxEmails)
          .orderBy(desc(outboxEmails.createdAt))
          .offset(req.query.offset)
          .limit(req.query.limit),
        ctx.db.db.select({ n: sql<number>`count(*)::int` }).from(outboxEmails),
      ]);
      return {
        data: rows.map((r) => ({
          _id: r.id,
          to: r.to,
          subject: r.subject,
          text: r.text,
          html: r.html,
          createdAt: r.createdAt.toISOString(),
        })),
        total: totals[0]?.n ?? 0,
      };
    },
  );

  const adminOnly = requireRole('admin');
  const tags = ['Admin'];
  const params = ZEmailTemplateKeyParams;

  app.get(
    '/admin/email-templates',
    { preHandler: adminOnly, schema: { tags, response: { 200: dataOf(z.array(ZEmailTemplateSummary)) } } },
    async () => ({ data: await templates.listEmailTemplates(ctx) }),
  );
  app.get(
    '/admin/email-templates/:key',
    { preHandler: adminOnly, schema: { tags, params, response: { 200: dataOf(ZEmailTemplate) } } },
    async (req) => ({ data: await templates.getEmailTemplate(ctx, { key: req.params.key }) }),
  );
  app.put(
    '/admin/email-templates/:key',
    {
      preHandler: adminOnly,
      schema: { tags, params, body: ZEmailTemplateUpdate, response: { 200: dataOf(ZEmailTemplate) } },
    },
    async (req) => ({
      data: await templates.updateEmailTemplate(ctx, {
        actor: actorOf(req),
        key: req.params.key,
        input: req.body,
      }),
    }),
  );
  app.post(
    '/admin/email-templates/:key/reset',
    { preHandler: adminOnly, schema: { tags, params, response: { 200: dataOf(ZEmailTemplate) } } },
    async (req) => ({
      data: await templates.resetEmailTemplate(ctx, { actor: actorOf(req), key: req.params.key }),
    }),
  );
  app.post(
    '/admin/email-templates/:key/preview',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        params,
        body: ZEmailTemplatePreviewRequest.default({}),
        response: { 200: dataOf(ZEmailPreview) },
      },
    },
    async (req) => ({
      data: await templates.previewEmailTemplate(ctx, { key: req.params.key, input: req.body ?? {} }),
    }),
  );
};
