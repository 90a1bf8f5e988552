import {
  dataOf,
  listOf,
  ZCancelSubscriptionParams,
  ZCardCheckout,
  ZMySubscriptionParams,
  ZPerformerSubscriberItem,
  ZPerformerSubscriberSearchQuery,
  ZSiteMembership,
  ZSiteSubscription,
  ZSubscribePerformerRequest,
  ZSubscribeResult,
  ZSubscribeSiteRequest,
  ZSubscription,
  ZSubscriptionPackage,
  ZUserSubscriptionItem,
  ZUserSubscriptionSearchQuery,
} from '@fanstage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { actorOf, requireAuth } from '../../plugins/auth';
import { countryOf } from '../access/geo';
import { idempotencyKey, idempotencyOf, moneyRateLimit, replyIdempotent } from '../wallet';
import { cardSubscriptionRoutes } from './card-subscriptions.routes';
import * as subscriptions from './subscriptions.service';

const tags = ['Subscriptions'];

export const subscriptionsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const money = [requireAuth, idempotencyKey(ctx)];
  await app.register(cardSubscriptionRoutes, { ctx });

  app.post(
    '/payment/subscribe/performers',
    {
      preHandler: money,
      config: { rateLimit: moneyRateLimit },
      schema: {
        tags,
        body: ZSubscribePerformerRequest,
        response: { 200: dataOf(z.union([ZSubscribeResult, ZCardCheckout])) },
      },
    },
    async (req, reply) =>
      replyIdempotent(reply, async () =>
        subscriptions.subscribePerformer(ctx, {
          actor: actorOf(req),
          country: await countryOf(ctx, req),
          input: req.body,
          idempotency: idempotencyOf(req),
        }),
      ),
  );

  app.post(
    '/payment/subscribe/site',
    {
      preHandler: money,
      config: { rateLimit: moneyRateLimit },
      schema: {
        tags,
        body: ZSubscribeSiteRequest,
        response: { 200: dataOf(z.union([ZSiteSubscription, ZCardCheckout])) },
      },
    },
    async (req, reply) =>
      replyIdempotent(reply, () =>
        subscriptions.subscribeSite(ctx, {
          actor: actorOf(req),
          paymentMethod: req.body?.paymentMethod ?? 'wallet',
          paymentCardId: req.body?.paymentCardId,
          idempotency: idempotencyOf(req),
        }),
      ),
  );

  app.get(
    '/payment/site-subscription',
    { preHandler: requireAuth, schema: { tags, response: { 200: dataOf(ZSiteMembership) } } },
    async (req) => ({ data: await subscriptions.getSiteMembership(ctx, { actor: actorOf(req) }) }),
  );

  app.post(
    '/payment/site-subscription/cancel',
    { preHandler: requireAuth, schema: { tags, response: { 200: dataOf(ZSiteMembership) } } },
    async (req) => ({ data: await subscriptions.cancelSiteRenewal(ctx, { actor: actorOf(req) }) }),
  );

  app.post(
    '/payment/:provider/cancel-subscription/:id',
    {
      preHandler: requireAuth,
      schema: { tags, params: ZCancelSubscriptionParams, response: { 200: dataOf(ZSubscription) } },
    },
    async (req) => ({
      data: await subscriptions.cancelSubscription(ctx, { actor: actorOf(req), id: req.params.id }),
    }),
  );

  app.get(
    '/subscriptions/user/search',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        querystring: ZUserSubscriptionSearchQuery,
        response: { 200: listOf(ZUserSubscriptionItem) },
      },
    },
    async (req) => subscriptions.searchUserSubscriptions(ctx, { actor: actorOf(req), query: req.query }),
  );

  app.get(
    '/subscriptions/performer/search',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        querystring: ZPerformerSubscriberSearchQuery,
        response: { 200: listOf(ZPerformerSubscriberItem) },
      },
    },
    async (req) => subscriptions.searchPerformerSubscribers(ctx, { actor: actorOf(req), query: req.query }),
  );

  app.get(
    '/subscriptions/performers/:performerId/mine',
    {
      preHandler: requireAuth,
      schema: { tags, params: ZMySubscriptionParams, response: { 200: dataOf(ZSubscription.nullable()) } },
    },
    async (req) => ({
      data: await subscriptions.getMySubscription(ctx, {
        actor: actorOf(req),
        country: await countryOf(ctx, req),
        performerId: req.params.performerId,
      }),
    }),
  );

  app.get(
    '/subscription-packages',
    { schema: { tags, response: { 200: listOf(ZSubscriptionPackage) } } },
    async () => {
      const data = await subscriptions.listSubscriptionPackages(ctx);
      return { data, total: data.length };
    },
  );
};
