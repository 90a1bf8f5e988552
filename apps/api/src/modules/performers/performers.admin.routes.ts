import {
  dataOf,
  listOf,
  ZAdminCommission,
  ZAdminPerformer,
  ZAdminPerformerQuery,
  ZAdminRejectDocuments,
  ZId,
} from '@fanstage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { actorOf, requireRole } from '../../plugins/auth';
import * as admin from './performers.admin.service';

const tags = ['Admin'];
const params = z.object({ id: ZId });
const adminOnly = requireRole('admin');

/** Creator review and per-creator commission; admins only (others 401/403). */
export const performersAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/admin/performers',
    {
      preHandler: adminOnly,
      schema: { tags, querystring: ZAdminPerformerQuery, response: { 200: listOf(ZAdminPerformer) } },
    },
    async (req) => admin.listPerformersForReview(ctx, { query: req.query }),
  );

  app.post(
    '/admin/performers/:id/verify-documents',
    { preHandler: adminOnly, schema: { tags, params, response: { 200: dataOf(ZAdminPerformer) } } },
    async (req) => ({
      data: await admin.verifyDocuments(ctx, { actor: actorOf(req), performerId: req.params.id }),
    }),
  );

  app.post(
    '/admin/performers/:id/reject-documents',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        params,
        body: ZAdminRejectDocuments.nullish(),
        response: { 200: dataOf(ZAdminPerformer) },
      },
    },
    async (req) => ({
      data: await admin.rejectDocuments(ctx, {
        actor: actorOf(req),
        performerId: req.params.id,
        reason: req.body?.reason,
      }),
    }),
  );

  app.put(
    '/admin/performers/:id/commission',
    {
      preHandler: adminOnly,
      schema: { tags, params, body: ZAdminCommission, response: { 200: dataOf(ZAdminPerformer) } },
    },
    async (req) => ({
      data: await admin.setCommission(ctx, {
        actor: actorOf(req),
        performerId: req.params.id,
        commissionPercentage: req.body.commissionPercentage,
      }),
    }),
  );
};
