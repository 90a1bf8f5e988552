import type { Executor, Transaction } from '@fanstage/db';
import {
  balanceOf,
  creatorEarnings,
  fanWallet,
  gatewayClearing,
  type PostedTransaction,
  payoutsAccount,
  platformRevenue,
  postTransaction,
} from './wallet.ledger';
import { findCreatorCommission, insertEarning } from './wallet.repo';
import { splitCommission } from './wallet.service';

/*
 * Money asked for by intent (STYLE habit 15): other modules say what happened (a top-up was paid, a
 * card invoice came in, a payout is held, released or paid, a site membership is charged) and the
 * wallet composes the ledger lines, the commission split and the earning. Each intent runs inside
 * the caller's transaction, next to the caller's own rows.
 */

/** A fan's wallet balance in cents (the cached users.balance_cents). */
export const walletBalance = (db: Executor, userId: string): Promise<number> =>
  balanceOf(db, fanWallet(userId));

/**
 * A paid top-up order: gateway clearing −price, the fan's wallet +tokens, and what the fan gets
 * beyond what was paid (a coupon's discount, a package's bonus) is the platform's cost.
 */
export const creditTopUp = (
  tx: Transaction,
  options: {
    fanId: string;
    priceCents: number;
    tokensCents: number;
    reference: string;
    ledgerKey: string;
    metadata: Record<string, unknown>;
    now: Date;
  },
): Promise<PostedTransaction> =>
  postTransaction(tx, {
    kind: 'top_up',
    reference: options.reference,
    initiatorId: options.fanId,
    idempotencyKey: options.ledgerKey,
    metadata: options.metadata,
    lines: [
      { account: gatewayClearing, amountCents: -options.priceCents },
      // A zero line is dropped.
      { account: platformRevenue, amountCents: options.priceCents - options.tokensCents },
      { account: fanWallet(options.fanId), amountCents: options.tokensCents },
    ],
    now: options.now,
  });

/**
 * A site membership paid from the fan's wallet (all of it the platform's); with `ledgerKey` once per
 * key (a renewal period). Answers the wallet balance after it (0 when the key had been charged).
 */
export async function chargeSiteMembership(
  tx: Transaction,
  options: {
    fanId: string;
    priceCents: number;
    initiatorId: string | null;
    ledgerKey?: string;
    metadata?: Record<string, unknown>;
    now: Date;
  },
): Promise<{ transactionId: string; balanceCents: number }> {
  const posted = await postTransaction(tx, {
    kind: 'subscription',
    reference: `site-subscription:${options.fanId}`,
    initiatorId: options.initiatorId,
    idempotencyKey: options.ledgerKey,
    metadata: { source: 'site_subscription', ...options.metadata },
    lines: [
      { account: fanWallet(options.fanId), amountCents: -options.priceCents },
      { account: platformRevenue, amountCents: options.priceCents },
    ],
    now: options.now,
  });
  return { transactionId: posted.transactionId, balanceCents: posted.walletBalances.get(options.fanId) ?? 0 };
}

/**
 * A card subscription invoice the gateway paid: gateway clearing −price; for a creator's
 * subscription the creator's net and the platform's commission (the creator's own rate, else the
 * site's) and the earning; for the site membership all of it the platform's. Once per `ledgerKey`.
 */
export async function chargeCardInvoice(
  tx: Transaction,
  options: {
    fanId: string;
    priceCents: number;
    /** The creator and the subscription row, for a creator's subscription; null for the site's. */
    creator: { performerId: string; subscriptionId: string } | null;
    defaultCommissionRate: number;
    reference: string;
    ledgerKey: string;
    metadata: Record<string, unknown>;
    now: Date;
  },
): Promise<PostedTransaction> {
  const { creator, priceCents, now } = options;
  let rate = 0;
  let split = { commissionCents: priceCents, netCents: 0 };
  if (creator) {
    rate = (await findCreatorCommission(tx, creator.performerId)) ?? options.defaultCommissionRate;
    split = splitCommission(priceCents, rate);
  }
  const posted = await postTransaction(tx, {
    kind: 'subscription',
    reference: options.reference,
    initiatorId: options.fanId,
    idempotencyKey: options.ledgerKey,
    metadata: options.metadata,
    lines: [
      { account: gatewayClearing, amountCents: -priceCents },
      ...(creator ? [{ account: creatorEarnings(creator.performerId), amountCents: split.netCents }] : []),
      { account: platformRevenue, amountCents: split.commissionCents },
    ],
    now,
  });
  if (posted.isNew && creator) {
    await insertEarning(tx, {
      transactionId: posted.transactionId,
      performerId: creator.performerId,
      fanId: options.fanId,
      sourceType: 'subscription',
      sourceId: creator.subscriptionId,
      grossCents: priceCents,
      commissionRate: rate,
      commissionCents: split.commissionCents,
      netCents: split.netCents,
      createdAt: now,
    });
  }
  return posted;
}

/**
 * Moves `amountCents` of a creator's earnings into the payouts account (a request: hold), or back
 * (negative: release of a cancelled request); a hold may not take the earnings below zero.
 */
export const holdPayout = (
  tx: Transaction,
  options: { performerId: string; requestId: string; amountCents: number; initiatorId: string; now: Date },
): Promise<PostedTransaction> =>
  postTransaction(tx, {
    kind: 'payout',
    reference: `payout:${options.requestId}`,
    initiatorId: options.initiatorId,
    metadata: { step: options.amountCents > 0 ? 'hold' : 'release' },
    lines: [
      { account: creatorEarnings(options.performerId), amountCents: -options.amountCents },
      { account: payoutsAccount, amountCents: options.amountCents },
    ],
    mustStayNonNegative: options.amountCents > 0 ? [creatorEarnings(options.performerId)] : [],
    insufficientMessage: `The payout cannot be more than your available balance.`,
    now: options.now,
  });

/** A rejected payout request: its held amount goes back to the creator's earnings, once. */
export const releasePayout = (
  tx: Transaction,
  options: { performerId: string; requestId: string; amountCents: number; initiatorId: string; now: Date },
): Promise<PostedTransaction> =>
  postTransaction(tx, {
    kind: 'payout',
    reference: `payout:${options.requestId}`,
    initiatorId: options.initiatorId,
    idempotencyKey: `payout-release:${options.requestId}`,
    metadata: { step: 'rejected' },
    lines: [
      { account: payoutsAccount, amountCents: -options.amountCents },
      { account: creatorEarnings(options.performerId), amountCents: options.amountCents },
    ],
    now: options.now,
  });

/** A paid payout request: payouts −x / gateway clearing +x, once. */
export const settlePayout = (
  tx: Transaction,
  options: { requestId: string; amountCents: number; method: string; initiatorId: string; now: Date },
): Promise<PostedTransaction> =>
  postTransaction(tx, {
    kind: 'payout',
    reference: `payout:${options.requestId}`,
    initiatorId: options.initiatorId,
    idempotencyKey: `payout-paid:${options.requestId}`,
    metadata: { step: 'paid', method: options.method },
    lines: [
      { account: payoutsAccount, amountCents: -options.amountCents },
      { account: gatewayClearing, amountCents: options.amountCents },
    ],
    now: options.now,
  });
