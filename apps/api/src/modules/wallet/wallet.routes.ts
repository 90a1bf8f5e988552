import {
  dataOf,
  listOf,
  purchasableTypes,
  ZAdminCredit,
  ZAdminCreditRequest,
  ZCharge,
  ZChargeListItem,
  ZChargeSearchQuery,
  ZPurchaseParams,
  ZPurchaseRequest,
  ZStatementLine,
  ZStatementQuery,
  ZTipParams,
  ZTipRequest,
} from '@fanstage/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { actorOf, requireAuth, requireRole } from '../../plugins/auth';
import { countryOf } from '../access/geo';
import { idempotencyKey, idempotencyOf, replyIdempotent } from './wallet.idempotency';
import * as wallet from './wallet.service';

const tags = ['Wallet'];

/**
 * Money routes are limited per account (not per IP: many fans share one address), generously enough
 * for a busy live stream of tips.
 */
export const moneyRateLimit = {
  max: 300,
  timeWindow: '1 minute',
  keyGenerator: (req: FastifyRequest) => (req.actor ? `money:${req.actor.id}` : `money-ip:${req.ip}`),
};

export const walletRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // A tip or a purchase is the one statement wallet_charge, which replays a stored answer itself.
  // A tip from a chat or a show checks the chat or the show before that statement: its replay is
  // answered first here, so it stands though the show has ended since.
  const tipMoney = [
    requireAuth,
    idempotencyKey(ctx, {
      storedAnswerFirst: (req) => {
        const body = req.body as { conversationId?: unknown; streamId?: unknown } | undefined;
        return body?.conversationId !== undefined || body?.streamId !== undefined;
      },
    }),
  ];
  const purchaseMoney = [requireAuth, idempotencyKey(ctx, { storedAnswerFirst: false })];

  app.post(
    '/wallet/charges/tip/:performerId',
    {
      preHandler: tipMoney,
      config: { rateLimit: moneyRateLimit },
      schema: { tags, params: ZTipParams, body: ZTipRequest, response: { 200: dataOf(ZCharge) } },
    },
    async (req, reply) =>
      replyIdempotent(reply, async () =>
        wallet.chargeTip(ctx, {
          actor: actorOf(req),
          country: await countryOf(ctx, req),
          performerId: req.params.performerId,
          input: req.body,
          idempotency: idempotencyOf(req),
        }),
      ),
  );

  // One route per type, so the types not sold this way (product) answer 404.
  for (const type of purchasableTypes) {
    app.post(
      `/wallet/charges/${type}/:id`,
      {
        preHandler: purchaseMoney,
        config: { rateLimit: moneyRateLimit },
        schema: { tags, params: ZPurchaseParams, body: ZPurchaseRequest, response: { 200: dataOf(ZCharge) } },
      },
      async (req, reply) =>
        replyIdempotent(reply, async () =>
          wallet.chargePurchase(ctx, {
            actor: actorOf(req),
            country: await countryOf(ctx, req),
            type,
            id: req.params.id,
            idempotency: idempotencyOf(req),
          }),
        ),
    );
  }

  app.get(
    '/wallet/charges/search',
    {
      preHandler: requireAuth,
      schema: { tags, querystring: ZChargeSearchQuery, response: { 200: listOf(ZChargeListItem) } },
    },
    async (req) => wallet.searchMyCharges(ctx, { actor: actorOf(req), query: req.query }),
  );

  app.get(
    '/wallet/transactions',
    {
      preHandler: requireAuth,
      schema: { tags, querystring: ZStatementQuery, response: { 200: listOf(ZStatementLine) } },
    },
    async (req) => wallet.listMyStatement(ctx, { actor: actorOf(req), query: req.query }),
  );

  app.get(
    '/wallet/transactions/export.csv',
    {
      preHandler: requireAuth,
      schema: { tags, querystring: ZStatementQuery.omit({ offset: true, limit: true }) },
    },
    async (req, reply) => {
      const csv = await wallet.exportMyStatementCsv(ctx, { actor: actorOf(req), query: req.query });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="statement.csv"')
        .send(csv);
    },
  );

  app.post(
    '/admin/wallet/credit',
    {
      preHandler: [requireRole('admin'), idempotencyKey(ctx)],
      config: { rateLimit: moneyRateLimit },
      schema: { tags, body: ZAdminCreditRequest, response: { 200: dataOf(ZAdminCredit) } },
    },
    async (req, reply) =>
      replyIdempotent(reply, () =>
        wallet.adminCreditWallet(ctx, {
          actor: actorOf(req),
          input: req.body,
          idempotency: idempotencyOf(req),
        }),
      ),
  );
};
