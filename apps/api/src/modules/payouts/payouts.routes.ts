import {
  dataOf,
  listOf,
  ZBankingSettingsRequest,
  ZPaymentGatewaySettingsRequest,
  ZPayoutCalculation,
  ZPayoutPendingReview,
  ZPayoutRejectRequest,
  ZPayoutRequest,
  ZPayoutRequestCreate,
  ZPayoutRequestParams,
  ZPayoutRequestUpdate,
  ZPayoutSearchQuery,
  ZPayoutSettings,
  ZStripeAccountLink,
} from '@fanstage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { actorOf, requireAuth, requireRole } from '../../plugins/auth';
import { idempotencyKey, idempotencyOf, moneyRateLimit, replyIdempotent } from '../wallet';
import { connectStripeAccount } from './payouts.connect';
import * as payouts from './payouts.service';

const tags = ['Payouts'];

/** Creators' payout settings and requests, and the admin review of requests. */
export const payoutsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const admin = requireRole('admin');

  app.post(
    '/stripe/accounts',
    {
      preHandler: requireAuth,
      config: { rateLimit: moneyRateLimit },
      schema: { tags, response: { 200: dataOf(ZStripeAccountLink) } },
    },
    async (req) => ({ data: await connectStripeAccount(ctx, { actor: actorOf(req) }) }),
  );

  app.get(
    '/performers/payout-settings',
    { preHandler: requireAuth, schema: { tags, response: { 200: dataOf(ZPayoutSettings) } } },
    async (req) => ({ data: await payouts.getMyPayoutSettings(ctx, { actor: actorOf(req) }) }),
  );

  app.put(
    '/performers/banking-settings',
    {
      preHandler: requireAuth,
      schema: { tags, body: ZBankingSettingsRequest, response: { 200: dataOf(ZPayoutSettings) } },
    },
    async (req) => ({
      data: await payouts.updateBankingSettings(ctx, { actor: actorOf(req), input: req.body }),
    }),
  );

  app.put(
    '/performers/payment-gateway-settings',
    {
      preHandler: requireAuth,
      schema: { tags, body: ZPaymentGatewaySettingsRequest, response: { 200: dataOf(ZPayoutSettings) } },
    },
    async (req) => ({
      data: await payouts.updatePaymentGatewaySettings(ctx, { actor: actorOf(req), input: req.body }),
    }),
  );

  app.post(
    '/payout-requests/calculate',
    { preHandler: requireAuth, schema: { tags, response: { 200: dataOf(ZPayoutCalculation) } } },
    async (req) => ({ data: await payouts.calculatePayout(ctx, { actor: actorOf(req) }) }),
  );

  app.post(
    '/payout-requests',
    {
      preHandler: [requireAuth, idempotencyKey(ctx)],
      config: { rateLimit: moneyRateLimit },
      schema: { tags, body: ZPayoutRequestCreate, response: { 200: dataOf(ZPayoutRequest) } },
    },
    async (req, reply) =>
      replyIdempotent(reply, () =>
        payouts.createPayoutRequest(ctx, {
          actor: actorOf(req),
          input: req.body,
          idempotency: idempotencyOf(req),
        }),
      ),
  );

  app.get(
    '/payout-requests/search',
    {
      preHandler: requireAuth,
      schema: { tags, querystring: ZPayoutSearchQuery, response: { 200: listOf(ZPayoutRequest) } },
    },
    async (req) => payouts.searchMyPayoutRequests(ctx, { actor: actorOf(req), query: req.query }),
  );

  app.get(
    '/payout-requests/check/pending-review',
    { preHandler: requireAuth, schema: { tags, response: { 200: dataOf(ZPayoutPendingReview) } } },
    async (req) => ({ data: await payouts.checkPendingReview(ctx, { actor: actorOf(req) }) }),
  );

  app.get(
    '/payout-requests/:id/view',
    {
      preHandler: requireAuth,
      schema: { tags, params: ZPayoutRequestParams, response: { 200: dataOf(ZPayoutRequest) } },
    },
    async (req) => ({
      data: await payouts.viewPayoutRequest(ctx, { actor: actorOf(req), id: req.params.id }),
    }),
  );

  app.put(
    '/payout-requests/:id',
    {
      preHandler: requireAuth,
      config: { rateLimit: moneyRateLimit },
      schema: {
        tags,
        params: ZPayoutRequestParams,
        body: ZPayoutRequestUpdate,
        response: { 200: dataOf(ZPayoutRequest) },
      },
    },
    async (req) => ({
      data: await payouts.updatePayoutRequest(ctx, {
        actor: actorOf(req),
        id: req.params.id,
        input: req.body,
      }),
    }),
  );

  app.get(
    '/admin/payout-requests/search',
    {
      preHandler: admin,
      schema: { tags, querystring: ZPayoutSearchQuery, response: { 200: listOf(ZPayoutRequest) } },
    },
    async (req) => payouts.adminSearchPayoutRequests(ctx, { query: req.query }),
  );

  app.post(
    '/admin/payout-requests/:id/approve',
    {
      preHandler: admin,
      schema: { tags, params: ZPayoutRequestParams, response: { 200: dataOf(ZPayoutRequest) } },
    },
    async (req) => ({
      data: await payouts.approvePayoutRequest(ctx, { actor: actorOf(req), id: req.params.id }),
    }),
  );

  app.post(
    '/admin/payout-requests/:id/reject',
    {
      preHandler: admin,
      config: { rateLimit: moneyRateLimit },
      schema: {
        tags,
        params: ZPayoutRequestParams,
        body: ZPayoutRejectRequest,
        response: { 200: dataOf(ZPayoutRequest) },
      },
    },
    async (req) => ({
      data: await payouts.rejectPayoutRequest(ctx, {
        actor: actorOf(req),
        id: req.params.id,
        input: req.body,
      }),
    }),
  );

  app.post(
    '/admin/payout-requests/:id/mark-paid',
    {
      preHandler: [admin, idempotencyKey(ctx)],
      config: { rateLimit: moneyRateLimit },
      schema: { tags, params: ZPayoutRequestParams, response: { 200: dataOf(ZPayoutRequest) } },
    },
    async (req, reply) =>
      replyIdempotent(reply, () =>
        payouts.markPayoutRequestPaid(ctx, {
          actor: actorOf(req),
          id: req.params.id,
          idempotency: idempotencyOf(req),
        }),
      ),
  );
};
