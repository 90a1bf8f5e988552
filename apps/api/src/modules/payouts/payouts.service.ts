import {
  fromCents,
  type TAuditAction,
  type TBankingSettingsRequest,
  type TPaymentGatewaySettingsRequest,
  type TPayoutCalculation,
  type TPayoutMethod,
  type TPayoutPendingReview,
  type TPayoutRejectRequest,
  type TPayoutRequest,
  type TPayoutRequestCreate,
  type TPayoutRequestUpdate,
  type TPayoutSearchQuery,
  type TPayoutSettings,
  toCents,
} from '@fanstage/contract';
import type { PayoutStatus, Transaction } from '@fanstage/db';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/app-error';
import { recordAudit } from '../audit/audit';
import type { Actor } from '../auth/sessions';
import { findAdminIds, notify } from '../notifications/notifications.service';
import { isStripeConfigured } from '../payments/payments.gateway';
import {
  earningsBalance,
  holdPayout,
  type IdempotencyScope,
  inMoneyTransaction,
  releasePayout,
  settlePayout,
  withIdempotency,
} from '../wallet';
import {
  type ConnectedAccountRow,
  findConnectedAccount,
  findPayoutSettings,
  findPendingRequest,
  findPerson,
  findRequest,
  insertPendingRequest,
  lockRequest,
  type PayoutRequestRow,
  type PayoutSettingsRow,
  payoutTotals,
  searchRequests,
  updateRequest,
  upsertPayoutSettings,
} from './payouts.repo';

/*
 * Payouts (business-rules.md "Payouts"). The money of a request is held when it is made:
 * creator earnings −x / payouts +x, guarded so the earnings never go below zero. A rejection posts
 * the reverse (payouts −x / earnings +x). Mark-paid settles it: payouts −x / gateway clearing +x —
 * the money leaves the platform through the bank or gateway, and gateway clearing is the account
 * that stands for money outside the platform (a top-up is clearing −x / wallet +x), so the ledger
 * stays balanced and clearing nets to what came in minus what went out.
 */

const money = (cents: number) => fromCents(cents).toFixed(2);

function requireCreator(actor: Actor) {
  if (actor.role !== 'performer') throw new AppError('FORBIDDEN', 'Only creators have payouts.');
}

const maskAccount = (value: string) => `•••• ${value.slice(-4)}`;

/**
 * The payout methods a creator's settings make usable, in order of preference. A connected Stripe
 * account counts once Stripe says it can receive payouts (`account.updated`).
 */
export function payoutMethodsOf(
  settings: PayoutSettingsRow | null,
  connected: ConnectedAccountRow | null = null,
): TPayoutMethod[] {
  if (!settings) return [];
  return [
    ...(settings.bankAccountNumber && settings.bankHolderName ? (['bank'] as const) : []),
    ...(settings.stripeAccountId && connected?.payoutsEnabled ? (['stripe'] as const) : []),
    ...(settings.paypalEmail ? (['paypal'] as const) : []),
  ];
}

/** The settings row with the creator's connected account, as the settings page shows them. */
async function settingsOf(ctx: AppContext, performerId: string, row?: PayoutSettingsRow | null) {
  const [settings, connected] = await Promise.all([
    row === undefined ? findPayoutSettings(ctx.db.db, performerId) : row,
    findConnectedAccount(ctx.db.db, performerId),
  ]);
  return presentSettings(settings, connected, isStripeConfigured(ctx.config));
}

function presentSettings(
  row: PayoutSettingsRow | null,
  connected: ConnectedAccountRow | null,
  isStripeAvailable: boolean,
): TPayoutSettings {
  return {
    banking:
      row?.bankAccountNumber && row.bankHolderName
        ? {
            holderName: row.bankHolderName,
            bankName: row.bankName ?? '',
            accountNumberMasked: maskAccount(row.bankAccountNumber),
            swiftCode: row.bankSwiftCode ?? '',
            country: row.bankCountry ?? '',
          }
        : null,
    paypalEmail: row?.paypalEmail ?? null,
    stripeAccountId: row?.stripeAccountId ?? null,
    stripeConnect: {
      available: isStripeAvailable,
      payoutsEnabled: connected?.payoutsEnabled ?? false,
      detailsSubmitted: connected?.detailsSubmitted ?? false,
    },
    methods: payoutMethodsOf(row, connected),
  };
}

/** The creator's own payout settings (bank details masked). */
export async function getMyPayoutSettings(
  ctx: AppContext,
  options: { actor: Actor },
): Promise<TPayoutSettings> {
  requireCreator(options.actor);
  return settingsOf(ctx, options.actor.id);
}

/** `PUT /performers/banking-settings`: stores the creator's bank details. */
export async function updateBankingSettings(
  ctx: AppContext,
  options: { actor: Actor; input: TBankingSettingsRequest },
): Promise<TPayoutSettings> {
  requireCreator(options.actor);
  const { input } = options;
  const row = await upsertPayoutSettings(ctx.db.db, options.actor.id, {
    bankHolderName: input.holderName,
    bankName: input.bankName,
    bankAccountNumber: input.accountNumber,
    bankSwiftCode: input.swiftCode,
    bankCountry: input.country,
  });
  return settingsOf(ctx, options.actor.id, row);
}

/** `PUT /performers/payment-gateway-settings`: the PayPal email (Stripe Connect sets its own id). */
export async function updatePaymentGatewaySettings(
  ctx: AppContext,
  options: { actor: Actor; input: TPaymentGatewaySettingsRequest },
): Promise<TPayoutSettings> {
  requireCreator(options.actor);
  const row = await upsertPayoutSettings(ctx.db.db, options.actor.id, {
    paypalEmail: options.input.paypalEmail,
  });
  return settingsOf(ctx, options.actor.id, row);
}

/**
 * Hook for the Stripe Connect onboarding (payment gateway work): records the creator's connected
 * account, which then counts as a payout method.
 */
export async function setStripeAccountId(
  ctx: Pick<AppContext, 'db'>,
  options: { performerId: string; stripeAccountId: string | null },
): Promise<void> {
  await upsertPayoutSettings(ctx.db.db, options.performerId, { stripeAccountId: options.stripeAccountId });
}

/** `POST /payout-requests/calculate` */
export async function calculatePayout(
  ctx: AppContext,
  options: { actor: Actor },
): Promise<TPayoutCalculation> {
  requireCreator(options.actor);
  const [totals, available, settings] = await Promise.all([
    payoutTotals(ctx.db.db, options.actor.id),
    earningsBalance(ctx.db.db, options.actor.id),
    ctx.settings.getAll(),
  ]);
  return {
    totalEarned: fromCents(totals.earnedCents),
    paidOut: fromCents(totals.paidCents),
    pending: fromCents(totals.openCents),
    available: fromCents(available),
    minimumPayoutAmount: settings.minimumPayoutAmount,
  };
}

interface Person {
  id: string;
  name: string;
  username: string | null;
}

function presentRequest(row: PayoutRequestRow, performer: Person): TPayoutRequest {
  return {
    _id: row.id,
    performer: { _id: performer.id, name: performer.name, username: performer.username },
    amount: fromCents(row.amountCents),
    method: row.method,
    note: row.note,
    status: row.status,
    adminNote: row.adminNote,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const actorPerson = (actor: Actor): Person => ({
  id: actor.id,
  name: actor.user?.name ?? '',
  username: actor.user?.username ?? null,
});

const insufficientPayout = (availableCents: number) =>
  new AppError(
    'UNPROCESSABLE',
    `The payout cannot be more than your available balance of ${money(availableCents)}.`,
    [{ path: 'amount', message: `At most ${money(availableCents)}.` }],
  );

/** Moves `amountCents` of a creator's earnings into the payouts account (negative: back), guarded. */
async function moveHold(
  tx: Transaction,
  options: { performerId: string; requestId: string; amountCents: number; initiatorId: string; now: Date },
) {
  const available = await earningsBalance(tx, options.performerId);
  if (options.amountCents > available) throw insufficientPayout(available);
  return holdPayout(tx, options);
}

async function checkMinimum(ctx: AppContext, amountCents: number) {
  const { minimumPayoutAmount } = await ctx.settings.getAll();
  if (amountCents < toCents(minimumPayoutAmount)) {
    throw new AppError('UNPROCESSABLE', `The payout must be at least ${minimumPayoutAmount.toFixed(2)}.`, [
      { path: 'amount', message: `At least ${minimumPayoutAmount.toFixed(2)}.` },
    ]);
  }
}

const pendingConflict = () =>
  new AppError(
    'CONFLICT',
    'You already have a payout request pending review. Edit it, or wait until an admin reviews it.',
  );

/**
 * `POST /payout-requests`: at least the minimum, at most the available balance, a configured method,
 * and no other pending request; the amount is held in the same transaction.
 */
export async function createPayoutRequest(
  ctx: AppContext,
  options: { actor: Actor; input: TPayoutRequestCreate; idempotency: IdempotencyScope | null },
): Promise<TPayoutRequest> {
  const { actor, input } = options;
  requireCreator(actor);
  const amountCents = toCents(input.amount);
  await checkMinimum(ctx, amountCents);
  const [settingsRow, connected] = await Promise.all([
    findPayoutSettings(ctx.db.db, actor.id),
    findConnectedAccount(ctx.db.db, actor.id),
  ]);
  const methods = payoutMethodsOf(settingsRow, connected);
  if (methods.length === 0 && connected && !connected.payoutsEnabled) {
    throw new AppError(
      'UNPROCESSABLE',
      'Your Stripe account cannot receive payouts yet. Finish the Stripe onboarding, or add your bank details.',
      [{ path: 'method', message: 'Finish the Stripe onboarding.' }],
    );
  }
  if (methods.length === 0) {
    throw new AppError(
      'UNPROCESSABLE',
      'Add your bank details or another payout method before requesting a payout.',
    );
  }
  const method = input.method ?? methods[0]!;
  if (!methods.includes(method)) {
    throw new AppError(
      'UNPROCESSABLE',
      `The payout method "${method}" is not set up; use ${methods.join(' or ')}.`,
      [{ path: 'method', message: 'Not set up.' }],
    );
  }
  const now = ctx.clock.now();
  // Set only when this request made the row (a replayed Idempotency-Key tells nobody again).
  const made = { isNew: false };
  const request = await inMoneyTransaction(ctx, (tx) =>
    withIdempotency(tx, options.idempotency, async () => {
      made.isNew = true;
      const row = await insertPendingRequest(tx, {
        performerId: actor.id,
        amountCents,
        method,
        note: input.note ?? '',
        createdAt: now,
        updatedAt: now,
      });
      if (!row) throw pendingConflict();
      const hold = await moveHold(tx, {
        performerId: actor.id,
        requestId: row.id,
        amountCents,
        initiatorId: actor.id,
        now,
      });
      const saved = await updateRequest(tx, row.id, { holdTransactionId: hold.transactionId });
      return presentRequest(saved, actorPerson(actor));
    }),
  );
  if (made.isNew) await notifyAdminsOfRequest(ctx, request);
  return request;
}

/** `PUT /payout-requests/{id}`: the creator changes a pending request; the hold follows the amount. */
export async function updatePayoutRequest(
  ctx: AppContext,
  options: { actor: Actor; id: string; input: TPayoutRequestUpdate },
): Promise<TPayoutRequest> {
  const { actor, input } = options;
  requireCreator(actor);
  const newCents = input.amount !== undefined ? toCents(input.amount) : undefined;
  if (newCents !== undefined) await checkMinimum(ctx, newCents);
  const now = ctx.clock.now();
  return inMoneyTransaction(ctx, async (tx) => {
    const row = await lockRequest(tx, options.id);
    if (!row || row.performerId !== actor.id) throw notFound('That payout request');
    if (row.status !== 'pending') {
      throw new AppError(
        'UNPROCESSABLE',
        `Only a pending request can be changed; this one is ${row.status}.`,
      );
    }
    if (newCents !== undefined && newCents !== row.amountCents) {
      await moveHold(tx, {
        performerId: actor.id,
        requestId: row.id,
        amountCents: newCents - row.amountCents,
        initiatorId: actor.id,
        now,
      });
    }
    const saved = await updateRequest(tx, row.id, {
      amountCents: newCents ?? row.amountCents,
      note: input.note ?? row.note,
      updatedAt: now,
    });
    return presentRequest(saved, actorPerson(actor));
  });
}

/** The creator's own requests, newest first. */
export async function searchMyPayoutRequests(
  ctx: AppContext,
  options: { actor: Actor; query: TPayoutSearchQuery },
): Promise<{ data: TPayoutRequest[]; total: number }> {
  requireCreator(options.actor);
  const { query } = options;
  const { rows, total } = await searchRequests(ctx.db.db, {
    performerId: options.actor.id,
    status: query.status,
    offset: query.offset,
    limit: query.limit,
  });
  return { data: rows.map((r) => presentRequest(r.request, r.performer)), total };
}

/** One request: its creator or an admin; anyone else gets 404. */
export async function viewPayoutRequest(
  ctx: AppContext,
  options: { actor: Actor; id: string },
): Promise<TPayoutRequest> {
  const row = await findRequest(ctx.db.db, options.id);
  if (!row || (row.performerId !== options.actor.id && options.actor.role !== 'admin')) {
    throw notFound('That payout request');
  }
  const performer = await findPerson(ctx.db.db, row.performerId);
  return presentRequest(row, performer!);
}

/** `GET /payout-requests/check/pending-review` */
export async function checkPendingReview(
  ctx: AppContext,
  options: { actor: Actor },
): Promise<TPayoutPendingReview> {
  requireCreator(options.actor);
  const row = await findPendingRequest(ctx.db.db, options.actor.id);
  return { pending: row !== null, request: row ? presentRequest(row, actorPerson(options.actor)) : null };
}

/** Every creator's requests for admins, newest first (filter by status or creator). */
export async function adminSearchPayoutRequests(
  ctx: AppContext,
  options: { query: TPayoutSearchQuery },
): Promise<{ data: TPayoutRequest[]; total: number }> {
  const { query } = options;
  const { rows, total } = await searchRequests(ctx.db.db, {
    performerId: query.performerId,
    status: query.status,
    offset: query.offset,
    limit: query.limit,
  });
  return { data: rows.map((r) => presentRequest(r.request, r.performer)), total };
}

const statusWords: Record<PayoutStatus, string> = {
  pending: 'is pending review',
  approved: 'was approved and will be paid soon',
  paid: 'was paid',
  rejected: 'was rejected; the amount is back in your available balance',
};

/**
 * Tells the creator (the notification centre, and mail by their preference). Sent after the commit;
 * a failure is logged and never undoes the review.
 */
async function notifyCreator(ctx: AppContext, request: TPayoutRequest) {
  const amount = request.amount.toFixed(2);
  const reason = request.status === 'rejected' && request.adminNote ? `\n\nReason: ${request.adminNote}` : '';
  await notify(ctx, {
    userIds: request.performer._id,
    type: 'payout.updated',
    title: `Your payout request of ${amount} ${request.status === 'approved' ? 'was approved' : `is ${request.status}`}`,
    text: `Your payout request of ${amount} ${statusWords[request.status]}.${reason}`,
    link: '/creator/payouts',
  });
}

/** Every admin learns of a new payout request (after the hold committed). */
async function notifyAdminsOfRequest(ctx: AppContext, request: TPayoutRequest) {
  const creator = request.performer.username ?? request.performer.name;
  await notify(ctx, {
    userIds: await findAdminIds(ctx),
    type: 'payout.requested',
    title: `${creator} requested a payout of ${request.amount.toFixed(2)}`,
    text: `${creator} asked for a payout of ${request.amount.toFixed(2)} by ${request.method}. It waits for review.`,
    link: '/admin/payouts',
  });
}

/** The audit action of each status an admin can move a request to. */
const auditActionOf = {
  pending: 'payout.approve',
  approved: 'payout.approve',
  rejected: 'payout.reject',
  paid: 'payout.mark-paid',
} as const satisfies Record<PayoutStatus, TAuditAction>;

async function review(
  ctx: AppContext,
  options: {
    actor: Actor;
    id: string;
    from: PayoutStatus[];
    to: PayoutStatus;
    adminNote?: string;
    idempotency?: IdempotencyScope | null;
    ledger?: (tx: Transaction, row: PayoutRequestRow, now: Date) => Promise<string>;
  },
): Promise<TPayoutRequest> {
  const now = ctx.clock.now();
  const request = await inMoneyTransaction(ctx, (tx) =>
    withIdempotency(tx, options.idempotency ?? null, async () => {
      const row = await lockRequest(tx, options.id);
      if (!row) throw notFound('That payout request');
      if (!options.from.includes(row.status)) {
        throw new AppError(
          'CONFLICT',
          `This request is ${row.status}; it can become ${options.to} only when ${options.from.join(' or ')}.`,
        );
      }
      const closeTransactionId = options.ledger ? await options.ledger(tx, row, now) : undefined;
      const saved = await updateRequest(tx, row.id, {
        status: options.to,
        reviewedById: options.actor.id,
        reviewedAt: options.to === 'paid' ? (row.reviewedAt ?? now) : now,
        ...(options.to === 'paid' ? { paidAt: now } : {}),
        ...(options.adminNote !== undefined ? { adminNote: options.adminNote } : {}),
        ...(closeTransactionId ? { closeTransactionId } : {}),
        updatedAt: now,
      });
      await recordAudit(tx, {
        actorId: options.actor.id,
        action: auditActionOf[options.to],
        targetType: 'payout-request',
        targetId: row.id,
        before: { status: row.status, amountCents: row.amountCents },
        after: {
          status: saved.status,
          ...(closeTransactionId ? { ledgerTransactionId: closeTransactionId } : {}),
        },
        reason: options.adminNote ?? null,
      });
      return presentRequest(saved, (await findPerson(tx, saved.performerId))!);
    }),
  );
  await notifyCreator(ctx, request);
  return request;
}

/** Admin: approves a pending request (no money moves; it stays held until paid). */
export const approvePayoutRequest = (ctx: AppContext, options: { actor: Actor; id: string }) =>
  review(ctx, { ...options, from: ['pending'], to: 'approved' });

/** Admin: rejects a pending or approved request with a reason and returns the held amount. */
export const rejectPayoutRequest = (
  ctx: AppContext,
  options: { actor: Actor; id: string; input: TPayoutRejectRequest },
) =>
  review(ctx, {
    ...options,
    from: ['pending', 'approved'],
    to: 'rejected',
    adminNote: options.input.reason,
    ledger: async (tx, row, now) =>
      (
        await releasePayout(tx, {
          performerId: row.performerId,
          requestId: row.id,
          amountCents: row.amountCents,
          initiatorId: options.actor.id,
          now,
        })
      ).transactionId,
  });

/** Admin: records that an approved request was paid: payouts −x / gateway clearing +x. */
export const markPayoutRequestPaid = (
  ctx: AppContext,
  options: { actor: Actor; id: string; idempotency: IdempotencyScope | null },
) =>
  review(ctx, {
    ...options,
    from: ['approved'],
    to: 'paid',
    ledger: async (tx, row, now) =>
      (
        await settlePayout(tx, {
          requestId: row.id,
          amountCents: row.amountCents,
          method: row.method,
          initiatorId: options.actor.id,
          now,
        })
      ).transactionId,
  });
