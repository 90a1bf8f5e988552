import { listOf, ZListQuery } from '@fanstage/contract';
import { desc, outboxEmails, sql } from '@fanstage/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireRole } from '../../plugins/auth';

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
};
