import {
  dataOf,
  listOf,
  ZAddCardRequest,
  ZAppliedCoupon,
  ZApplyCouponRequest,
  ZCardProviderParams,
  ZCoupon,
  ZCouponCreateRequest,
  ZCouponParams,
  ZCouponSearchQuery,
  ZCouponUpdateRequest,
  ZId,
  ZOk,
  ZPaymentCard,
  ZPaymentGatewayInfo,
  ZPaymentOrder,
  ZPaymentOrderParams,
  ZPaymentOrderSearchQuery,
  ZSandboxPayRequest,
  ZTokenPackage,
  ZTokenPackageCreateRequest,
  ZTokenPackageSearchQuery,
  ZTokenPackageUpdateRequest,
  ZTopUp,
  ZTopUpRequest,
} from '@fanstage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { actorOf, requireAuth, requireRole } from '../../plugins/auth';
import { idempotencyKey, idempotencyOf, moneyRateLimit, replyIdempotent } from '../wallet';
import * as payments from './payments.service';
import { paymentWebhookRoutes } from './payments.webhooks';

const tags = ['Payments'];
const ZIdParams = z.object({ id: ZId });

export const paymentsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const admin = requireRole('admin');

  // ------------------------------------------------------------ token packages
  app.get(
    '/package/token/search',
    { schema: { tags, querystring: ZTokenPackageSearchQuery, response: { 200: listOf(ZTokenPackage) } } },
    async (req) => payments.searchTokenPackages(ctx, { query: req.query, includeInactive: false }),
  );
  app.get(
    '/admin/package/token/search',
    {
      preHandler: admin,
      schema: { tags, querystring: ZTokenPackageSearchQuery, response: { 200: listOf(ZTokenPackage) } },
    },
    async (req) => payments.searchTokenPackages(ctx, { query: req.query, includeInactive: true }),
  );
  app.post(
    '/admin/package/token',
    {
      preHandler: admin,
      schema: { tags, body: ZTokenPackageCreateRequest, response: { 200: dataOf(ZTokenPackage) } },
    },
    async (req) => ({
      data: await payments.createTokenPackage(ctx, { actor: actorOf(req), input: req.body }),
    }),
  );
  app.put(
    '/admin/package/token/:id',
    {
      preHandler: admin,
      schema: {
        tags,
        params: ZIdParams,
        body: ZTokenPackageUpdateRequest,
        response: { 200: dataOf(ZTokenPackage) },
      },
    },
    async (req) => ({
      data: await payments.updateTokenPackage(ctx, {
        actor: actorOf(req),
        id: req.params.id,
        input: req.body,
      }),
    }),
  );
  app.delete(
    '/admin/package/token/:id',
    { preHandler: admin, schema: { tags, params: ZIdParams, response: { 200: ZOk } } },
    async (req) => ({
      data: await payments.deleteTokenPackage(ctx, { actor: actorOf(req), id: req.params.id }),
    }),
  );

  // ------------------------------------------------------------ coupons
  app.post(
    '/coupons/:code/apply-coupon',
    {
      preHandler: requireAuth,
      config: { rateLimit: moneyRateLimit },
      schema: {
        tags,
        params: ZCouponParams,
        body: ZApplyCouponRequest,
        response: { 200: dataOf(ZAppliedCoupon) },
      },
    },
    async (req) => ({
      data: await payments.applyCoupon(ctx, { actor: actorOf(req), code: req.params.code, input: req.body }),
    }),
  );
  app.get(
    '/admin/coupons/search',
    {
      preHandler: admin,
      schema: { tags, querystring: ZCouponSearchQuery, response: { 200: listOf(ZCoupon) } },
    },
    async (req) => payments.searchCoupons(ctx, { query: req.query }),
  );
  app.post(
    '/admin/coupons',
    { preHandler: admin, schema: { tags, body: ZCouponCreateRequest, response: { 200: dataOf(ZCoupon) } } },
    async (req) => ({ data: await payments.createCoupon(ctx, { actor: actorOf(req), input: req.body }) }),
  );
  app.get(
    '/admin/coupons/:id',
    { preHandler: admin, schema: { tags, params: ZIdParams, response: { 200: dataOf(ZCoupon) } } },
    async (req) => ({ data: await payments.getCoupon(ctx, { id: req.params.id }) }),
  );
  app.put(
    '/admin/coupons/:id',
    {
      preHandler: admin,
      schema: { tags, params: ZIdParams, body: ZCouponUpdateRequest, response: { 200: dataOf(ZCoupon) } },
    },
    async (req) => ({
      data: await payments.updateCoupon(ctx, { actor: actorOf(req), id: req.params.id, input: req.body }),
    }),
  );
  app.delete(
    '/admin/coupons/:id',
    { preHandler: admin, schema: { tags, params: ZIdParams, response: { 200: ZOk } } },
    async (req) => ({ data: await payments.deleteCoupon(ctx, { actor: actorOf(req), id: req.params.id }) }),
  );

  // ------------------------------------------------------------ top-ups and orders
  app.post(
    '/payment/wallet/top-up',
    {
      preHandler: [requireAuth, idempotencyKey(ctx)],
      config: { rateLimit: moneyRateLimit },
      schema: { tags, body: ZTopUpRequest, response: { 200: dataOf(ZTopUp) } },
    },
    async (req, reply) =>
      replyIdempotent(reply, () =>
        payments.startTopUp(ctx, { actor: actorOf(req), input: req.body, idempotency: idempotencyOf(req) }),
      ),
  );
  app.get(
    '/payment/orders/:id',
    {
      preHandler: requireAuth,
      schema: { tags, params: ZPaymentOrderParams, response: { 200: dataOf(ZPaymentOrder) } },
    },
    async (req) => ({ data: await payments.getMyOrder(ctx, { actor: actorOf(req), id: req.params.id }) }),
  );
  app.post(
    '/payment/orders/:id/cancel',
    {
      preHandler: requireAuth,
      schema: { tags, params: ZPaymentOrderParams, response: { 200: dataOf(ZPaymentOrder) } },
    },
    async (req) => ({ data: await payments.cancelMyOrder(ctx, { actor: actorOf(req), id: req.params.id }) }),
  );
  app.get(
    '/payment/transactions/user/search',
    {
      preHandler: requireAuth,
      schema: { tags, querystring: ZPaymentOrderSearchQuery, response: { 200: listOf(ZPaymentOrder) } },
    },
    async (req) => payments.searchMyOrders(ctx, { actor: actorOf(req), query: req.query }),
  );
  app.post(
    '/payment/sandbox/checkout/:id/pay',
    {
      preHandler: requireAuth,
      config: { rateLimit: moneyRateLimit },
      schema: {
        tags,
        params: ZPaymentOrderParams,
        body: ZSandboxPayRequest,
        response: { 200: dataOf(ZPaymentOrder) },
      },
    },
    async (req) => ({
      data: await payments.paySandboxCheckout(ctx, {
        actor: actorOf(req),
        orderId: req.params.id,
        input: req.body,
      }),
    }),
  );

  app.get(
    '/payment/gateway',
    { schema: { tags, response: { 200: dataOf(ZPaymentGatewayInfo) } } },
    async () => ({ data: await payments.getGatewayInfo(ctx) }),
  );

  // ------------------------------------------------------------ saved cards
  app.get(
    '/payment-cards',
    { preHandler: requireAuth, schema: { tags, response: { 200: listOf(ZPaymentCard) } } },
    async (req) => {
      const data = await payments.listMyCards(ctx, { actor: actorOf(req) });
      return { data, total: data.length };
    },
  );
  app.post(
    '/:provider/cards',
    {
      preHandler: requireAuth,
      config: { rateLimit: moneyRateLimit },
      schema: {
        tags,
        params: ZCardProviderParams,
        body: ZAddCardRequest,
        response: { 200: dataOf(ZPaymentCard) },
      },
    },
    async (req) => ({
      data: await payments.addMyCard(ctx, {
        actor: actorOf(req),
        provider: req.params.provider,
        paymentMethodId: req.body.paymentMethodId,
      }),
    }),
  );
  app.delete(
    '/payment-cards/:id',
    { preHandler: requireAuth, schema: { tags, params: ZIdParams, response: { 200: ZOk } } },
    async (req) => ({ data: await payments.deleteMyCard(ctx, { actor: actorOf(req), id: req.params.id }) }),
  );

  await app.register(paymentWebhookRoutes, { ctx });
};
