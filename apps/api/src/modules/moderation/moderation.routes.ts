import {
  dataOf,
  ZAdminContentDeleted,
  ZAdminContentDeleteQuery,
  ZAdminContentHide,
  ZAdminContentItem,
  ZAdminContentParams,
} from '@fanstage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { actorOf, requireRole } from '../../plugins/auth';
import * as moderation from './moderation.service';

const tags = ['Admin'];
const adminOnly = requireRole('admin');

/** Admins moderate any creator's content: see it, hide it, show it again, delete it. */
export const moderationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/admin/content/:target/:id',
    {
      preHandler: adminOnly,
      schema: { tags, params: ZAdminContentParams, response: { 200: dataOf(ZAdminContentItem) } },
    },
    async (req) => ({ data: await moderation.getContentItem(ctx, req.params) }),
  );

  app.post(
    '/admin/content/:target/:id/hide',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        params: ZAdminContentParams,
        body: ZAdminContentHide,
        response: { 200: dataOf(ZAdminContentItem) },
      },
    },
    async (req) => ({
      data: await moderation.hideContent(ctx, {
        actor: actorOf(req),
        ...req.params,
        reason: req.body.reason,
      }),
    }),
  );

  app.post(
    '/admin/content/:target/:id/unhide',
    {
      preHandler: adminOnly,
      schema: { tags, params: ZAdminContentParams, response: { 200: dataOf(ZAdminContentItem) } },
    },
    async (req) => ({ data: await moderation.unhideContent(ctx, { actor: actorOf(req), ...req.params }) }),
  );

  app.delete(
    '/admin/content/:target/:id',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        params: ZAdminContentParams,
        querystring: ZAdminContentDeleteQuery,
        response: { 200: dataOf(ZAdminContentDeleted) },
      },
    },
    async (req) => ({
      data: await moderation.deleteContent(ctx, {
        actor: actorOf(req),
        ...req.params,
        reason: req.query.reason,
      }),
    }),
  );
};
