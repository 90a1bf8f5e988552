import { dataOf, listOf, ZCardSubscription, ZCardSubscriptionParams } from '@fanstage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { actorOf, requireAuth } from '../../plugins/auth';
import * as cards from './card-subscriptions.service';

const tags = ['Subscriptions'];

/** A fan's card subscriptions: the list, one (the page polls it after paying), cancel at period end. */
export const cardSubscriptionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/payment/card-subscriptions',
    { preHandler: requireAuth, schema: { tags, response: { 200: listOf(ZCardSubscription) } } },
    async (req) => {
      const data = await cards.listMyCardSubscriptions(ctx, { actor: actorOf(req) });
      return { data, total: data.length };
    },
  );
  app.get(
    '/payment/card-subscriptions/:id',
    {
      preHandler: requireAuth,
      schema: { tags, params: ZCardSubscriptionParams, response: { 200: dataOf(ZCardSubscription) } },
    },
    async (req) => ({
      data: await cards.getMyCardSubscription(ctx, { actor: actorOf(req), id: req.params.id }),
    }),
  );
  app.post(
    '/payment/card-subscriptions/:id/cancel',
    {
      preHandler: requireAuth,
      schema: { tags, params: ZCardSubscriptionParams, response: { 200: dataOf(ZCardSubscription) } },
    },
    async (req) => ({
      data: await cards.cancelMyCardSubscription(ctx, { actor: actorOf(req), id: req.params.id }),
    }),
  );
};
