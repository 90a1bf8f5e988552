import {
  dataOf,
  listOf,
  ZAdminDeactivate,
  ZAdminReactivate,
  ZAdminUpdateUser,
  ZAdminUser,
  ZAdminUserQuery,
  ZId,
} from '@fanstage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { actorOf, requireRole } from '../../plugins/auth';
import * as admin from './users.admin.service';

const tags = ['Admin'];
const params = z.object({ id: ZId });
const adminOnly = requireRole('admin');

/** Account control for admins (issue 12); every change writes the audit log. Others get 401/403. */
export const usersAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/admin/users/search',
    {
      preHandler: adminOnly,
      schema: { tags, querystring: ZAdminUserQuery, response: { 200: listOf(ZAdminUser) } },
    },
    async (req) => admin.searchAdminUsers(ctx, { query: req.query }),
  );

  app.get(
    '/admin/users/:id',
    { preHandler: adminOnly, schema: { tags, params, response: { 200: dataOf(ZAdminUser) } } },
    async (req) => ({ data: await admin.getAdminUser(ctx, { id: req.params.id }) }),
  );

  app.put(
    '/admin/users/:id',
    {
      preHandler: adminOnly,
      schema: { tags, params, body: ZAdminUpdateUser, response: { 200: dataOf(ZAdminUser) } },
    },
    async (req) => ({
      data: await admin.updateAdminUser(ctx, { actor: actorOf(req), id: req.params.id, input: req.body }),
    }),
  );

  app.post(
    '/admin/users/:id/deactivate',
    {
      preHandler: adminOnly,
      schema: { tags, params, body: ZAdminDeactivate, response: { 200: dataOf(ZAdminUser) } },
    },
    async (req) => ({
      data: await admin.deactivateUser(ctx, {
        actor: actorOf(req),
        id: req.params.id,
        reason: req.body.reason,
      }),
    }),
  );

  app.post(
    '/admin/users/:id/reactivate',
    {
      preHandler: adminOnly,
      schema: { tags, params, body: ZAdminReactivate.nullish(), response: { 200: dataOf(ZAdminUser) } },
    },
    async (req) => ({
      data: await admin.reactivateUser(ctx, {
        actor: actorOf(req),
        id: req.params.id,
        reason: req.body?.reason,
      }),
    }),
  );
};
