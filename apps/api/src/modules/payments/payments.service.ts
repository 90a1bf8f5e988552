import {
  fromCents,
  type TAppliedCoupon,
  type TApplyCouponRequest,
  type TAuditAction,
  type TCoupon,
  type TCouponCreateRequest,
  type TCouponSearchQuery,
  type TCouponUpdateRequest,
  type TPaymentCard,
  type TPaymentGatewayInfo,
  type TPaymentOrder,
  type TPaymentOrderSearchQuery,
  type TSandboxPayRequest,
  type TTokenPackage,
  type TTokenPackageCreateRequest,
  type TTokenPackageSearchQuery,
  type TTokenPackageUpdateRequest,
  type TTopUp,
  type TTopUpRequest,
  toCents,
} from '@fanstage/contract';
import type { Executor, PaymentGatewayName } from '@fanstage/db';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/app-error';
import { findTextProblem } from '../../lib/text-guard';
import { changedFields, recordAudit } from '../audit/audit';
import type { Actor } from '../auth/sessions';
import { sendWelcomeMessage } from '../messages/messages.welcome';
import { recordConnectedAccount } from '../payouts/payouts.connect';
import { findCardSubscription } from '../subscriptions/card-subscriptions.repo';
import {
  applyCardInvoice,
  applyCardSubscriptionChange,
  type CardEventResult,
  cardPeriodMs,
  noticeCardRenewalFailed,
  noticeCardSubscriptionRenewed,
  noticeCardSubscriptionStarted,
} from '../subscriptions/card-subscriptions.service';
import { creditTopUp, type IdempotencyScope, inMoneyTransaction, withIdempotency } from '../wallet';
import {
  type CheckoutCustomer,
  currentGatewayName,
  type GatewayEvent,
  type GatewayInvoice,
  gatewayOf,
  isStripeConfigured,
  WebhookRejected,
} from './payments.gateway';
import type { CouponRow, OrderWithNames, PaymentCardRow, TokenPackageRow } from './payments.repo';
import * as repo from './payments.repo';
import {
  newSandboxEventId,
  type SandboxOutcome,
  sandboxOutcomeOf,
  sandboxRenewalOutcomeOf,
  sandboxSignatureHeader,
  signSandboxPayload,
  type TSandboxEvent,
} from './payments.sandbox';

/** The smallest price a gateway can charge (Stripe's minimum in USD). */
export const minimumChargeCents = 50;

// ---------------------------------------------------------------- presenters

const presentPackage = (row: TokenPackageRow): TTokenPackage => ({
  _id: row.id,
  name: row.name,
  description: row.description,
  tokens: fromCents(row.tokensCents),
  price: fromCents(row.priceCents),
  isActive: row.isActive,
  ordering: row.ordering,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const presentCoupon = (row: CouponRow): TCoupon => ({
  _id: row.id,
  name: row.name,
  code: row.code,
  value: row.discountPercentage,
  expiredDate: row.expiredAt?.toISOString() ?? null,
  numberOfUses: row.numberOfUses,
  usedCount: row.usedCount,
  isActive: row.isActive,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const planWords = { monthly: 'Monthly', yearly: 'Yearly', site: 'Monthly' } as const;

/** What an order pays for, in words, and where its checkout page sends the fan back to. */
function purposeOf(found: OrderWithNames): { description: string; returnPath: string } {
  if (found.order.type !== 'subscription') {
    return { description: 'Tokens for your wallet', returnPath: '/user/wallet' };
  }
  if (found.plan === 'site' || !found.performerId) {
    return { description: 'Site membership (renews monthly)', returnPath: '/home' };
  }
  return {
    description: `${planWords[found.plan ?? 'monthly']} subscription to ${found.performerName ?? 'the creator'} (renews by card)`,
    returnPath: `/${found.performerUsername ?? found.performerId}`,
  };
}

const presentOrder = (found: OrderWithNames): TPaymentOrder => ({
  ...presentOrderCore(found),
  ...purposeOf(found),
});

const presentOrderCore = ({ order, couponCode, packageName }: OrderWithNames) => ({
  _id: order.id,
  type: order.type,
  amount: fromCents(order.tokensCents),
  originalPrice: fromCents(order.originalPriceCents),
  price: fromCents(order.priceCents),
  currency: order.currency,
  discountPercentage: order.discountPercentage,
  couponCode,
  packageId: order.tokenPackageId,
  packageName,
  gateway: order.gateway,
  status: order.status,
  failureReason: order.failureReason,
  paidAt: order.paidAt?.toISOString() ?? null,
  createdAt: order.createdAt.toISOString(),
});

const presentCard = (row: PaymentCardRow): TPaymentCard => ({
  _id: row.id,
  gateway: row.gateway,
  brand: row.brand,
  last4: row.last4,
  expMonth: row.expMonth,
  expYear: row.expYear,
  createdAt: row.createdAt.toISOString(),
});

// ---------------------------------------------------------------- token packages

/** Packages fans can buy (active only), or every package for admins. */
export async function searchTokenPackages(
  ctx: AppContext,
  options: { query: TTokenPackageSearchQuery; includeInactive: boolean },
): Promise<{ data: TTokenPackage[]; total: number }> {
  const { rows, total } = await repo.searchTokenPackages(ctx.db.db, {
    activeOnly: !options.includeInactive,
    q: options.query.q,
    offset: options.query.offset,
    limit: options.query.limit,
  });
  return { data: rows.map(presentPackage), total };
}

/** Admin: a new token package. */
export async function createTokenPackage(
  ctx: AppContext,
  options: { actor: Actor; input: TTokenPackageCreateRequest },
): Promise<TTokenPackage> {
  const { input } = options;
  return ctx.db.db.transaction(async (tx) => {
    const row = presentPackage(
      await repo.insertTokenPackage(tx, {
        name: input.name,
        description: input.description,
        tokensCents: toCents(input.tokens),
        priceCents: toCents(input.price),
        isActive: input.isActive,
        ordering: input.ordering,
      }),
    );
    await auditAdminChange(tx, options.actor, 'token-package.create', row._id, null, row);
    return row;
  });
}

/**
 * The audit row of a coupon or token package change: the presented fields (amounts as the admin typed
 * them), without id and timestamps; an edit keeps only the fields that changed.
 */
async function auditAdminChange(
  tx: Executor,
  actor: Actor,
  action: TAuditAction,
  targetId: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
) {
  const fieldsOf = (row: Record<string, unknown> | null) => {
    if (!row) return null;
    const { _id, createdAt, updatedAt, ...fields } = row;
    return fields;
  };
  const [was, now] = [fieldsOf(before), fieldsOf(after)];
  const diff = was && now ? changedFields(was, now) : { before: was, after: now };
  if (!diff) return;
  await recordAudit(tx, {
    actorId: actor.id,
    action,
    targetType: action.split('.')[0]!,
    targetId,
    ...diff,
  });
}

/** Admin: changes a package; orders already made keep their amounts. */
export async function updateTokenPackage(
  ctx: AppContext,
  options: { actor: Actor; id: string; input: TTokenPackageUpdateRequest },
): Promise<TTokenPackage> {
  const { input } = options;
  return ctx.db.db.transaction(async (tx) => {
    const before = await repo.findTokenPackage(tx, options.id);
    const row = await repo.updateTokenPackage(tx, options.id, {
      name: input.name,
      description: input.description,
      tokensCents: input.tokens === undefined ? undefined : toCents(input.tokens),
      priceCents: input.price === undefined ? undefined : toCents(input.price),
      isActive: input.isActive,
      ordering: input.ordering,
      updatedAt: ctx.clock.now(),
    });
    if (!row || !before) throw notFound('That token package');
    const after = presentPackage(row);
    await auditAdminChange(tx, options.actor, 'token-package.update', row.id, presentPackage(before), after);
    return after;
  });
}

/** Admin: removes a package (its past orders keep their amounts). */
export async function deleteTokenPackage(
  ctx: AppContext,
  options: { actor: Actor; id: string },
): Promise<{ success: true }> {
  return ctx.db.db.transaction(async (tx) => {
    const before = await repo.findTokenPackage(tx, options.id);
    if (!before || !(await repo.deleteTokenPackage(tx, options.id))) throw notFound('That token package');
    await auditAdminChange(
      tx,
      options.actor,
      'token-package.delete',
      before.id,
      presentPackage(before),
      null,
    );
    return { success: true } as const;
  });
}

// ---------------------------------------------------------------- coupons

/** Admin: coupons, newest first. */
export async function searchCoupons(
  ctx: AppContext,
  options: { query: TCouponSearchQuery },
): Promise<{ data: TCoupon[]; total: number }> {
  const { rows, total } = await repo.searchCoupons(ctx.db.db, options.query);
  return { data: rows.map(presentCoupon), total };
}

const codeTaken = () =>
  new AppError('CONFLICT', 'A coupon with this code already exists.', [
    { path: 'code', message: 'This code is taken.' },
  ]);

/** Admin: a new coupon (codes are unique whatever their case). */
export async function createCoupon(
  ctx: AppContext,
  options: { actor: Actor; input: TCouponCreateRequest },
): Promise<TCoupon> {
  const { input } = options;
  return ctx.db.db.transaction(async (tx) => {
    const row = await repo.insertCoupon(tx, {
      name: input.name,
      code: input.code,
      discountPercentage: input.value,
      expiredAt: input.expiredDate ? new Date(input.expiredDate) : null,
      numberOfUses: input.numberOfUses,
      isActive: input.isActive,
    });
    if (!row) throw codeTaken();
    const coupon = presentCoupon(row);
    await auditAdminChange(tx, options.actor, 'coupon.create', row.id, null, coupon);
    return coupon;
  });
}

export async function getCoupon(ctx: AppContext, options: { id: string }): Promise<TCoupon> {
  const row = await repo.findCoupon(ctx.db.db, options.id);
  if (!row) throw notFound('That coupon');
  return presentCoupon(row);
}

/** Admin: changes a coupon. */
export async function updateCoupon(
  ctx: AppContext,
  options: { actor: Actor; id: string; input: TCouponUpdateRequest },
): Promise<TCoupon> {
  const { input } = options;
  if (input.code) {
    const other = await repo.findCouponByCode(ctx.db.db, input.code);
    if (other && other.id !== options.id) throw codeTaken();
  }
  return ctx.db.db.transaction(async (tx) => {
    const before = await repo.findCoupon(tx, options.id);
    const row = await repo.updateCoupon(tx, options.id, {
      name: input.name,
      code: input.code,
      discountPercentage: input.value,
      expiredAt:
        input.expiredDate === undefined ? undefined : input.expiredDate ? new Date(input.expiredDate) : null,
      numberOfUses: input.numberOfUses,
      isActive: input.isActive,
      updatedAt: ctx.clock.now(),
    });
    if (!row || !before) throw notFound('That coupon');
    const coupon = presentCoupon(row);
    await auditAdminChange(tx, options.actor, 'coupon.update', row.id, presentCoupon(before), coupon);
    return coupon;
  });
}

export async function deleteCoupon(
  ctx: AppContext,
  options: { actor: Actor; id: string },
): Promise<{ success: true }> {
  return ctx.db.db.transaction(async (tx) => {
    const before = await repo.findCoupon(tx, options.id);
    if (!before || !(await repo.deleteCoupon(tx, options.id))) throw notFound('That coupon');
    await auditAdminChange(tx, options.actor, 'coupon.delete', before.id, presentCoupon(before), null);
    return { success: true } as const;
  });
}

const couponRefused = (message: string) =>
  new AppError('UNPROCESSABLE', message, [{ path: 'couponCode', message }]);

/** The coupon a fan may use now, or a 422 saying why not. */
async function usableCoupon(ctx: AppContext, options: { code: string; userId: string }): Promise<CouponRow> {
  const coupon = await repo.findCouponByCode(ctx.db.db, options.code);
  if (!coupon) throw couponRefused('This coupon code does not exist.');
  if (!coupon.isActive) throw couponRefused('This coupon is not active.');
  if (coupon.expiredAt && coupon.expiredAt.getTime() <= ctx.clock.now().getTime()) {
    throw couponRefused('This coupon has expired.');
  }
  if (coupon.usedCount >= coupon.numberOfUses) throw couponRefused('This coupon has been used up.');
  if (await repo.hasUsedCoupon(ctx.db.db, { couponId: coupon.id, userId: options.userId })) {
    throw couponRefused('You have already used this coupon.');
  }
  return coupon;
}

/** The price after a percentage off, in cents (the discount rounds down: the fan never pays more). */
const priceAfter = (priceCents: number, percent: number) =>
  priceCents - Math.floor((priceCents * percent) / 100);

interface Quote {
  tokensCents: number;
  originalPriceCents: number;
  priceCents: number;
  tokenPackage: TokenPackageRow | null;
  coupon: CouponRow | null;
}

/** What a top-up credits and costs: a package, or a free amount within the wallet limits. */
async function quoteTopUp(
  ctx: AppContext,
  options: { userId: string; amount?: number; packageId?: string; couponCode?: string },
): Promise<Quote> {
  let tokenPackage: TokenPackageRow | null = null;
  let tokensCents: number;
  let originalPriceCents: number;
  if (options.packageId) {
    tokenPackage = await repo.findTokenPackage(ctx.db.db, options.packageId);
    if (!tokenPackage?.isActive) throw notFound('That token package');
    tokensCents = tokenPackage.tokensCents;
    originalPriceCents = tokenPackage.priceCents;
  } else if (options.amount !== undefined) {
    const settings = await ctx.settings.getAll();
    if (options.amount < settings.minimumWalletPrice) {
      const limit = settings.minimumWalletPrice.toFixed(2);
      throw new AppError('UNPROCESSABLE', `The top-up must be at least ${limit}.`, [
        { path: 'amount', message: `At least ${limit}.` },
      ]);
    }
    if (options.amount > settings.maximumWalletPrice) {
      const limit = settings.maximumWalletPrice.toFixed(2);
      throw new AppError('UNPROCESSABLE', `The top-up cannot be more than ${limit}.`, [
        { path: 'amount', message: `At most ${limit}.` },
      ]);
    }
    tokensCents = toCents(options.amount);
    originalPriceCents = tokensCents;
  } else {
    throw new AppError('VALIDATION_FAILED', 'Choose a token package or enter an amount.', [
      { path: 'amount', message: 'Choose a token package or enter an amount.' },
    ]);
  }
  const coupon = options.couponCode
    ? await usableCoupon(ctx, { code: options.couponCode, userId: options.userId })
    : null;
  const priceCents = coupon ? priceAfter(originalPriceCents, coupon.discountPercentage) : originalPriceCents;
  return { tokensCents, originalPriceCents, priceCents, tokenPackage, coupon };
}

/**
 * `POST /coupons/{code}/apply-coupon`: checks the coupon for this fan (exists, active, not expired,
 * uses left, not used by them) and, given an amount or a package, the price to pay. Nothing is
 * consumed: the use is recorded when a top-up with it is paid.
 */
export async function applyCoupon(
  ctx: AppContext,
  options: { actor: Actor; code: string; input: TApplyCouponRequest },
): Promise<TAppliedCoupon> {
  const input = options.input ?? {};
  if (input.amount === undefined && input.packageId === undefined) {
    const coupon = await usableCoupon(ctx, { code: options.code, userId: options.actor.id });
    return {
      couponId: coupon.id,
      code: coupon.code,
      discountPercentage: coupon.discountPercentage,
      amount: null,
      price: null,
    };
  }
  const quote = await quoteTopUp(ctx, {
    userId: options.actor.id,
    amount: input.amount,
    packageId: input.packageId,
    couponCode: options.code,
  });
  const coupon = quote.coupon!;
  return {
    couponId: coupon.id,
    code: coupon.code,
    discountPercentage: coupon.discountPercentage,
    amount: fromCents(quote.tokensCents),
    price: fromCents(quote.priceCents),
  };
}

// ---------------------------------------------------------------- top-ups

const customerOf = (actor: Actor): CheckoutCustomer => ({
  userId: actor.id,
  email: actor.user?.email ?? null,
  name: actor.user?.name ?? '',
});

/**
 * `POST /payment/wallet/top-up`: a pending payment order at the current gateway and where to pay
 * it. Nothing is credited here: only the gateway's confirmation (webhook) credits the wallet.
 */
export async function startTopUp(
  ctx: AppContext,
  options: { actor: Actor; input: TTopUpRequest; idempotency: IdempotencyScope | null },
): Promise<TTopUp> {
  const { actor, input } = options;
  const quote = await quoteTopUp(ctx, {
    userId: actor.id,
    amount: input.amount,
    packageId: input.packageId,
    couponCode: input.couponCode,
  });
  if (quote.priceCents < minimumChargeCents) {
    throw new AppError(
      'UNPROCESSABLE',
      `The price to pay must be at least ${fromCents(minimumChargeCents).toFixed(2)}.`,
      [{ path: 'amount', message: 'Choose a larger amount.' }],
    );
  }
  const gatewayName = await currentGatewayName(ctx);
  const gateway = gatewayOf(ctx, gatewayName);
  let savedCardId: string | null = null;
  if (input.paymentCardId) {
    const card = await repo.findUserCard(ctx.db.db, { id: input.paymentCardId, userId: actor.id });
    if (!card || card.gateway !== gatewayName) throw notFound('That card');
    savedCardId = card.gatewayCardId;
  }
  // Outside the transaction: it may call the gateway and write its own row.
  const customerId = gateway.ensureCustomer ? await gateway.ensureCustomer(customerOf(actor)) : null;
  const now = ctx.clock.now();
  return inMoneyTransaction(ctx, (tx) =>
    withIdempotency(tx, options.idempotency, async () => {
      const order = await repo.insertPaymentOrder(tx, {
        userId: actor.id,
        tokenPackageId: quote.tokenPackage?.id ?? null,
        tokensCents: quote.tokensCents,
        originalPriceCents: quote.originalPriceCents,
        priceCents: quote.priceCents,
        couponId: quote.coupon?.id ?? null,
        discountPercentage: quote.coupon?.discountPercentage ?? 0,
        gateway: gatewayName,
        createdAt: now,
        updatedAt: now,
      });
      const started = await gateway.startPayment({ order, customerId, savedCardId });
      const saved = await repo.setOrderGatewayPayment(tx, {
        id: order.id,
        gatewayPaymentId: started.gatewayPaymentId,
        now,
      });
      return {
        order: presentOrder({
          order: saved,
          couponCode: quote.coupon?.code ?? null,
          packageName: quote.tokenPackage?.name ?? null,
        }),
        checkoutUrl: started.checkoutUrl,
        clientSecret: started.clientSecret,
      };
    }),
  );
}

/** One of the actor's own payment orders (another person's answers the same 404 as a missing one). */
export async function getMyOrder(
  ctx: AppContext,
  options: { actor: Actor; id: string },
): Promise<TPaymentOrder> {
  const found = await repo.findUserOrder(ctx.db.db, { id: options.id, userId: options.actor.id });
  if (!found) throw notFound('That payment');
  return presentOrder(found);
}

/** `GET /payment/transactions/user/search`: the actor's payment orders, newest first. */
export async function searchMyOrders(
  ctx: AppContext,
  options: { actor: Actor; query: TPaymentOrderSearchQuery },
): Promise<{ data: TPaymentOrder[]; total: number }> {
  const { rows, total } = await repo.searchUserOrders(ctx.db.db, {
    userId: options.actor.id,
    ...options.query,
  });
  return { data: rows.map(presentOrder), total };
}

/** Cancels a pending order the fan gave up on (a later confirmation from the gateway still credits). */
export async function cancelMyOrder(
  ctx: AppContext,
  options: { actor: Actor; id: string },
): Promise<TPaymentOrder> {
  const found = await repo.findUserOrder(ctx.db.db, { id: options.id, userId: options.actor.id });
  if (!found) throw notFound('That payment');
  if (found.order.status === 'pending' || found.order.status === 'failed') {
    await repo.markOrderStatus(ctx.db.db, { id: found.order.id, status: 'cancelled', now: ctx.clock.now() });
  }
  return getMyOrder(ctx, options);
}

// ---------------------------------------------------------------- abandoned checkouts

/**
 * How long a top-up may wait for its payment before it expires. Neither the product spec nor the
 * business rules say; we chose one hour. A card payment (Stripe's card form or the sandbox page,
 * a 3-D Secure challenge included) completes within minutes, and Stripe's own hosted checkout
 * lets a session live 30 minutes at the least; an hour leaves room for a slow bank challenge while
 * the wallet stops saying "waiting" the same hour. Only top-ups expire: a card subscription's
 * orders belong to its own flow (a renewal order left pending must stay retryable).
 */
export const topUpLifetimeMs = 60 * 60 * 1000;

const expiredReason = 'The payment was not completed within an hour, so nothing was charged.';

/**
 * Expires the top-ups still pending an hour after they started (the fan left the checkout), so the
 * wallet stops waiting for them, and tells each fan's open pages once. Nothing is cancelled at the
 * gateway: if the fan still pays (a Stripe page left open), the webhook credits the expired order
 * as usual. Safe to run on several servers at once: one UPDATE, each order changes once.
 */
export async function expireAbandonedTopUps(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const expired = await repo.expirePendingTopUps(ctx.db.db, {
    startedBefore: new Date(now.getTime() - topUpLifetimeMs),
    failureReason: expiredReason,
    now,
  });
  for (const order of expired) {
    try {
      ctx.realtime.toUser(order.userId, 'notification', {
        type: 'top-up',
        title: 'Your top-up was not completed',
        text: `The payment of ${fromCents(order.priceCents).toFixed(2)} was not completed within an hour, so nothing was charged. You can start a new top-up in your wallet.`,
        link: '/user/wallet',
        createdAt: now.toISOString(),
      });
    } catch (err) {
      ctx.log.warn({ err, orderId: order.id }, 'could not announce the expired top-up');
    }
  }
  return expired.length;
}

// ---------------------------------------------------------------- webhooks

export type WebhookOutcome =
  | 'credited'
  | 'already_paid'
  | 'failed'
  | 'ignored'
  | 'ignored_after_paid'
  | 'duplicate'
  | 'unknown_order'
  | 'amount_mismatch'
  | 'unknown_subscription'
  | 'updated'
  | 'ended'
  | 'unknown_account';

/**
 * Verifies a gateway's webhook (raw body and headers) and processes it. A bad signature is 400 and
 * changes nothing; everything else is answered 200 with what it did (the gateway must not retry an
 * event we chose to ignore).
 */
export async function receiveWebhook(
  ctx: AppContext,
  options: {
    gateway: PaymentGatewayName;
    rawBody: Buffer;
    headers: Record<string, string | string[] | undefined>;
  },
): Promise<{ received: true; outcome: WebhookOutcome }> {
  // Stripe retries any 5xx for days: a site without Stripe says so once, with a 404.
  if (options.gateway === 'stripe' && !isStripeConfigured(ctx.config)) {
    throw new AppError('NOT_FOUND', 'Stripe is not configured on this site.');
  }
  let event: GatewayEvent;
  try {
    event = gatewayOf(ctx, options.gateway).parseWebhook(options.rawBody, options.headers);
    const unstorable = findTextProblem(event);
    if (unstorable) throw new WebhookRejected(`${unstorable.path}: ${unstorable.message}`);
  } catch (error) {
    if (!(error instanceof WebhookRejected)) throw error;
    ctx.log.warn({ gateway: options.gateway, reason: error.message }, 'payment webhook refused');
    throw new AppError('VALIDATION_FAILED', 'The webhook signature or payload is not valid.');
  }
  const outcome = await confirmGatewayEvent(ctx, { gateway: options.gateway, event });
  const level = ['unknown_order', 'amount_mismatch'].includes(outcome)
    ? 'error'
    : outcome === 'duplicate'
      ? 'warn'
      : 'info';
  ctx.log[level](
    { gateway: options.gateway, eventId: event.eventId, type: event.type, outcome },
    'payment webhook',
  );
  return { received: true, outcome };
}

/**
 * Applies one verified gateway event, exactly once per event id, in one transaction: a success
 * credits the order's tokens (ledger: clearing −price, platform −discount, wallet +tokens, keyed by
 * the gateway's payment id so a payment credits once whatever its events) and records the coupon
 * use; a failure marks a pending order failed. Events may come in any order: a failure after the
 * payment succeeded changes nothing, and a success after a failure, a cancel or an expiry still
 * credits (the gateway collected the money: it is never dropped).
 */
export async function confirmGatewayEvent(
  ctx: AppContext,
  options: { gateway: PaymentGatewayName; event: GatewayEvent },
): Promise<WebhookOutcome> {
  const { gateway, event } = options;
  const now = ctx.clock.now();
  // Read before the transaction (PGlite has one connection).
  const defaultCommissionRate = event.invoice ? (await ctx.settings.getAll()).performerCommission : 0;
  let card: CardEventResult | null = null;
  /** What the fan is told once the transaction committed. */
  let topUp: {
    userId: string;
    balanceCents: number | null;
    tokensCents: number;
    failed: string | null;
  } | null = null;
  const outcome = await inMoneyTransaction(ctx, async (tx): Promise<WebhookOutcome> => {
    card = null;
    topUp = null;
    const claimed = await repo.claimGatewayEvent(tx, {
      gateway,
      eventId: event.eventId,
      type: event.type,
      payload: event.summary,
      now,
    });
    if (!claimed) return 'duplicate';
    const decide = async (): Promise<{ outcome: WebhookOutcome; orderId: string | null }> => {
      if (event.account) {
        const known = await recordConnectedAccount(tx, event.account);
        return { outcome: known ? 'updated' : 'unknown_account', orderId: null };
      }
      if (event.subscription) {
        card = await applyCardSubscriptionChange(tx, { gateway, change: event.subscription, now });
        return card;
      }
      if (event.invoice && event.outcome !== 'ignored') {
        card = await applyCardInvoice(tx, {
          gateway,
          event: event as GatewayEvent & { invoice: GatewayInvoice },
          defaultCommissionRate,
          log: ctx.log,
          now,
        });
        return card;
      }
      if (event.outcome === 'ignored') return { outcome: 'ignored', orderId: null };
      const order = await repo.lockOrderOfEvent(tx, {
        gateway,
        gatewayPaymentId: event.gatewayPaymentId,
        orderId: event.orderId,
      });
      if (!order) return { outcome: 'unknown_order', orderId: null };
      // A subscription order is only ever paid through its subscription's event (above).
      if (order.type !== 'wallet_top_up') return { outcome: 'unknown_order', orderId: order.id };
      if (event.outcome === 'failed') {
        if (order.status === 'paid') return { outcome: 'ignored_after_paid', orderId: order.id };
        await repo.markOrderStatus(tx, {
          id: order.id,
          status: 'failed',
          failureReason: event.failureReason ?? 'The payment failed.',
          now,
        });
        topUp = {
          userId: order.userId,
          balanceCents: null,
          tokensCents: order.tokensCents,
          failed: event.failureReason ?? 'The payment failed.',
        };
        return { outcome: 'failed', orderId: order.id };
      }
      if (order.status === 'paid') return { outcome: 'already_paid', orderId: order.id };
      if (event.amountCents !== order.priceCents || (event.currency ?? '').toLowerCase() !== order.currency) {
        ctx.log.error(
          { orderId: order.id, expected: order.priceCents, got: event.amountCents, currency: event.currency },
          'payment amount does not match the order: not credited',
        );
        return { outcome: 'amount_mismatch', orderId: order.id };
      }
      const discountCents = order.originalPriceCents - order.priceCents;
      const posted = await creditTopUp(tx, {
        fanId: order.userId,
        priceCents: order.priceCents,
        tokensCents: order.tokensCents,
        reference: `payment_order:${order.id}`,
        ledgerKey: `${gateway}:${order.gatewayPaymentId ?? event.gatewayPaymentId ?? order.id}`,
        metadata: {
          orderId: order.id,
          gateway,
          eventId: event.eventId,
          priceCents: order.priceCents,
          ...(order.couponId ? { couponId: order.couponId, discountCents } : {}),
        },
        now,
      });
      if (order.couponId) {
        const isNewUse = await repo.recordCouponUse(tx, {
          couponId: order.couponId,
          userId: order.userId,
          paymentOrderId: order.id,
          now,
        });
        if (!isNewUse) {
          ctx.log.warn(
            { orderId: order.id, couponId: order.couponId },
            'coupon was already used by this fan',
          );
        }
      }
      await repo.markOrderPaid(tx, { id: order.id, ledgerTransactionId: posted.transactionId, now });
      if (posted.isNew) {
        topUp = {
          userId: order.userId,
          balanceCents: posted.walletBalances.get(order.userId) ?? null,
          tokensCents: order.tokensCents,
          failed: null,
        };
      }
      return { outcome: posted.isNew ? 'credited' : 'already_paid', orderId: order.id };
    };
    const { outcome, orderId } = await decide();
    await repo.setGatewayEventOutcome(tx, {
      gateway,
      eventId: event.eventId,
      outcome,
      paymentOrderId: orderId,
    });
    return outcome;
  });
  const notice = (card as CardEventResult | null)?.notice;
  if (notice) await noticeCardRenewalFailed(ctx, notice, gateway === 'sandbox');
  if (topUp) announceTopUp(ctx, topUp);
  const started = (card as CardEventResult | null)?.started;
  if (started) {
    await sendWelcomeMessage(ctx, { ...started, trigger: 'subscribe' });
    await noticeCardSubscriptionStarted(ctx, started);
  }
  const renewed = (card as CardEventResult | null)?.renewed;
  if (renewed) await noticeCardSubscriptionRenewed(ctx, renewed);
  return outcome;
}

/** Live to the fan's open pages: the new balance and a notice, or why the payment failed. */
function announceTopUp(
  ctx: AppContext,
  topUp: { userId: string; balanceCents: number | null; tokensCents: number; failed: string | null },
): void {
  const createdAt = ctx.clock.now().toISOString();
  try {
    if (topUp.failed) {
      ctx.realtime.toUser(topUp.userId, 'notification', {
        type: 'top-up',
        title: 'Your top-up did not go through',
        text: topUp.failed,
        link: '/user/wallet',
        createdAt,
      });
      return;
    }
    if (topUp.balanceCents !== null) {
      ctx.realtime.toUser(topUp.userId, 'wallet/balance', { balance: fromCents(topUp.balanceCents) });
    }
    ctx.realtime.toUser(topUp.userId, 'notification', {
      type: 'top-up',
      title: 'Top-up received',
      text: `${fromCents(topUp.tokensCents).toFixed(2)} was added to your wallet.`,
      link: '/user/wallet',
      createdAt,
    });
  } catch (err) {
    ctx.log.warn({ err }, 'could not announce the top-up');
  }
}

/**
 * The sandbox bank: decides the outcome from the test card, then delivers a signed webhook through
 * the same verification and processing as a real gateway. Answers the order as it is afterwards.
 */
export async function paySandboxCheckout(
  ctx: AppContext,
  options: { actor: Actor; orderId: string; input: TSandboxPayRequest },
): Promise<TPaymentOrder> {
  const found = await repo.findUserOrder(ctx.db.db, { id: options.orderId, userId: options.actor.id });
  if (found?.order.gateway !== 'sandbox' || !found.order.gatewayPaymentId) {
    throw notFound('That payment');
  }
  const { order } = found;
  if (order.status === 'paid') throw new AppError('CONFLICT', 'This payment was already made.');
  if (order.status === 'cancelled') throw new AppError('CONFLICT', 'This payment was cancelled.');
  if (order.status === 'expired') {
    throw new AppError(
      'CONFLICT',
      'This checkout has expired and nothing was charged. Start a new top-up from your wallet.',
    );
  }
  const cardNumber = options.input.cardNumber;
  let subscription: TSandboxEvent['data']['subscription'];
  if (order.cardSubscriptionId) {
    // The first period of a card subscription starts when it is paid.
    const row = await findCardSubscription(ctx.db.db, order.cardSubscriptionId);
    if (!row?.gatewaySubscriptionId) throw notFound('That payment');
    const start = ctx.clock.now();
    subscription = {
      id: row.gatewaySubscriptionId,
      cardSubscriptionId: row.id,
      periodStart: Math.floor(start.getTime() / 1000),
      periodEnd: Math.floor((start.getTime() + cardPeriodMs(row.plan)) / 1000),
      cardLast4: cardNumber.slice(-4),
    };
  }
  await deliverSandboxEvent(ctx, { order, result: sandboxOutcomeOf(cardNumber), subscription });
  return getMyOrder(ctx, { actor: options.actor, id: order.id });
}

/** The sandbox bank's signed webhook about one order, through the same path as any gateway's. */
async function deliverSandboxEvent(
  ctx: AppContext,
  options: {
    order: repo.PaymentOrderRow;
    result: SandboxOutcome;
    subscription?: TSandboxEvent['data']['subscription'];
  },
): Promise<WebhookOutcome> {
  const { order, result } = options;
  const event: TSandboxEvent = {
    id: newSandboxEventId(),
    type: result.status === 'succeeded' ? 'payment.succeeded' : 'payment.failed',
    created: Math.floor(ctx.clock.now().getTime() / 1000),
    data: {
      paymentId: order.gatewayPaymentId!,
      orderId: order.id,
      amountCents: order.priceCents,
      currency: order.currency,
      failureCode: result.status === 'failed' ? result.code : null,
      failureMessage: result.status === 'failed' ? result.message : null,
      ...(options.subscription ? { subscription: options.subscription } : {}),
    },
  };
  const rawBody = JSON.stringify(event);
  const answer = await receiveWebhook(ctx, {
    gateway: 'sandbox',
    rawBody: Buffer.from(rawBody),
    headers: { [sandboxSignatureHeader]: signSandboxPayload(ctx, rawBody) },
  });
  return answer.outcome;
}

export type SandboxRenewalOutcome = 'renewed' | 'lapsed' | 'skipped';

/**
 * The sandbox's recurring billing, asked by the renewal job for one period of a card subscription
 * that ended at `periodEnd`: an order per period (its payment id is derived from the period, so
 * two workers share one order), charged to the test card that paid before, answered through the
 * signed webhook path like the first period. Crediting is once per order whatever runs overlap.
 */
export async function chargeSandboxRenewal(
  ctx: AppContext,
  options: { cardSubscriptionId: string; periodEnd: Date },
): Promise<SandboxRenewalOutcome> {
  const row = await findCardSubscription(ctx.db.db, options.cardSubscriptionId);
  if (
    !row?.gatewaySubscriptionId ||
    row.gateway !== 'sandbox' ||
    row.status !== 'active' ||
    row.cancelAtPeriodEnd ||
    row.currentPeriodEnd?.getTime() !== options.periodEnd.getTime()
  ) {
    return 'skipped';
  }
  const now = ctx.clock.now();
  const periodEndUnix = Math.floor(options.periodEnd.getTime() / 1000);
  const order = await repo.insertOrderOnce(ctx.db.db, {
    userId: row.fanId,
    type: 'subscription',
    cardSubscriptionId: row.id,
    tokensCents: row.priceCents,
    originalPriceCents: row.priceCents,
    priceCents: row.priceCents,
    gateway: 'sandbox',
    gatewayPaymentId: `sbx_pay_${row.id.replaceAll('-', '')}_${periodEndUnix}`,
    createdAt: now,
    updatedAt: now,
  });
  if (order.status !== 'pending') return 'skipped';
  const outcome = await deliverSandboxEvent(ctx, {
    order,
    result: sandboxRenewalOutcomeOf(row.cardLast4),
    subscription: {
      id: row.gatewaySubscriptionId,
      cardSubscriptionId: row.id,
      periodStart: periodEndUnix,
      periodEnd: Math.floor((options.periodEnd.getTime() + cardPeriodMs(row.plan)) / 1000),
      cardLast4: row.cardLast4 ?? '0000',
    },
  });
  return outcome === 'credited' ? 'renewed' : outcome === 'failed' ? 'lapsed' : 'skipped';
}

// ---------------------------------------------------------------- gateway in use

/** Which gateway the pages' card forms talk to (no secrets: the publishable key is public). */
export async function getGatewayInfo(ctx: AppContext): Promise<TPaymentGatewayInfo> {
  let gateway: TPaymentGatewayInfo['gateway'];
  try {
    gateway = await currentGatewayName(ctx);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    gateway = null;
  }
  const settings = await ctx.settings.getAll();
  return {
    gateway,
    stripePublishableKey:
      gateway === 'stripe' && settings.stripePublishableKey ? settings.stripePublishableKey : null,
    stripeConnect: isStripeConfigured(ctx.config),
  };
}

// ---------------------------------------------------------------- saved cards

export async function listMyCards(ctx: AppContext, options: { actor: Actor }): Promise<TPaymentCard[]> {
  return (await repo.listUserCards(ctx.db.db, options.actor.id)).map(presentCard);
}

/** Saves a card made on the page by the gateway's script (attached to the fan's customer). */
export async function addMyCard(
  ctx: AppContext,
  options: { actor: Actor; provider: 'stripe'; paymentMethodId: string },
): Promise<TPaymentCard> {
  const gateway = gatewayOf(ctx, options.provider);
  if (!gateway.attachCard || !gateway.ensureCustomer) {
    throw new AppError('UNPROCESSABLE', 'This gateway does not keep cards.');
  }
  const customerId = await gateway.ensureCustomer(customerOf(options.actor));
  let facts: Awaited<ReturnType<NonNullable<typeof gateway.attachCard>>>;
  try {
    facts = await gateway.attachCard({ customerId, paymentMethodId: options.paymentMethodId });
  } catch (error) {
    ctx.log.warn({ err: error }, 'card could not be attached');
    throw new AppError('UNPROCESSABLE', 'This card could not be saved. Check it and try again.');
  }
  const row = await repo.upsertCard(ctx.db.db, {
    userId: options.actor.id,
    gateway: options.provider,
    gatewayCardId: facts.gatewayCardId,
    brand: facts.brand,
    last4: facts.last4,
    expMonth: facts.expMonth,
    expYear: facts.expYear,
    createdAt: ctx.clock.now(),
  });
  if (!row) throw new AppError('CONFLICT', 'This card is saved on another account.');
  return presentCard(row);
}

/** Removes one of the actor's saved cards (at the gateway too). */
export async function deleteMyCard(
  ctx: AppContext,
  options: { actor: Actor; id: string },
): Promise<{ success: true }> {
  const card = await repo.findUserCard(ctx.db.db, { id: options.id, userId: options.actor.id });
  if (!card) throw notFound('That card');
  const gateway = gatewayOf(ctx, card.gateway);
  try {
    await gateway.detachCard?.({ gatewayCardId: card.gatewayCardId });
  } catch (error) {
    // The card stays unusable here either way; the gateway's copy is only a reference.
    ctx.log.warn({ err: error, cardId: card.id }, 'card could not be detached at the gateway');
  }
  await repo.deleteCard(ctx.db.db, card.id);
  return { success: true };
}
