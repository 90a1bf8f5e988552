import {
  dataOf,
  listOf,
  ZDownloadLink,
  ZOrder,
  ZOrderAddressUpdate,
  ZOrderParams,
  ZOrderRefund,
  ZOrderSearchQuery,
  ZOrderUpdate,
  ZProductCharge,
  ZProductChargeRequest,
  ZPurchaseParams,
} from '@fanstage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { actorOf, requireAuth, requireRole } from '../../plugins/auth';
import { countryOf } from '../access/geo';
import { idempotencyKey, idempotencyOf, moneyRateLimit, replyIdempotent } from '../wallet';
import * as orders from './orders.service';

const tags = ['Orders'];

/** The product charge, orders of buyers and sellers, digital downloads and admin refunds. */
export const ordersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/wallet/charges/product/:id',
    {
      preHandler: [requireAuth, idempotencyKey(ctx)],
      config: { rateLimit: moneyRateLimit },
      schema: {
        tags: ['Wallet', ...tags],
        params: ZPurchaseParams,
        body: ZProductChargeRequest,
        response: { 200: dataOf(ZProductCharge) },
      },
    },
    async (req, reply) =>
      replyIdempotent(reply, async () =>
        orders.chargeProduct(ctx, {
          actor: actorOf(req),
          country: await countryOf(ctx, req),
          id: req.params.id,
          input: req.body,
          idempotency: idempotencyOf(req),
        }),
      ),
  );

  app.get(
    '/orders/search',
    {
      preHandler: requireAuth,
      schema: { tags, querystring: ZOrderSearchQuery, response: { 200: listOf(ZOrder) } },
    },
    async (req) => orders.searchSellerOrders(ctx, { actor: actorOf(req), query: req.query }),
  );

  app.get(
    '/orders/users/search',
    {
      preHandler: requireAuth,
      schema: { tags, querystring: ZOrderSearchQuery, response: { 200: listOf(ZOrder) } },
    },
    async (req) => orders.searchBuyerOrders(ctx, { actor: actorOf(req), query: req.query }),
  );

  app.get(
    '/orders/:id',
    { preHandler: requireAuth, schema: { tags, params: ZOrderParams, response: { 200: dataOf(ZOrder) } } },
    async (req) => ({ data: await orders.getOrder(ctx, { actor: actorOf(req), id: req.params.id }) }),
  );

  app.put(
    '/orders/:id/update',
    {
      preHandler: requireAuth,
      schema: { tags, params: ZOrderParams, body: ZOrderUpdate, response: { 200: dataOf(ZOrder) } },
    },
    async (req) => ({
      data: await orders.updateOrderDelivery(ctx, {
        actor: actorOf(req),
        id: req.params.id,
        input: req.body,
      }),
    }),
  );

  app.put(
    '/orders/:id/update/delivery-address',
    {
      preHandler: requireAuth,
      schema: { tags, params: ZOrderParams, body: ZOrderAddressUpdate, response: { 200: dataOf(ZOrder) } },
    },
    async (req) => ({
      data: await orders.updateOrderAddress(ctx, { actor: actorOf(req), id: req.params.id, input: req.body }),
    }),
  );

  app.get(
    '/performer-assets/products/:id/download-link',
    {
      preHandler: requireAuth,
      schema: { tags, params: ZPurchaseParams, response: { 200: dataOf(ZDownloadLink) } },
    },
    async (req) => ({
      data: await orders.getDownloadLink(ctx, { actor: actorOf(req), productId: req.params.id }),
    }),
  );

  app.get(
    '/admin/orders/search',
    {
      preHandler: requireRole('admin'),
      schema: { tags, querystring: ZOrderSearchQuery, response: { 200: listOf(ZOrder) } },
    },
    async (req) => orders.adminSearchOrders(ctx, { query: req.query }),
  );

  app.post(
    '/admin/orders/:id/refund',
    {
      preHandler: [requireRole('admin'), idempotencyKey(ctx)],
      config: { rateLimit: moneyRateLimit },
      schema: { tags, params: ZOrderParams, response: { 200: dataOf(ZOrderRefund) } },
    },
    async (req, reply) =>
      replyIdempotent(reply, () =>
        orders.refundOrder(ctx, { actor: actorOf(req), id: req.params.id, idempotency: idempotencyOf(req) }),
      ),
  );
};
