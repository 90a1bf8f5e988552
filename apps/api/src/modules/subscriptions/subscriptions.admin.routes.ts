import {
  dataOf,
  listOf,
  ZAdminCancelSubscription,
  ZAdminExtendSubscription,
  ZAdminGrantSubscription,
  ZAdminSubscriptionItem,
  ZAdminSubscriptionQuery,
  ZId,
} from '@fanstage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { actorOf, requireRole } from '../../plugins/auth';
import * as admin from './subscriptions.admin.service';

const tags = ['Admin'];
const params = z.object({ id: ZId });
const adminOnly = requireRole('admin');

/** Subscriptions in the admin console (issue 13); every change writes the audit log. */
export const subscriptionsAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/admin/subscriptions',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        querystring: ZAdminSubscriptionQuery,
        response: { 200: listOf(ZAdminSubscriptionItem) },
      },
    },
    async (req) => admin.searchAdminSubscriptions(ctx, { query: req.query }),
  );

  app.post(
    '/admin/subscriptions',
    {
      preHandler: adminOnly,
      schema: { tags, body: ZAdminGrantSubscription, response: { 200: dataOf(ZAdminSubscriptionItem) } },
    },
    async (req) => ({ data: await admin.grantSubscription(ctx, { actor: actorOf(req), input: req.body }) }),
  );

  app.post(
    '/admin/subscriptions/:id/extend',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        params,
        body: ZAdminExtendSubscription,
        response: { 200: dataOf(ZAdminSubscriptionItem) },
      },
    },
    async (req) => ({
      data: await admin.extendSubscription(ctx, { actor: actorOf(req), id: req.params.id, input: req.body }),
    }),
  );

  app.post(
    '/admin/subscriptions/:id/cancel',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        params,
        body: ZAdminCancelSubscription,
        response: { 200: dataOf(ZAdminSubscriptionItem) },
      },
    },
    async (req) => ({
      data: await admin.cancelAdminSubscription(ctx, {
        actor: actorOf(req),
        id: req.params.id,
        input: req.body,
      }),
    }),
  );
};
