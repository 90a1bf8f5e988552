import {
  formatAmount,
  fromCents,
  type TAdminCredit,
  type TAdminCreditRequest,
  type TCharge,
  type TChargeListItem,
  type TChargeSearchQuery,
  type TStatementLine,
  type TStatementQuery,
  type TTipRequest,
  toCents,
} from '@fanstage/contract';
import type { EarningSource, LedgerTransactionKind, Transaction } from '@fanstage/db';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/app-error';
import { toCsv } from '../../lib/csv';
import { recordAudit } from '../audit/audit';
import type { Actor } from '../auth/sessions';
import type { NewMessageRow } from '../messages/messages.repo';
import { addTipMessage } from '../messages/messages.service';
import { announceNewMessage } from '../messages/messages.socket';
import { notify } from '../notifications/notifications.service';
import { findVisiblePerformer } from '../performers/performers.access';
import { addStreamTipMessage, announceStreamTip, assertCanTipInShow } from '../streaming/streaming.chat';
import { forgetAccounts } from '../users/account-cache';
import {
  type ChargeOptions,
  chargeInOneStatement,
  chargeOnItsOwn,
  tipTooHigh,
  tipTooLow,
} from './wallet.charge';
import { type IdempotencyScope, withIdempotency } from './wallet.idempotency';
import {
  accountIdOf,
  creatorEarnings,
  fanWallet,
  inMoneyTransaction,
  platformRevenue,
  postTransaction,
} from './wallet.ledger';
import {
  findCreatorCommission,
  findUserRole,
  insertEarning,
  listAccountEntries,
  searchFanCharges,
} from './wallet.repo';

/**
 * The platform's share of a gross amount at a rate (0..1), in whole cents rounded half up; the
 * creator gets the rest. Integer arithmetic, so 0.3 of 5 cents is 2, never 1 by float error.
 */
export function splitCommission(
  grossCents: number,
  rate: number,
): { commissionCents: number; netCents: number } {
  const ppm = BigInt(Math.round(rate * 1_000_000));
  const commission = (BigInt(grossCents) * ppm + 500_000n) / 1_000_000n;
  const commissionCents = Number(commission);
  return { commissionCents, netCents: grossCents - commissionCents };
}

export interface ChargeFanOptions {
  fanId: string;
  performerId: string;
  grossCents: number;
  source: EarningSource;
  /** The item paid for; null for tips. */
  sourceId: string | null;
  /** settings.performerCommission, read before the transaction (the creator's own rate wins). */
  defaultCommissionRate: number;
  kind?: LedgerTransactionKind;
  reference?: string;
  /** Makes the charge happen once per key (a renewal period, say). */
  ledgerIdempotencyKey?: string;
  metadata?: Record<string, unknown>;
  now: Date;
}

export interface ChargeResult {
  transactionId: string;
  /** False when `ledgerIdempotencyKey` had been charged already. */
  isNew: boolean;
  /** The fan's wallet after the charge, in cents. */
  balanceCents: number;
  grossCents: number;
  commissionCents: number;
  netCents: number;
}

/**
 * Charges a fan's wallet for something a creator sells, inside the caller's transaction: conditional
 * debit (422 "insufficient balance" when short), entries fan −gross / creator +net / platform
 * +commission, and the earning row. Subscriptions, messages, streams and calls call this.
 */
export async function chargeFan(tx: Transaction, options: ChargeFanOptions): Promise<ChargeResult> {
  if (!Number.isSafeInteger(options.grossCents) || options.grossCents <= 0) {
    throw new Error(`a charge needs a positive amount in cents, got ${options.grossCents}`);
  }
  const rate = (await findCreatorCommission(tx, options.performerId)) ?? options.defaultCommissionRate;
  const { commissionCents, netCents } = splitCommission(options.grossCents, rate);
  const posted = await postTransaction(tx, {
    kind: options.kind ?? 'charge',
    reference: options.reference ?? `${options.source}:${options.sourceId ?? options.performerId}`,
    initiatorId: options.fanId,
    idempotencyKey: options.ledgerIdempotencyKey,
    metadata: { source: options.source, ...options.metadata },
    lines: [
      { account: fanWallet(options.fanId), amountCents: -options.grossCents },
      { account: creatorEarnings(options.performerId), amountCents: netCents },
      { account: platformRevenue, amountCents: commissionCents },
    ],
    now: options.now,
  });
  if (posted.isNew) {
    await insertEarning(tx, {
      transactionId: posted.transactionId,
      performerId: options.performerId,
      fanId: options.fanId,
      sourceType: options.source,
      sourceId: options.sourceId,
      grossCents: options.grossCents,
      commissionRate: rate,
      commissionCents,
      netCents,
      createdAt: options.now,
    });
  }
  return {
    transactionId: posted.transactionId,
    isNew: posted.isNew,
    balanceCents: posted.walletBalances.get(options.fanId) ?? 0,
    grossCents: options.grossCents,
    commissionCents,
    netCents,
  };
}

/**
 * Tips a creator the actor may see, within the site's tip limits, from the actor's wallet. A plain
 * tip is one statement (`wallet_charge`); a tip from a chat or a show also writes its message, in
 * the same transaction as the money.
 */
export async function chargeTip(
  ctx: AppContext,
  options: {
    actor: Actor;
    country: string | null;
    performerId: string;
    input: TTipRequest;
    idempotency: IdempotencyScope | null;
  },
): Promise<TCharge> {
  const { actor, country, input } = options;
  const settings = await ctx.settings.getAll();
  const tipLimits = { minimum: settings.minimumTipPrice, maximum: settings.maximumTipPrice };
  const now = ctx.clock.now();
  const chargeOf = (performerId: string): ChargeOptions => ({
    actor,
    kind: 'tip',
    country,
    now,
    defaultCommissionRate: settings.performerCommission,
    idempotency: options.idempotency,
    performerId,
    amountCents: toCents(input.amount),
    tipLimits,
    reference: `tip:${performerId}`,
    metadata: {
      ...(input.conversationId ? { conversationId: input.conversationId } : {}),
      ...(input.streamId ? { streamId: input.streamId } : {}),
    },
  });
  if (!input.conversationId && !input.streamId) {
    const { charge: result } = await chargeOnItsOwn(ctx.db, chargeOf(options.performerId));
    announceBalance(ctx, actor.id, result.balance);
    await tellTip(ctx, { actor, performerId: result.performerId, amount: result.amount, where: '' });
    return result;
  }

  const performer = await findVisiblePerformer(ctx, { actor, country, idOrUsername: options.performerId });
  if (performer.user.id === actor.id) throw new AppError('UNPROCESSABLE', 'You cannot tip yourself.');
  if (input.amount < tipLimits.minimum) throw tipTooLow(tipLimits.minimum);
  if (input.amount > tipLimits.maximum) throw tipTooHigh(tipLimits.maximum);
  if (input.conversationId && input.streamId) {
    throw new AppError('UNPROCESSABLE', 'A tip is sent from a chat or from a live show, not both.');
  }
  const performerId = performer.user.id;
  // A tip from a show needs the show's gate (entitled, live, this creator's) before any money moves.
  const show = input.streamId
    ? await assertCanTipInShow(ctx, { actor, sessionId: input.streamId, performerId })
    : null;
  const tip: { message: NewMessageRow | null; streamMessageId: string | null } = {
    message: null,
    streamMessageId: null,
  };
  const result = await inMoneyTransaction(ctx, async (tx) => {
    tip.message = null;
    tip.streamMessageId = null;
    const { charge: charged, grossCents } = await chargeInOneStatement(tx, chargeOf(performerId));
    // A tip from a chat appears there as a "tipped" message, in the same transaction as the money.
    if (input.conversationId) {
      tip.message = await addTipMessage(tx, {
        conversationId: input.conversationId,
        fanId: actor.id,
        performerId,
        amountCents: grossCents,
        now,
      });
    }
    if (show) {
      const message = await addStreamTipMessage(tx, {
        conversationId: show.conversationId,
        fanId: actor.id,
        amountCents: grossCents,
        now,
      });
      tip.streamMessageId = message.id;
    }
    return charged;
  });
  announceBalance(ctx, actor.id, result.balance);
  if (tip.message)
    await announceNewMessage(ctx, { message: tip.message, recipientId: performerId, files: [] });
  if (show && tip.streamMessageId)
    await announceStreamTip(ctx, { sessionId: show.sessionId, messageId: tip.streamMessageId });
  await tellTip(ctx, {
    actor,
    performerId,
    amount: result.amount,
    where: show ? ' during your live show' : ' in your messages',
  });
  return result;
}

/** Tells the creator about a tip that moved money (a replayed Idempotency-Key never gets here). */
async function tellTip(
  ctx: AppContext,
  options: { actor: Actor; performerId: string; amount: number; where: string },
): Promise<void> {
  const fan = options.actor.user?.username ?? options.actor.user?.name ?? 'A fan';
  await notify(ctx, {
    userIds: options.performerId,
    type: 'tip.received',
    title: `${fan} sent you a tip`,
    text: `${fan} tipped you ${formatAmount(options.amount)}${options.where}.`,
    link: '/creator/earnings',
  });
}

/** The payer's wallet balance, live to their open pages, after a charge committed. */
export function announceBalance(ctx: AppContext, userId: string, balance: number): void {
  forgetAccounts(ctx, [userId]);
  try {
    ctx.realtime.toUser(userId, 'wallet/balance', { balance });
  } catch (err) {
    ctx.log.warn({ err }, 'could not send the wallet balance');
  }
}

/**
 * Buys a post, video, gallery, paid message or live show session once at its price, in one
 * statement (`wallet_charge`): it must be visible to the actor (else 404; a message only to the
 * members of its conversation; a show only to its creator's subscribers, else 403; a creator who
 * blocked the fan: 403 first) and for sale above zero (a show: while it is live); buying twice is
 * 409 and charges nothing; a creator cannot buy their own. A new show is a new id, so a new purchase.
 */
export async function chargePurchase(
  ctx: AppContext,
  options: {
    actor: Actor;
    country: string | null;
    type: 'feed' | 'video' | 'gallery' | 'message' | 'stream';
    id: string;
    idempotency: IdempotencyScope | null;
  },
): Promise<TCharge> {
  const { actor, type, id } = options;
  const settings = await ctx.settings.getAll();
  const { charge } = await chargeOnItsOwn(ctx.db, {
    actor,
    kind: type,
    country: options.country,
    now: ctx.clock.now(),
    defaultCommissionRate: settings.performerCommission,
    idempotency: options.idempotency,
    targetId: id,
    reference: `${type}:${id}`,
  });
  announceBalance(ctx, actor.id, charge.balance);
  return charge;
}

const dateOf = (iso: string | undefined) => (iso ? new Date(iso) : undefined);

/** The actor's own charges, newest first. */
export async function searchMyCharges(
  ctx: AppContext,
  options: { actor: Actor; query: TChargeSearchQuery },
): Promise<{ data: TChargeListItem[]; total: number }> {
  const { query } = options;
  const { rows, total } = await searchFanCharges(ctx.db.db, {
    fanId: options.actor.id,
    type: query.type,
    from: dateOf(query.fromDate),
    to: dateOf(query.toDate),
    offset: query.offset,
    limit: query.limit,
  });
  return {
    data: rows.map(({ earning, performer }) => ({
      _id: earning.transactionId,
      type: earning.sourceType,
      targetId: earning.sourceId,
      performer: { _id: performer.id, name: performer.name, username: performer.username },
      amount: fromCents(earning.grossCents),
      createdAt: earning.createdAt.toISOString(),
    })),
    total,
  };
}

/** Which account a statement shows: the wallet, or a creator's earnings (the default for creators). */
function statementAccountOf(actor: Actor, account: TStatementQuery['account']) {
  const wanted = account ?? (actor.role === 'performer' ? 'earnings' : 'wallet');
  if (wanted === 'earnings' && actor.role !== 'performer') {
    throw new AppError('FORBIDDEN', 'Only creators have an earnings statement.');
  }
  return accountIdOf(wanted === 'earnings' ? creatorEarnings(actor.id) : fanWallet(actor.id));
}

/** The actor's ledger history (wallet or earnings), newest first. */
export async function listMyStatement(
  ctx: AppContext,
  options: { actor: Actor; query: TStatementQuery },
): Promise<{ data: TStatementLine[]; total: number }> {
  const { query } = options;
  const { rows, total } = await listAccountEntries(ctx.db.db, {
    accountId: statementAccountOf(options.actor, query.account),
    from: dateOf(query.fromDate),
    to: dateOf(query.toDate),
    offset: query.offset,
    limit: query.limit,
  });
  return {
    data: rows.map((r) => ({
      _id: String(r.id),
      transactionId: r.transactionId,
      kind: r.kind,
      reference: r.reference,
      amount: fromCents(r.amountCents),
      createdAt: r.createdAt.toISOString(),
    })),
    total,
  };
}

/** Most lines a CSV export holds; narrow the dates for more. */
export const statementExportLimit = 10_000;

/** The statement as CSV (header row first), for the same filters as the JSON list. */
export async function exportMyStatementCsv(
  ctx: AppContext,
  options: { actor: Actor; query: Omit<TStatementQuery, 'offset' | 'limit'> },
): Promise<string> {
  const { data } = await listMyStatement(ctx, {
    actor: options.actor,
    query: { ...options.query, offset: 0, limit: statementExportLimit },
  });
  return toCsv([
    ['date', 'transaction', 'kind', 'reference', 'amount'],
    ...data.map((l) => [l.createdAt, l.transactionId, l.kind, l.reference ?? '', l.amount.toFixed(2)]),
  ]);
}

/**
 * Credits a wallet paid by the platform (tests, the demo, goodwill) through the ledger. With
 * `ledgerKey` it happens once per key, whoever calls.
 */
export async function grantWalletCredit(
  ctx: AppContext,
  options: {
    userId: string;
    amountCents: number;
    reason: string;
    initiatorId: string | null;
    idempotency?: IdempotencyScope | null;
    ledgerKey?: string;
    /** The initiator is an admin acting by hand: write the audit log. */
    auditAsAdmin?: boolean;
  },
): Promise<TAdminCredit> {
  const user = await findUserRole(ctx.db.db, options.userId);
  if (!user) throw notFound('That account');
  const now = ctx.clock.now();
  return inMoneyTransaction(ctx, (tx) =>
    withIdempotency(tx, options.idempotency ?? null, async () => {
      const posted = await postTransaction(tx, {
        kind: 'admin_credit',
        reference: `user:${options.userId}`,
        initiatorId: options.initiatorId,
        idempotencyKey: options.ledgerKey,
        metadata: { reason: options.reason },
        lines: [
          { account: platformRevenue, amountCents: -options.amountCents },
          { account: fanWallet(options.userId), amountCents: options.amountCents },
        ],
        now,
      });
      const balanceCents = posted.walletBalances.get(options.userId) ?? 0;
      // A credit an admin gives is on the audit log, in the same transaction as the money.
      if (options.initiatorId && options.auditAsAdmin) {
        await recordAudit(tx, {
          actorId: options.initiatorId,
          action: 'wallet.credit',
          targetType: 'user',
          targetId: options.userId,
          before: { balanceCents: balanceCents - options.amountCents },
          after: {
            balanceCents,
            creditedCents: options.amountCents,
            ledgerTransactionId: posted.transactionId,
          },
          reason: options.reason,
        });
      }
      return {
        _id: posted.transactionId,
        userId: options.userId,
        amount: fromCents(options.amountCents),
        balance: fromCents(balanceCents),
        createdAt: now.toISOString(),
      };
    }),
  );
}

/** `POST /admin/wallet/credit`. */
export const adminCreditWallet = (
  ctx: AppContext,
  options: { actor: Actor; input: TAdminCreditRequest; idempotency: IdempotencyScope | null },
) =>
  grantWalletCredit(ctx, {
    userId: options.input.userId,
    amountCents: toCents(options.input.amount),
    reason: options.input.reason,
    initiatorId: options.actor.id,
    idempotency: options.idempotency,
    auditAsAdmin: true,
  });
