import { formatAmount, fromCents, type TChargeRefund, type TChargeRefundRequest } from '@fanstage/contract';
import type { EarningSource, Transaction } from '@fanstage/db';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/app-error';
import { recordAudit } from '../audit/audit';
import type { Actor } from '../auth/sessions';
import { notify } from '../notifications/notifications.service';
import { applyOrderRefund } from '../orders/orders.refunds';
import type { CardSubscriptionRow } from '../subscriptions/card-subscriptions.repo';
import {
  refundCardPayment,
  stopGatewayBillingAfterRefund,
} from '../subscriptions/card-subscriptions.service';
import { endRefundedSubscription } from '../subscriptions/subscriptions.refunds';
import { type IdempotencyScope, withIdempotency } from './wallet.idempotency';
import { type AccountRef, inMoneyTransaction, type LedgerLine, postTransaction } from './wallet.ledger';
import {
  deletePurchase,
  findEarningOfTransaction,
  findEarningRefund,
  findLedgerTransaction,
  findPeople,
  findTransactionLines,
  insertEarningRefund,
  lockLedgerTransaction,
} from './wallet.repo';
import { announceBalance } from './wallet.service';

/*
 * Refunds (business-rules.md "Money"; ARCHITECTURE.md "Refunds"): an admin gives a charge back. The
 * refund is one ledger transaction of the exact reverse of the charge's lines, so whatever the
 * charge moved (fan wallet or gateway clearing −gross, creator +net, platform +commission) moves
 * back: a wallet charge returns to the wallet, a card payment to the card (through gateway
 * clearing, which stands for money outside the platform, and the gateway's refund of the invoice). The earning row stays; earning_refunds
 * records which earning was reversed by which transaction. What the refund means beyond money is
 * decided by the item's own domain: a bought post, video, gallery or paid message is locked again
 * (the purchase row goes), a subscription ends now, an order is marked refunded with unshipped
 * stock restored; tips, show entries and call minutes are money only.
 *
 * The creator's earnings are not guarded: after a payout a refund can leave them below zero, and
 * later earnings make that up before the next payout can pass the balance check.
 */

/** A refund as the ledger and the domains left it. */
export interface ReversedCharge {
  refundTransactionId: string;
  chargeTransactionId: string;
  /** False when the charge had been refunded before (nothing moved this time). */
  isNew: boolean;
  source: EarningSource;
  sourceId: string | null;
  /** The charge's `type:id` reference (`call:…` or `private_show:…` for minutes). */
  chargeReference: string | null;
  fanId: string;
  performerId: string;
  grossCents: number;
  netCents: number;
  commissionCents: number;
  refundedTo: 'wallet' | 'card';
  refundedAt: Date;
  reason: string | null;
  /** The fan's wallet after the refund (wallet refunds that moved money now). */
  fanBalanceCents: number | null;
  /** A card subscription the refund ended; the gateway is asked to stop billing it after the commit. */
  endedCard: CardSubscriptionRow | null;
  /** The charge's ledger metadata (a card payment's gateway and invoice). */
  chargeMetadata: Record<string, unknown>;
}

const refundableKinds = new Set(['charge', 'subscription']);

const kindNames: Record<string, string> = {
  top_up: 'a top-up',
  admin_credit: 'an admin credit',
  payout: 'a payout',
  adjustment: 'an adjustment',
};

/** The account a stored entry was posted to, as the ledger names it. */
function accountOf(line: { kind: string; userId: string | null }): AccountRef {
  if (line.kind === 'fan_wallet' || line.kind === 'creator_earnings') {
    if (!line.userId) throw new Error(`a ${line.kind} entry without an owner`);
    return { kind: line.kind, userId: line.userId };
  }
  if (line.kind === 'platform_revenue' || line.kind === 'gateway_clearing' || line.kind === 'payouts') {
    return { kind: line.kind };
  }
  throw new Error(`unknown ledger account kind ${line.kind}`);
}

/** The ledger key of a charge's refund: a charge is reversed once, whoever asks. */
export const chargeRefundKey = (chargeTransactionId: string) => `charge-refund:${chargeTransactionId}`;

/**
 * Reverses a charge inside the caller's transaction: locks the charge, refuses what is not a
 * refundable charge (422 with a sentence), answers the earlier refund when there is one (isNew
 * false), else posts the exact reverse of its lines, records the earning refund and applies the
 * owning domain's consequence. No audit row and no notification: the callers write their own
 * audit row in this transaction and tell people after the commit (`tellRefund`).
 */
export async function reverseCharge(
  tx: Transaction,
  options: {
    actorId: string;
    transactionId: string;
    reason: string | null;
    now: Date;
    /** What the refund transaction is about (defaults to the charge's own reference). */
    reference?: string;
    metadata?: Record<string, unknown>;
  },
): Promise<ReversedCharge> {
  const { transactionId, now } = options;
  const charge = await lockLedgerTransaction(tx, transactionId);
  if (!charge) throw notFound('That transaction');
  if (charge.kind === 'refund') throw new AppError('UNPROCESSABLE', 'A refund cannot be refunded.');
  if (!refundableKinds.has(charge.kind)) {
    throw new AppError(
      'UNPROCESSABLE',
      `Only charges and subscription payments can be refunded; this is ${kindNames[charge.kind] ?? charge.kind}.`,
    );
  }
  const earning = await findEarningOfTransaction(tx, transactionId);
  if (!earning) {
    throw new AppError(
      'UNPROCESSABLE',
      'Only payments to a creator can be refunded; this payment (a site membership) has no creator earning to reverse.',
    );
  }
  const lines = await findTransactionLines(tx, transactionId);
  const refundedTo = lines.some((l) => l.kind === 'gateway_clearing') ? 'card' : 'wallet';
  const facts = {
    chargeTransactionId: transactionId,
    source: earning.sourceType,
    sourceId: earning.sourceId,
    chargeReference: charge.reference,
    fanId: earning.fanId,
    performerId: earning.performerId,
    refundedTo,
    chargeMetadata: charge.metadata,
  } as const;

  const earlier = await findEarningRefund(tx, earning.id);
  if (earlier) {
    const refund = await findLedgerTransaction(tx, earlier.refundTransactionId);
    const reason = refund?.metadata.reason;
    return {
      ...facts,
      refundTransactionId: earlier.refundTransactionId,
      isNew: false,
      grossCents: earlier.grossCents,
      netCents: earlier.netCents,
      commissionCents: earlier.commissionCents,
      refundedAt: earlier.createdAt,
      reason: typeof reason === 'string' ? reason : null,
      fanBalanceCents: null,
      endedCard: null,
    };
  }

  const reverse: LedgerLine[] = lines.map((l) => ({ account: accountOf(l), amountCents: -l.amountCents }));
  const posted = await postTransaction(tx, {
    kind: 'refund',
    reference: options.reference ?? charge.reference,
    initiatorId: options.actorId,
    idempotencyKey: chargeRefundKey(transactionId),
    metadata: {
      chargeTransactionId: transactionId,
      source: earning.sourceType,
      ...(options.reason ? { reason: options.reason } : {}),
      ...options.metadata,
    },
    lines: reverse,
    now,
  });
  if (!posted.isNew) {
    // The key is only posted together with the earning refund below, in one transaction.
    throw new Error(`charge ${transactionId} has a refund transaction but no earning refund`);
  }
  await insertEarningRefund(tx, {
    earningId: earning.id,
    refundTransactionId: posted.transactionId,
    grossCents: earning.grossCents,
    commissionCents: earning.commissionCents,
    netCents: earning.netCents,
    createdAt: now,
  });

  let endedCard: CardSubscriptionRow | null = null;
  const { source, sourceId } = facts;
  if ((source === 'feed' || source === 'video' || source === 'gallery' || source === 'message') && sourceId) {
    await deletePurchase(tx, { fanId: earning.fanId, targetType: source, targetId: sourceId });
  } else if (source === 'product') {
    await applyOrderRefund(tx, {
      chargeTransactionId: transactionId,
      refundTransactionId: posted.transactionId,
      now,
    });
  } else if (source === 'subscription' && sourceId) {
    ({ endedCard } = await endRefundedSubscription(tx, { subscriptionId: sourceId, now }));
  }

  return {
    ...facts,
    refundTransactionId: posted.transactionId,
    isNew: true,
    grossCents: earning.grossCents,
    netCents: earning.netCents,
    commissionCents: earning.commissionCents,
    refundedAt: now,
    reason: options.reason,
    fanBalanceCents: posted.walletBalances.get(earning.fanId) ?? null,
    endedCard,
  };
}

async function presentRefund(tx: Transaction, r: ReversedCharge): Promise<TChargeRefund> {
  const people = await findPeople(tx, [r.fanId, r.performerId]);
  const person = (id: string) => {
    const p = people.get(id);
    return { _id: id, name: p?.name ?? '', username: p?.username ?? null };
  };
  return {
    _id: r.refundTransactionId,
    chargeTransactionId: r.chargeTransactionId,
    type: r.source,
    fan: person(r.fanId),
    creator: person(r.performerId),
    grossCents: r.grossCents,
    refundedTo: r.refundedTo,
    netCents: r.netCents,
    commissionCents: r.commissionCents,
    reason: r.reason,
    refundedAt: r.refundedAt.toISOString(),
  };
}

/**
 * `POST /admin/transactions/{id}/refund`: gives a charge back in full (see the top of this file),
 * writes `charge.refund` on the audit log in the same transaction, and tells the fan and the
 * creator after the commit. Refunding twice answers the first refund and moves nothing.
 */
export async function refundCharge(
  ctx: AppContext,
  options: {
    actor: Actor;
    transactionId: string;
    input: TChargeRefundRequest;
    idempotency: IdempotencyScope | null;
  },
): Promise<TChargeRefund> {
  const { actor, transactionId } = options;
  const reason = options.input.reason.trim();
  const now = ctx.clock.now();
  const done: { reversed: ReversedCharge | null } = { reversed: null };
  const result = await inMoneyTransaction(ctx, (tx) =>
    withIdempotency(tx, options.idempotency, async () => {
      done.reversed = null;
      const reversed = await reverseCharge(tx, { actorId: actor.id, transactionId, reason, now });
      if (reversed.isNew) {
        done.reversed = reversed;
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'charge.refund',
          targetType: 'ledger_transaction',
          targetId: transactionId,
          before: { refundedAt: null, refundTransactionId: null },
          after: {
            refundedAt: now,
            refundTransactionId: reversed.refundTransactionId,
            type: reversed.source,
            refundedCents: reversed.grossCents,
            creatorDebitedCents: reversed.netCents,
            platformDebitedCents: reversed.commissionCents,
            refundedTo: reversed.refundedTo,
          },
          reason,
        });
      }
      const shown = await presentRefund(tx, reversed);
      // A card payment goes back to the card: the gateway is asked last, inside the transaction, so
      // a refusal undoes the refund and a failed commit is retried with the same gateway key.
      if (reversed.isNew && reversed.refundedTo === 'card') {
        await refundCardPayment(ctx, {
          chargeTransactionId: transactionId,
          chargeMetadata: reversed.chargeMetadata,
          amountCents: reversed.grossCents,
        });
      }
      return shown;
    }),
  );
  if (done.reversed) await tellRefund(ctx, done.reversed, result);
  return result;
}

const itemWords: Record<EarningSource, string> = {
  tip: 'tip',
  feed: 'post',
  video: 'video',
  gallery: 'gallery',
  message: 'paid message',
  stream: 'live show entry',
  private_call: 'private show minute',
  subscription: 'subscription payment',
  product: 'order',
};

const handleOf = (p: { name: string; username: string | null }) => (p.username ? `@${p.username}` : p.name);

/** What the charge was, in words: "private show minute", "call minute", "post". */
function itemOf(r: Pick<ReversedCharge, 'source' | 'chargeReference'>): string {
  if (r.source === 'private_call' && r.chargeReference?.startsWith('call:')) return 'call minute';
  return itemWords[r.source];
}

const lockedAgain: Partial<Record<EarningSource, string>> = {
  feed: ' The post is locked again.',
  video: ' The video is locked again.',
  gallery: ' The gallery is locked again.',
  message: ' The message is locked again.',
  subscription: ' The subscription has ended.',
};

/**
 * Tells the fan (the money back, and where to) and the creator (what was taken from their
 * earnings, and why), pushes the fan's new balance and stops a refunded card subscription's
 * billing at the gateway. After the commit; never throws.
 */
export async function tellRefund(
  ctx: AppContext,
  r: ReversedCharge,
  shown: Pick<TChargeRefund, 'fan' | 'creator'>,
): Promise<void> {
  const item = itemOf(r);
  const gross = formatAmount(fromCents(r.grossCents));
  const creator = handleOf(shown.creator);
  const fan = handleOf(shown.fan);
  const where =
    r.refundedTo === 'card'
      ? 'to the card you paid with (it can take a few days to appear on your card statement)'
      : 'to your wallet';
  if (r.fanBalanceCents !== null) announceBalance(ctx, r.fanId, fromCents(r.fanBalanceCents));
  await notify(ctx, {
    userIds: r.fanId,
    type: 'charge.refunded',
    title: `${gross} refunded to you`,
    text: `${r.source === 'tip' ? `Your tip to ${creator}` : `Your payment to ${creator} for a ${item}`} (${gross}) was refunded ${where}.${lockedAgain[r.source] ?? ''}`,
    link: '/user/wallet',
  });
  await notify(ctx, {
    userIds: r.performerId,
    type: 'charge.refunded',
    title: `A ${item} was refunded`,
    text: `The team refunded ${fan}'s ${item} of ${gross}: ${formatAmount(fromCents(r.netCents))} was taken back from your earnings.${r.reason ? ` Reason: ${r.reason}` : ''}`,
    link: '/creator/earnings',
  });
  if (r.endedCard) await stopGatewayBillingAfterRefund(ctx, r.endedCard);
}
