import {
  dataOf,
  listOf,
  ZAdminEarning,
  ZAdminEarningQuery,
  ZAdminTransaction,
  ZAdminTransactionQuery,
  ZChargeRefund,
  ZChargeRefundParams,
  ZChargeRefundRequest,
  ZLedgerReconciliation,
} from '@fanstage/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { actorOf, requireRole } from '../../plugins/auth';
import * as admin from './wallet.admin.service';
import { idempotencyKey, idempotencyOf, replyIdempotent } from './wallet.idempotency';
import { refundCharge } from './wallet.refunds';
import { moneyRateLimit } from './wallet.routes';

const tags = ['Admin'];
/** Checked before the query is validated: a fan or a visitor learns nothing from a bad query. */
const adminOnly = requireRole('admin');

const sendCsv = (reply: FastifyReply, name: string, csv: string) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store')
    .send(csv);

/** The ledger screen: reconciliation, every transaction and every earning (admins only). */
export const walletAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/admin/ledger/reconciliation',
    { preValidation: adminOnly, schema: { tags, response: { 200: dataOf(ZLedgerReconciliation) } } },
    async () => ({ data: await admin.getLedgerReconciliation(ctx) }),
  );

  app.get(
    '/admin/transactions',
    {
      preValidation: adminOnly,
      schema: { tags, querystring: ZAdminTransactionQuery, response: { 200: listOf(ZAdminTransaction) } },
    },
    async (req) => admin.searchTransactions(ctx, { query: req.query }),
  );

  app.get(
    '/admin/transactions.csv',
    { preValidation: adminOnly, schema: { tags, querystring: ZAdminTransactionQuery } },
    async (req, reply) =>
      sendCsv(reply, 'transactions.csv', await admin.exportTransactionsCsv(ctx, { query: req.query })),
  );

  app.get(
    '/admin/earnings',
    {
      preValidation: adminOnly,
      schema: { tags, querystring: ZAdminEarningQuery, response: { 200: listOf(ZAdminEarning) } },
    },
    async (req) => admin.searchEarnings(ctx, { query: req.query }),
  );

  app.get(
    '/admin/earnings.csv',
    { preValidation: adminOnly, schema: { tags, querystring: ZAdminEarningQuery } },
    async (req, reply) =>
      sendCsv(reply, 'earnings.csv', await admin.exportEarningsCsv(ctx, { query: req.query })),
  );

  app.post(
    '/admin/transactions/:id/refund',
    {
      preValidation: adminOnly,
      preHandler: idempotencyKey(ctx),
      config: { rateLimit: moneyRateLimit },
      schema: {
        tags,
        params: ZChargeRefundParams,
        body: ZChargeRefundRequest,
        response: { 200: dataOf(ZChargeRefund) },
      },
    },
    async (req, reply) =>
      replyIdempotent(reply, () =>
        refundCharge(ctx, {
          actor: actorOf(req),
          transactionId: req.params.id,
          input: req.body,
          idempotency: idempotencyOf(req),
        }),
      ),
  );
};
