import {
  fromCents,
  siteSubscriptionPeriodDays,
  subscriptionPeriodDays,
  type TCardCheckout,
  type TCardSubscription,
  type TSubscriptionType,
  toCents,
} from '@fanstage/contract';
import type { CardSubscriptionPlan, PaymentGatewayName, Transaction } from '@fanstage/db';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/app-error';
import type { Actor } from '../auth/sessions';
import { onFanJoined } from '../feeds/timeline.service';
import { notify } from '../notifications/notifications.service';
import {
  currentGatewayName,
  type GatewayEvent,
  type GatewayInvoice,
  type GatewaySubscriptionChange,
  gatewayOf,
} from '../payments/payments.gateway';
import * as paymentsRepo from '../payments/payments.repo';
import { chargeCardInvoice, type IdempotencyScope, inMoneyTransaction, withIdempotency } from '../wallet';
import {
  type CardSubscriptionRow,
  findFanCardSubscription,
  findRenewingCardOf,
  findRenewingSiteCard,
  findSiteExpiry,
  insertCardSubscription,
  listFanCardSubscriptions,
  lockCardSubscriptionOfEvent,
  lockSiteMembership,
  saveSiteMembership,
  updateCardSubscription,
} from './card-subscriptions.repo';
import {
  findPlanPrices,
  findSubscriptionById,
  findSubscriptionOf,
  findUserContact,
  lockSubscription,
  type SubscriptionRow,
  updateSubscription,
} from './subscriptions.repo';

/*
 * Subscriptions paid by card with recurring billing at the payment gateway (ARCHITECTURE.md
 * "Payments" → "Card subscriptions"). Subscribing makes a card subscription in status `incomplete`
 * and starts it at the gateway; nothing is granted until the gateway's signed event says a period
 * was paid. Each paid period is credited once (ledger key `<gateway>:invoice:<id>`): gateway
 * clearing −price, creator earnings +net, platform +commission (the site membership: all to the
 * platform), and extends access to the end of the period it paid for, whatever order events come in.
 */

const dayMs = 24 * 60 * 60 * 1000;
/** The smallest price a gateway can charge (Stripe's minimum in USD), as for top-ups. */
const minimumCardChargeCents = 50;
const later = (a: Date | null, b: Date) => (a && a > b ? a : b);

export const periodDaysOf = (plan: CardSubscriptionPlan) =>
  plan === 'site' ? siteSubscriptionPeriodDays : subscriptionPeriodDays[plan];

export function presentCardSubscription(row: CardSubscriptionRow): TCardSubscription {
  return {
    _id: row.id,
    kind: row.kind,
    performerId: row.performerId,
    plan: row.plan,
    gateway: row.gateway,
    status: row.status,
    price: fromCents(row.priceCents),
    currency: row.currency,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    failureReason: row.failureReason,
    subscriptionId: row.subscriptionId,
    createdAt: row.createdAt.toISOString(),
  };
}

const isStripeError = (error: unknown): error is Error & { type: string } =>
  error instanceof Error && typeof (error as { type?: unknown }).type === 'string';

interface StartOptions {
  actor: Actor;
  kind: 'performer' | 'site';
  performerId: string | null;
  plan: CardSubscriptionPlan;
  priceCents: number;
  description: string;
  returnPath: string;
  paymentCardId?: string;
  idempotency: IdempotencyScope | null;
}

/** Starts a card subscription at the current gateway: where to pay its first period. */
async function startCardSubscription(ctx: AppContext, options: StartOptions): Promise<TCardCheckout> {
  const { actor } = options;
  if (options.priceCents < minimumCardChargeCents) {
    throw new AppError(
      'UNPROCESSABLE',
      `A card payment must be at least ${fromCents(minimumCardChargeCents).toFixed(2)}. Please pay from your wallet.`,
      [{ path: 'paymentMethod', message: 'Pay from your wallet.' }],
    );
  }
  const gatewayName = await currentGatewayName(ctx);
  const gateway = gatewayOf(ctx, gatewayName);
  let savedCardId: string | null = null;
  if (options.paymentCardId) {
    const card = await paymentsRepo.findUserCard(ctx.db.db, { id: options.paymentCardId, userId: actor.id });
    if (!card || card.gateway !== gatewayName) throw notFound('That card');
    savedCardId = card.gatewayCardId;
  }
  // Outside the transaction: it may call the gateway and write its own row.
  const customerId = gateway.ensureCustomer
    ? await gateway.ensureCustomer({
        userId: actor.id,
        email: actor.user?.email ?? null,
        name: actor.user?.name ?? '',
      })
    : null;
  const now = ctx.clock.now();
  return inMoneyTransaction(ctx, (tx) =>
    withIdempotency(tx, options.idempotency, async () => {
      const row = await insertCardSubscription(tx, {
        fanId: actor.id,
        kind: options.kind,
        performerId: options.performerId,
        plan: options.plan,
        gateway: gatewayName,
        priceCents: options.priceCents,
        createdAt: now,
        updatedAt: now,
      });
      let firstOrder = gateway.paysFirstPeriodThroughOrder
        ? await paymentsRepo.insertPaymentOrder(tx, {
            userId: actor.id,
            type: 'subscription',
            cardSubscriptionId: row.id,
            tokensCents: options.priceCents,
            originalPriceCents: options.priceCents,
            priceCents: options.priceCents,
            gateway: gatewayName,
            createdAt: now,
            updatedAt: now,
          })
        : null;
      if (firstOrder) {
        firstOrder = await paymentsRepo.setOrderGatewayPayment(tx, {
          id: firstOrder.id,
          gatewayPaymentId: `sbx_pay_${firstOrder.id.replaceAll('-', '')}`,
          now,
        });
      }
      let started: Awaited<ReturnType<typeof gateway.startSubscription>>;
      try {
        started = await gateway.startSubscription({
          cardSubscription: row,
          description: options.description,
          periodDays: periodDaysOf(options.plan),
          customerId,
          savedCardId,
          firstOrder,
        });
      } catch (error) {
        if (!isStripeError(error)) throw error;
        ctx.log.warn({ err: error, cardSubscriptionId: row.id }, 'card subscription could not start');
        throw new AppError('UNPROCESSABLE', `The card subscription could not be started: ${error.message}`);
      }
      const saved = await updateCardSubscription(tx, row.id, {
        gatewaySubscriptionId: started.gatewaySubscriptionId,
      });
      return {
        paymentMethod: 'card' as const,
        cardSubscription: presentCardSubscription(saved),
        checkoutUrl: started.checkoutUrl,
        clientSecret: started.clientSecret,
      };
    }),
  );
}

const planNames = { monthly: 'monthly', yearly: 'yearly' } as const;

/**
 * `POST /payment/subscribe/performers` with `card`: a monthly or yearly card subscription to a
 * creator the caller has already checked is visible. Refused while a subscription to that creator
 * is running: its days would otherwise overlap with the card's first period.
 */
export async function subscribePerformerByCard(
  ctx: AppContext,
  options: {
    actor: Actor;
    performer: { id: string; name: string; username: string | null };
    type: TSubscriptionType;
    paymentCardId?: string;
    idempotency: IdempotencyScope | null;
  },
): Promise<TCardCheckout> {
  const { actor, performer, type } = options;
  if (type === 'free') {
    throw new AppError(
      'UNPROCESSABLE',
      'The free subscription needs no card: choose the wallet to claim it.',
      [{ path: 'paymentMethod', message: 'Choose the wallet.' }],
    );
  }
  const prices = await findPlanPrices(ctx.db.db, performer.id);
  if (!prices) throw notFound('That creator');
  const priceCents = type === 'monthly' ? prices.monthlyPriceCents : prices.yearlyPriceCents;
  if (priceCents === null || priceCents <= 0) {
    throw new AppError('UNPROCESSABLE', `This creator does not offer a ${planNames[type]} subscription.`, [
      { path: 'type', message: 'Not offered.' },
    ]);
  }
  const current = await findSubscriptionOf(ctx.db.db, { fanId: actor.id, performerId: performer.id });
  if (current && current.expiredAt > ctx.clock.now()) {
    throw new AppError(
      'UNPROCESSABLE',
      `You are already subscribed to this creator until ${current.expiredAt.toISOString().slice(0, 10)}. You can subscribe by card once it ends.`,
    );
  }
  return startCardSubscription(ctx, {
    actor,
    kind: 'performer',
    performerId: performer.id,
    plan: type,
    priceCents,
    description: `${type === 'monthly' ? 'Monthly' : 'Yearly'} subscription to ${performer.name}`,
    returnPath: `/${performer.username ?? performer.id}`,
    paymentCardId: options.paymentCardId,
    idempotency: options.idempotency,
  });
}

/**
 * `POST /payment/subscribe/site` with `card`: the site membership renewed monthly by the gateway.
 * The free trial needs no card, and a running membership must end first (like creator subscriptions).
 */
export async function subscribeSiteByCard(
  ctx: AppContext,
  options: { actor: Actor; paymentCardId?: string; idempotency: IdempotencyScope | null },
): Promise<TCardCheckout> {
  const settings = await ctx.settings.getAll();
  const expiresAt = await findSiteExpiry(ctx.db.db, options.actor.id);
  if (settings.trialEnabled && expiresAt === null) {
    throw new AppError('UNPROCESSABLE', 'Your free trial needs no card: choose the wallet to start it.', [
      { path: 'paymentMethod', message: 'Choose the wallet.' },
    ]);
  }
  if (
    (expiresAt && expiresAt > ctx.clock.now()) ||
    (await findRenewingSiteCard(ctx.db.db, options.actor.id))
  ) {
    throw new AppError(
      'UNPROCESSABLE',
      `Your membership already runs until ${expiresAt?.toISOString().slice(0, 10) ?? 'the end of the period'}. You can pay by card once it ends.`,
    );
  }
  return startCardSubscription(ctx, {
    actor: options.actor,
    kind: 'site',
    performerId: null,
    plan: 'site',
    priceCents: toCents(settings.siteSubscriptionPrice),
    description: `${settings.siteName} membership`,
    returnPath: '/home',
    paymentCardId: options.paymentCardId,
    idempotency: options.idempotency,
  });
}

/** The fan's card subscriptions, newest first. */
export async function listMyCardSubscriptions(
  ctx: AppContext,
  options: { actor: Actor },
): Promise<TCardSubscription[]> {
  return (await listFanCardSubscriptions(ctx.db.db, options.actor.id)).map(presentCardSubscription);
}

/** One of the fan's card subscriptions (another fan's is the same 404 as a missing one). */
export async function getMyCardSubscription(
  ctx: AppContext,
  options: { actor: Actor; id: string },
): Promise<TCardSubscription> {
  const row = await findFanCardSubscription(ctx.db.db, { id: options.id, fanId: options.actor.id });
  if (!row) throw notFound('That subscription');
  return presentCardSubscription(row);
}

/** Tells the gateway to stop renewing at period end; a gateway that cannot be reached is a 503. */
async function cancelAtGateway(ctx: AppContext, row: CardSubscriptionRow) {
  if (!row.gatewaySubscriptionId) return;
  try {
    await gatewayOf(ctx, row.gateway).cancelSubscriptionAtPeriodEnd({
      gatewaySubscriptionId: row.gatewaySubscriptionId,
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    ctx.log.error({ err: error, cardSubscriptionId: row.id }, 'gateway cancel failed');
    throw new AppError(
      'UNAVAILABLE',
      'The payment gateway could not be reached to stop the renewal. Nothing changed; please try again.',
    );
  }
}

/**
 * Sends a refunded card payment back to the card at its gateway (the charge's metadata names the
 * gateway and the invoice). Runs inside the refund's transaction: a gateway that refuses or cannot
 * be reached rolls the refund back (503), and the retry reuses the key, so the card is refunded once.
 */
export async function refundCardPayment(
  ctx: AppContext,
  options: { chargeTransactionId: string; chargeMetadata: Record<string, unknown>; amountCents: number },
): Promise<void> {
  const { gateway, invoiceId } = options.chargeMetadata;
  if ((gateway !== 'stripe' && gateway !== 'sandbox') || typeof invoiceId !== 'string') {
    throw new Error(`card charge ${options.chargeTransactionId} does not name its gateway and invoice`);
  }
  try {
    await gatewayOf(ctx, gateway).refundInvoice({
      invoiceId,
      amountCents: options.amountCents,
      idempotencyKey: `refund:${options.chargeTransactionId}`,
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    ctx.log.error({ err: error, chargeTransactionId: options.chargeTransactionId }, 'gateway refund failed');
    throw new AppError(
      'UNAVAILABLE',
      'The payment gateway could not refund the card. Nothing changed; please try again.',
    );
  }
}

/**
 * Asks the gateway to stop billing a card subscription that a refund ended (after the refund
 * committed). Never throws: the refund stands, and a failure is logged for the admin to finish
 * in the gateway's dashboard.
 */
export async function stopGatewayBillingAfterRefund(
  ctx: AppContext,
  row: CardSubscriptionRow,
): Promise<void> {
  try {
    await cancelAtGateway(ctx, row);
  } catch (error) {
    ctx.log.error(
      { err: error, cardSubscriptionId: row.id },
      'could not stop gateway billing after a refund',
    );
  }
}

/** Marks a card subscription cancelled at period end and stops the renewal of what it pays for. */
async function markCancelled(tx: Transaction, row: CardSubscriptionRow, now: Date) {
  const updated = await updateCardSubscription(tx, row.id, { cancelAtPeriodEnd: true });
  if (row.kind === 'performer' && row.subscriptionId) {
    const sub = await findSubscriptionById(tx, row.subscriptionId);
    if (sub?.paymentMethod === 'card' && sub.autoRenew) {
      await updateSubscription(tx, sub.id, { autoRenew: false, cancelledAt: now });
    }
  }
  if (row.kind === 'site') {
    await lockSiteMembership(tx, row.fanId);
    await saveSiteMembership(tx, { fanId: row.fanId, patch: { autoRenew: false } });
  }
  return updated;
}

/**
 * Cancels the card renewal of a fan's creator subscription row at the gateway, at period end.
 * Answers null when the row is not renewed by a card (the caller handles wallet rows).
 */
export async function cancelCardRenewalOf(
  ctx: AppContext,
  options: { row: SubscriptionRow },
): Promise<SubscriptionRow | null> {
  const card = await findRenewingCardOf(ctx.db.db, options.row.id);
  if (!card) return null;
  if (!card.cancelAtPeriodEnd) await cancelAtGateway(ctx, card);
  const now = ctx.clock.now();
  await ctx.db.db.transaction((tx) => markCancelled(tx, card, now));
  return findSubscriptionById(ctx.db.db, options.row.id);
}

/** `POST /payment/card-subscriptions/{id}/cancel`: stops renewals at period end (site membership too). */
export async function cancelMyCardSubscription(
  ctx: AppContext,
  options: { actor: Actor; id: string },
): Promise<TCardSubscription> {
  const row = await findFanCardSubscription(ctx.db.db, { id: options.id, fanId: options.actor.id });
  if (!row) throw notFound('That subscription');
  if (row.status === 'ended' || row.cancelAtPeriodEnd) return presentCardSubscription(row);
  await cancelAtGateway(ctx, row);
  const now = ctx.clock.now();
  return presentCardSubscription(await ctx.db.db.transaction((tx) => markCancelled(tx, row, now)));
}

// ---------------------------------------------------------------- gateway events

export type CardEventOutcome =
  | 'credited'
  | 'already_paid'
  | 'failed'
  | 'ignored_after_paid'
  | 'unknown_subscription'
  | 'amount_mismatch'
  | 'updated'
  | 'ended';

export interface CardEventResult {
  outcome: CardEventOutcome;
  orderId: string | null;
  /** Runs after the transaction commits (mail to the fan); never undoes anything. */
  notice: { fanId: string; kind: 'performer' | 'site'; performerId: string | null } | null;
  /** A creator subscription that was not running began with this payment (welcome message). */
  started?: { fanId: string; performerId: string } | null;
  /** A running creator subscription that this payment extended (the creator is told). */
  renewed?: { fanId: string; performerId: string; expiredAt: Date } | null;
}

/**
 * Applies one paid or failed period of a card subscription (the event id is already claimed, in
 * `tx`). A success credits once per invoice and extends access to the end of the period it paid
 * (never shortens it, so a late or repeated event changes nothing); a failure of a period already
 * covered is ignored, else the subscription is marked past due (Stripe retries) or ended (the
 * sandbox does not) and the fan is told.
 */
export async function applyCardInvoice(
  tx: Transaction,
  options: {
    gateway: PaymentGatewayName;
    event: GatewayEvent & { invoice: GatewayInvoice };
    defaultCommissionRate: number;
    log: AppContext['log'];
    now: Date;
  },
): Promise<CardEventResult> {
  const { gateway, event, now } = options;
  const { invoice } = event;
  const row = await lockCardSubscriptionOfEvent(tx, {
    gateway,
    gatewaySubscriptionId: invoice.gatewaySubscriptionId,
    cardSubscriptionId: invoice.cardSubscriptionId,
  });
  const order = event.orderId
    ? await paymentsRepo.lockOrderOfEvent(tx, {
        gateway,
        gatewayPaymentId: event.gatewayPaymentId,
        orderId: event.orderId,
      })
    : null;
  const orderId = order?.id ?? null;
  if (!row || (order && order.cardSubscriptionId !== row.id)) {
    return { outcome: 'unknown_subscription', orderId, notice: null };
  }

  if (event.outcome === 'failed') {
    if (order?.status === 'paid') return { outcome: 'ignored_after_paid', orderId, notice: null };
    if (order) {
      await paymentsRepo.markOrderStatus(tx, {
        id: order.id,
        status: 'failed',
        failureReason: event.failureReason ?? 'The payment failed.',
        now,
      });
    }
    if (row.currentPeriodEnd && invoice.periodEnd <= row.currentPeriodEnd) {
      return { outcome: 'ignored_after_paid', orderId, notice: null };
    }
    const reason = event.failureReason ?? 'The card payment failed.';
    if (row.status === 'incomplete' || row.status === 'ended') {
      // A first payment that failed: nothing was granted, the fan sees the error on the page.
      await updateCardSubscription(tx, row.id, { failureReason: reason });
      return { outcome: 'failed', orderId, notice: null };
    }
    // Stripe retries a failed renewal (then ends the subscription); the sandbox does not.
    const isFinal = gateway === 'sandbox';
    await updateCardSubscription(tx, row.id, {
      status: isFinal ? 'ended' : 'past_due',
      failureReason: reason,
    });
    if (row.kind === 'performer' && row.subscriptionId) {
      await updateSubscription(tx, row.subscriptionId, {
        renewalFailedAt: now,
        ...(isFinal ? { autoRenew: false } : {}),
      });
    } else if (row.kind === 'site') {
      await lockSiteMembership(tx, row.fanId);
      await saveSiteMembership(tx, {
        fanId: row.fanId,
        patch: { renewalFailedAt: now, ...(isFinal ? { autoRenew: false } : {}) },
      });
    }
    const notice =
      row.status === 'active' ? { fanId: row.fanId, kind: row.kind, performerId: row.performerId } : null;
    return { outcome: 'failed', orderId, notice };
  }

  if (event.amountCents !== row.priceCents || (event.currency ?? '').toLowerCase() !== row.currency) {
    options.log.error(
      {
        cardSubscriptionId: row.id,
        expected: row.priceCents,
        got: event.amountCents,
        currency: event.currency,
      },
      'subscription payment does not match its price: not credited',
    );
    return { outcome: 'amount_mismatch', orderId, notice: null };
  }

  let subscription: SubscriptionRow | null = null;
  if (row.kind === 'performer' && row.performerId) {
    subscription = await lockSubscription(tx, { fanId: row.fanId, performerId: row.performerId, now });
  }
  const posted = await chargeCardInvoice(tx, {
    fanId: row.fanId,
    priceCents: row.priceCents,
    creator:
      subscription && row.performerId
        ? { performerId: row.performerId, subscriptionId: subscription.id }
        : null,
    defaultCommissionRate: options.defaultCommissionRate,
    reference: row.kind === 'site' ? `site-subscription:${row.fanId}` : `subscription:${subscription?.id}`,
    ledgerKey: `${gateway}:invoice:${invoice.invoiceId}`,
    metadata: {
      source: row.kind === 'site' ? 'site_subscription' : 'subscription',
      gateway,
      cardSubscriptionId: row.id,
      invoiceId: invoice.invoiceId,
      eventId: event.eventId,
      periodEnd: invoice.periodEnd.toISOString(),
    },
    now,
  });
  if (order) {
    await paymentsRepo.markOrderPaid(tx, { id: order.id, ledgerTransactionId: posted.transactionId, now });
  }
  if (!posted.isNew) return { outcome: 'already_paid', orderId, notice: null };

  const isEnded = row.status === 'ended';
  const renews = !isEnded && !row.cancelAtPeriodEnd;
  let started: CardEventResult['started'] = null;
  let renewed: CardEventResult['renewed'] = null;
  if (subscription && row.performerId) {
    const isRunning = subscription.expiredAt > now;
    const expiredAt = later(subscription.expiredAt, invoice.periodEnd);
    // A renewal is a payment of a card subscription already under way, even one made after the
    // period ran out (the gateway's retries); a first payment begins the subscription.
    const isFirstPayment = row.status === 'incomplete';
    if (isFirstPayment && !isRunning) started = { fanId: row.fanId, performerId: row.performerId };
    else if (!isFirstPayment) renewed = { fanId: row.fanId, performerId: row.performerId, expiredAt };
    await updateSubscription(tx, subscription.id, {
      type: row.plan === 'yearly' ? 'yearly' : 'monthly',
      paymentMethod: 'card',
      startedAt: isRunning ? subscription.startedAt : now,
      expiredAt,
      autoRenew: renews,
      cancelledAt: renews ? null : (subscription.cancelledAt ?? now),
      renewalFailedAt: null,
    });
  } else if (row.kind === 'site') {
    const { expiresAt } = await lockSiteMembership(tx, row.fanId);
    await saveSiteMembership(tx, {
      fanId: row.fanId,
      expiredAt: later(expiresAt, invoice.periodEnd),
      patch: { lastPaidAt: now, paymentMethod: 'card', autoRenew: renews, renewalFailedAt: null },
    });
  }
  await updateCardSubscription(tx, row.id, {
    status: isEnded ? 'ended' : 'active',
    currentPeriodEnd: later(row.currentPeriodEnd, invoice.periodEnd),
    subscriptionId: subscription?.id ?? row.subscriptionId,
    failureReason: null,
    ...(invoice.cardLast4 ? { cardLast4: invoice.cardLast4 } : {}),
  });
  return { outcome: 'credited', orderId, notice: null, started, renewed };
}

/**
 * Applies a change the gateway made to a card subscription: cancelled at period end (or undone),
 * or ended (no more renewals; access lasts to the end of the paid period).
 */
export async function applyCardSubscriptionChange(
  tx: Transaction,
  options: { gateway: PaymentGatewayName; change: GatewaySubscriptionChange; now: Date },
): Promise<CardEventResult> {
  const { change, now } = options;
  const row = await lockCardSubscriptionOfEvent(tx, {
    gateway: options.gateway,
    gatewaySubscriptionId: change.gatewaySubscriptionId,
    cardSubscriptionId: change.cardSubscriptionId,
  });
  if (!row) return { outcome: 'unknown_subscription', orderId: null, notice: null };
  if (row.status === 'ended') return { outcome: 'ended', orderId: null, notice: null };
  const renews = !change.isEnded && !change.cancelAtPeriodEnd;
  await updateCardSubscription(tx, row.id, {
    ...(change.isEnded ? { status: 'ended' as const } : {}),
    cancelAtPeriodEnd: change.cancelAtPeriodEnd,
  });
  if (row.status !== 'incomplete') {
    if (row.kind === 'performer' && row.subscriptionId) {
      const sub = await findSubscriptionById(tx, row.subscriptionId);
      if (sub?.paymentMethod === 'card' && sub.autoRenew !== renews) {
        await updateSubscription(tx, sub.id, {
          autoRenew: renews,
          cancelledAt: renews ? null : (sub.cancelledAt ?? now),
        });
      }
    } else if (row.kind === 'site') {
      await lockSiteMembership(tx, row.fanId);
      await saveSiteMembership(tx, { fanId: row.fanId, patch: { autoRenew: renews } });
    }
  }
  return { outcome: change.isEnded ? 'ended' : 'updated', orderId: null, notice: null };
}

/** Tells the fan (the notification centre, and mail by their preference) that a card renewal failed. */
export async function noticeCardRenewalFailed(
  ctx: AppContext,
  notice: NonNullable<CardEventResult['notice']>,
  isFinal: boolean,
) {
  const settings = await ctx.settings.getAll();
  const creator = notice.performerId ? await findUserContact(ctx.db.db, notice.performerId) : null;
  const what = creator ? `your subscription to ${creator.name}` : `your ${settings.siteName} membership`;
  const next = isFinal
    ? 'It has ended: subscribe again with another card or from your wallet to keep access.'
    : 'The payment will be tried again over the next days; you can update your card meanwhile.';
  await notify(ctx, {
    userIds: notice.fanId,
    type: 'subscription.renewal-failed',
    title: `We could not renew ${what}`,
    text: `The card payment to renew ${what} failed. ${next}`,
    link: creator ? '/user/subscriptions' : '/site-subscription',
  });
}

/** The creator learns of a fan whose card subscription began (after the payment committed). */
export async function noticeCardSubscriptionStarted(
  ctx: AppContext,
  started: NonNullable<CardEventResult['started']>,
) {
  await onFanJoined(ctx, { fanId: started.fanId, performerId: started.performerId });
  const fan = await findUserContact(ctx.db.db, started.fanId);
  const name = fan?.name ?? 'A fan';
  await notify(ctx, {
    userIds: started.performerId,
    type: 'subscription.new',
    title: `${name} subscribed to you`,
    text: `${name} subscribed to you by card.`,
    link: '/creator/subscribers',
  });
}

/** The creator learns that a fan's card subscription renewed (after the payment committed). */
export async function noticeCardSubscriptionRenewed(
  ctx: AppContext,
  renewed: NonNullable<CardEventResult['renewed']>,
) {
  const fan = await findUserContact(ctx.db.db, renewed.fanId);
  const name = fan?.name ?? 'A fan';
  await notify(ctx, {
    userIds: renewed.performerId,
    type: 'subscription.renewed',
    title: `${name}'s subscription renewed`,
    text: `${name}'s subscription to you renewed by card until ${renewed.expiredAt.toISOString().slice(0, 10)}.`,
    link: '/creator/subscribers',
  });
}

export const cardPeriodMs = (plan: CardSubscriptionPlan) => periodDaysOf(plan) * dayMs;
