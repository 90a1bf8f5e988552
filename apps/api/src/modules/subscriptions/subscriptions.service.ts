import {
  fromCents,
  siteSubscriptionPeriodDays,
  subscriptionPeriodDays,
  type TCardCheckout,
  type TPerformerSubscriberItem,
  type TSiteMembership,
  type TSiteSubscription,
  type TSubscribePerformerRequest,
  type TSubscribeResult,
  type TSubscription,
  type TSubscriptionPackage,
  type TUserSubscriptionItem,
  type TUserSubscriptionSearchQuery,
  toCents,
} from '@fanstage/contract';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/app-error';
import type { Actor } from '../auth/sessions';
import { onFanJoined } from '../feeds/timeline.service';
import { sendWelcomeMessage } from '../messages/messages.welcome';
import { notify } from '../notifications/notifications.service';
import { assertCreator, findVisiblePerformer } from '../performers/performers.access';
import { forgetAccounts } from '../users/account-cache';
import {
  chargeFan,
  chargeSiteMembership,
  type IdempotencyScope,
  inMoneyTransaction,
  withIdempotency,
} from '../wallet';
import { findRenewingSiteCard } from './card-subscriptions.repo';
import {
  cancelCardRenewalOf,
  subscribePerformerByCard,
  subscribeSiteByCard,
} from './card-subscriptions.service';
import { presentParty, presentSubscription } from './subscriptions.presenter';
import {
  claimExpiryReminders,
  currentBalanceCents,
  findDueRenewals,
  findDueSiteRenewals,
  findFanSubscription,
  findPlanPrices,
  findSiteMembership,
  findSubscriptionById,
  findSubscriptionOf,
  findUserContact,
  lockDueRenewal,
  lockDueSiteRenewal,
  lockSiteSubscription,
  lockSubscription,
  saveSiteSubscription,
  searchSubscriptions,
  stopDueSiteRenewal,
  stopSiteRenewal,
  updateDueRenewal,
  updateSubscription,
} from './subscriptions.repo';

const dayMs = 24 * 60 * 60 * 1000;
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * dayMs);
/** Renewing or re-subscribing extends from the current expiry while it is in the future, else from now. */
const periodStartOf = (expiredAt: Date | null, now: Date) => (expiredAt && expiredAt > now ? expiredAt : now);

const planNames = { monthly: 'monthly', yearly: 'yearly' } as const;

/**
 * Subscribes the actor to a creator they may see: monthly or yearly from the wallet at the creator's
 * price (the charge and the row change in one transaction), or the free subscription once per
 * creator. Extends from the current expiry when it is still running. `card` starts a card
 * subscription at the gateway instead (card-subscriptions.service.ts).
 */
export async function subscribePerformer(
  ctx: AppContext,
  options: {
    actor: Actor;
    country: string | null;
    input: TSubscribePerformerRequest;
    idempotency: IdempotencyScope | null;
  },
): Promise<TSubscribeResult | TCardCheckout> {
  const { actor, country, input } = options;
  const performer = await findVisiblePerformer(ctx, { actor, country, idOrUsername: input.performerId });
  const performerId = performer.user.id;
  if (performerId === actor.id) throw new AppError('UNPROCESSABLE', 'You cannot subscribe to yourself.');
  if (input.paymentMethod === 'card') {
    return subscribePerformerByCard(ctx, {
      actor,
      performer: { id: performerId, name: performer.user.name, username: performer.user.username },
      type: input.type,
      paymentCardId: input.paymentCardId,
      idempotency: options.idempotency,
    });
  }
  const settings = await ctx.settings.getAll();
  const now = ctx.clock.now();
  // What this request did, for the creator's notification (nothing on a replayed Idempotency-Key).
  const done: { change: 'new' | 'extended' | null } = { change: null };

  const result = await inMoneyTransaction(ctx, (tx) =>
    withIdempotency(tx, options.idempotency, async () => {
      const prices = await findPlanPrices(tx, performerId);
      if (!prices) throw notFound('That creator');
      const row = await lockSubscription(tx, { fanId: actor.id, performerId, now });
      const isRunning = row.expiredAt > now;
      done.change = isRunning ? 'extended' : 'new';
      if (isRunning && row.paymentMethod === 'card' && row.autoRenew) {
        throw new AppError(
          'UNPROCESSABLE',
          'Your subscription to this creator renews by card. Cancel the renewal first to pay from your wallet.',
        );
      }

      if (input.type === 'free') {
        if (!settings.freeSubscriptionEnabled || !prices.freeSubscriptionEnabled) {
          throw new AppError('UNPROCESSABLE', 'This creator does not offer a free subscription.');
        }
        if (row.freeClaimedAt) {
          throw new AppError('UNPROCESSABLE', 'You have already used the free subscription of this creator.');
        }
        if (isRunning) {
          throw new AppError('UNPROCESSABLE', 'You are already subscribed to this creator.');
        }
        const updated = await updateSubscription(tx, row.id, {
          type: 'free',
          paymentMethod: 'free',
          startedAt: now,
          expiredAt: addDays(now, settings.freeSubscriptionDuration),
          autoRenew: false,
          cancelledAt: null,
          renewalFailedAt: null,
          freeClaimedAt: now,
        });
        const balance = await currentBalanceCents(tx, actor.id);
        return { ...presentSubscription(updated, now), amount: 0, balance: fromCents(balance) };
      }

      const priceCents = input.type === 'monthly' ? prices.monthlyPriceCents : prices.yearlyPriceCents;
      if (priceCents === null || priceCents <= 0) {
        throw new AppError(
          'UNPROCESSABLE',
          `This creator does not offer a ${planNames[input.type]} subscription.`,
          [{ path: 'type', message: 'Not offered.' }],
        );
      }
      const charge = await chargeFan(tx, {
        fanId: actor.id,
        performerId,
        grossCents: priceCents,
        source: 'subscription',
        sourceId: row.id,
        kind: 'subscription',
        reference: `subscription:${row.id}`,
        defaultCommissionRate: settings.performerCommission,
        metadata: { type: input.type, renewal: false },
        now,
      });
      const updated = await updateSubscription(tx, row.id, {
        type: input.type,
        paymentMethod: 'wallet',
        startedAt: isRunning ? row.startedAt : now,
        expiredAt: addDays(periodStartOf(row.expiredAt, now), subscriptionPeriodDays[input.type]),
        autoRenew: true,
        cancelledAt: null,
        renewalFailedAt: null,
      });
      return {
        ...presentSubscription(updated, now),
        amount: fromCents(charge.grossCents),
        balance: fromCents(charge.balanceCents),
      };
    }),
  );
  // Visitors see the new subscriber count at once (their cached view of the profile is dropped).
  if (done.change === 'new') forgetAccounts(ctx, [performerId]);
  if (done.change === 'new') await onFanJoined(ctx, { fanId: actor.id, performerId });
  await sendWelcomeMessage(ctx, { performerId, fanId: actor.id, trigger: 'subscribe' });
  if (done.change) {
    const fan = actor.user?.username ?? actor.user?.name ?? 'A fan';
    const plan = input.type === 'free' ? 'free' : planNames[input.type];
    await notify(ctx, {
      userIds: performerId,
      type: done.change === 'new' ? 'subscription.new' : 'subscription.renewed',
      title: done.change === 'new' ? `${fan} subscribed to you` : `${fan} extended their subscription`,
      text:
        done.change === 'new'
          ? `${fan} took your ${plan} subscription.`
          : `${fan} paid another ${plan} period of their subscription to you.`,
      link: '/creator/subscribers',
    });
  }
  return result;
}

/** Stops renewal of the actor's own subscription; access lasts until it expires. Another fan's id is 404. */
export async function cancelSubscription(
  ctx: AppContext,
  options: { actor: Actor; id: string },
): Promise<TSubscription> {
  const found = await findFanSubscription(ctx.db.db, { id: options.id, fanId: options.actor.id });
  if (!found) throw notFound('That subscription');
  if (found.paymentMethod === 'card' && found.autoRenew) {
    // Stopped at the gateway first; the row follows (access lasts until it expires).
    const cancelled = await cancelCardRenewalOf(ctx, { row: found });
    if (cancelled) return presentSubscription(cancelled, ctx.clock.now());
  }
  const now = ctx.clock.now();
  return ctx.db.db.transaction(async (tx) => {
    const row = await findFanSubscription(tx, { id: options.id, fanId: options.actor.id });
    if (!row) throw notFound('That subscription');
    if (!row.autoRenew) return presentSubscription(row, now);
    const updated = await updateSubscription(tx, row.id, { autoRenew: false, cancelledAt: now });
    return presentSubscription(updated, now);
  });
}

/**
 * A creator blocked this fan: their subscription to the creator stops renewing (at the gateway for a
 * card), so a fan who can no longer see the creator is never charged for them again. The period
 * already paid is not refunded here (an admin can refund it). Nothing to do without a renewing row.
 */
export async function stopRenewalForBlockedFan(
  ctx: AppContext,
  options: { fanId: string; performerId: string },
): Promise<void> {
  const found = await findSubscriptionOf(ctx.db.db, options);
  if (!found?.autoRenew) return;
  if (found.paymentMethod === 'card' && (await cancelCardRenewalOf(ctx, { row: found }))) return;
  const now = ctx.clock.now();
  await ctx.db.db.transaction(async (tx) => {
    const row = await findSubscriptionOf(tx, options);
    if (row?.autoRenew) await updateSubscription(tx, row.id, { autoRenew: false, cancelledAt: now });
  });
}

/** The actor's subscription to one creator they may see, or null. */
export async function getMySubscription(
  ctx: AppContext,
  options: { actor: Actor; country: string | null; performerId: string },
): Promise<TSubscription | null> {
  const performer = await findVisiblePerformer(ctx, {
    actor: options.actor,
    country: options.country,
    idOrUsername: options.performerId,
  });
  const row = await findSubscriptionOf(ctx.db.db, {
    fanId: options.actor.id,
    performerId: performer.user.id,
  });
  return row ? presentSubscription(row, ctx.clock.now()) : null;
}

/** The actor's subscriptions with each creator's card. */
export async function searchUserSubscriptions(
  ctx: AppContext,
  options: { actor: Actor; query: TUserSubscriptionSearchQuery },
): Promise<{ data: TUserSubscriptionItem[]; total: number }> {
  const now = ctx.clock.now();
  const { rows, total } = await searchSubscriptions(ctx.db.db, {
    side: 'fan',
    userId: options.actor.id,
    now,
    ...options.query,
  });
  return {
    data: rows.map((r) => ({
      ...presentSubscription(r.subscription, now),
      performer: presentParty(r.party),
    })),
    total,
  };
}

/** A creator's subscribers with each fan's card; filters by type, status and name. */
export async function searchPerformerSubscribers(
  ctx: AppContext,
  options: { actor: Actor; query: TUserSubscriptionSearchQuery },
): Promise<{ data: TPerformerSubscriberItem[]; total: number }> {
  assertCreator(options.actor);
  const now = ctx.clock.now();
  const { rows, total } = await searchSubscriptions(ctx.db.db, {
    side: 'performer',
    userId: options.actor.id,
    now,
    ...options.query,
  });
  return {
    data: rows.map((r) => ({ ...presentSubscription(r.subscription, now), fan: presentParty(r.party) })),
    total,
  };
}

/**
 * The site membership packages. There is one plan, so it is derived from the settings
 * (siteSubscriptionPrice, trial) rather than kept in an admin table; none while it is off.
 */
export async function listSubscriptionPackages(ctx: AppContext): Promise<TSubscriptionPackage[]> {
  const settings = await ctx.settings.getAll();
  if (!settings.siteSubscriptionEnabled) return [];
  return [
    {
      _id: 'site-monthly',
      name: `${settings.siteName} membership`,
      description: settings.trialEnabled ? settings.trialDescription : '',
      price: settings.siteSubscriptionPrice,
      durationDays: siteSubscriptionPeriodDays,
      trialDays: settings.trialEnabled ? settings.trialDurationDays : null,
    },
  ];
}

/**
 * A month of site membership from the wallet, paid to the platform (no creator earns from it).
 * When the trial is on, a fan who never had a membership (sign-up trial included) gets the trial
 * days free instead, once.
 */
export async function subscribeSite(
  ctx: AppContext,
  options: {
    actor: Actor;
    paymentMethod: 'wallet' | 'card';
    paymentCardId?: string;
    idempotency: IdempotencyScope | null;
  },
): Promise<TSiteSubscription | TCardCheckout> {
  const { actor } = options;
  const settings = await ctx.settings.getAll();
  if (!settings.siteSubscriptionEnabled) {
    throw new AppError('UNPROCESSABLE', 'The site membership is not enabled.');
  }
  if (actor.role !== 'user') {
    throw new AppError('UNPROCESSABLE', 'Only fans need a site membership.');
  }
  if (options.paymentMethod === 'card') {
    return subscribeSiteByCard(ctx, {
      actor,
      paymentCardId: options.paymentCardId,
      idempotency: options.idempotency,
    });
  }
  const now = ctx.clock.now();
  return inMoneyTransaction(ctx, (tx) =>
    withIdempotency(tx, options.idempotency, async () => {
      const { membership, expiresAt } = await lockSiteSubscription(tx, actor.id);
      const isTrial = settings.trialEnabled && !membership.trialUsedAt && expiresAt === null;
      if (isTrial) {
        const expiredAt = addDays(now, settings.trialDurationDays);
        await saveSiteSubscription(tx, { fanId: actor.id, expiredAt, trialUsedAt: now });
        const balance = await currentBalanceCents(tx, actor.id);
        return { expiredAt: expiredAt.toISOString(), isTrial, amount: 0, balance: fromCents(balance) };
      }
      const priceCents = toCents(settings.siteSubscriptionPrice);
      let balanceCents: number;
      if (priceCents > 0) {
        ({ balanceCents } = await chargeSiteMembership(tx, {
          fanId: actor.id,
          priceCents,
          initiatorId: actor.id,
          now,
        }));
      } else {
        balanceCents = await currentBalanceCents(tx, actor.id);
      }
      const expiredAt = addDays(periodStartOf(expiresAt, now), siteSubscriptionPeriodDays);
      // A month bought from the wallet on top of a card membership leaves the renewal with the card
      // (else the wallet job would charge for the same months as the gateway).
      const isCardRenewing = (await findRenewingSiteCard(tx, actor.id)) !== null;
      await saveSiteSubscription(tx, {
        fanId: actor.id,
        expiredAt,
        lastPaidAt: now,
        ...(isCardRenewing ? {} : { paymentMethod: 'wallet' as const }),
      });
      return {
        expiredAt: expiredAt.toISOString(),
        isTrial: false,
        amount: fromCents(priceCents),
        balance: fromCents(balanceCents),
      };
    }),
  );
}

/**
 * `GET /payment/site-subscription`: the actor's membership, whether it renews and by what, so the
 * membership page can offer "Cancel renewal" through the right route.
 */
export async function getSiteMembership(
  ctx: AppContext,
  options: { actor: Actor },
): Promise<TSiteMembership> {
  const row = await findSiteMembership(ctx.db.db, options.actor.id);
  return {
    expiredAt: row?.expiresAt?.toISOString() ?? null,
    autoRenew: row?.autoRenew ?? false,
    paymentMethod: row?.paymentMethod ?? null,
  };
}

/**
 * `POST /payment/site-subscription/cancel`: stops the wallet renewal of the actor's membership;
 * it lasts until it expires. A membership renewed by card is cancelled through its card
 * subscription (422 says so); one that does not renew is answered as it is.
 */
export async function cancelSiteRenewal(
  ctx: AppContext,
  options: { actor: Actor },
): Promise<TSiteMembership> {
  return ctx.db.db.transaction(async (tx) => {
    const { membership, expiresAt } = await lockSiteSubscription(tx, options.actor.id);
    if (membership.autoRenew && membership.paymentMethod === 'card') {
      throw new AppError(
        'UNPROCESSABLE',
        'Your membership renews by card. Cancel it from your card subscriptions on the wallet page.',
      );
    }
    if (membership.autoRenew) await stopSiteRenewal(tx, options.actor.id);
    return {
      expiredAt: expiresAt?.toISOString() ?? null,
      autoRenew: false,
      paymentMethod: membership.paymentMethod,
    };
  });
}

/** How long after its expiry a missed renewal is still charged (the job was down, say). */
export const renewalGraceMs = 3 * dayMs;

export type RenewalOutcome = 'renewed' | 'lapsed' | 'skipped';

/**
 * Renews one wallet-paid period. Safe on several workers at once: the row is locked while still
 * due, the charge carries the ledger key `subscription:{id}:{periodEnd}` (a second charge of the
 * same period is a no-op) and the row only moves while it still ends at `periodEnd`. A short
 * balance (or a plan no longer offered) lapses the subscription and mails the fan.
 */
export async function renewSubscription(
  ctx: AppContext,
  options: { id: string; periodEnd: Date },
): Promise<RenewalOutcome> {
  const settings = await ctx.settings.getAll();
  const now = ctx.clock.now();
  const attempt = () =>
    inMoneyTransaction(ctx, async (tx): Promise<'renewed' | 'skipped' | 'not_offered'> => {
      const row = await lockDueRenewal(tx, options);
      if (!row || (row.type !== 'monthly' && row.type !== 'yearly')) return 'skipped';
      const prices = await findPlanPrices(tx, row.performerId);
      const priceCents = row.type === 'monthly' ? prices?.monthlyPriceCents : prices?.yearlyPriceCents;
      if (!priceCents || priceCents <= 0) return 'not_offered';
      const charge = await chargeFan(tx, {
        fanId: row.fanId,
        performerId: row.performerId,
        grossCents: priceCents,
        source: 'subscription',
        sourceId: row.id,
        kind: 'subscription',
        reference: `subscription:${row.id}`,
        ledgerIdempotencyKey: `subscription:${row.id}:${options.periodEnd.toISOString()}`,
        defaultCommissionRate: settings.performerCommission,
        metadata: { type: row.type, renewal: true },
        now,
      });
      const moved = await updateDueRenewal(tx, {
        id: row.id,
        periodEnd: options.periodEnd,
        patch: { expiredAt: addDays(options.periodEnd, subscriptionPeriodDays[row.type]) },
      });
      // The period was charged before (the ledger key said so) but the row did not move: undo nothing
      // and report it; the row lock makes this unreachable unless the row was edited by hand.
      if (!moved && charge.isNew) throw new Error(`renewal of ${row.id} charged without extending`);
      return moved ? 'renewed' : 'skipped';
    });
  let failure: 'insufficient' | 'not_offered';
  try {
    const outcome = await attempt();
    if (outcome === 'renewed') await noticeRenewal(ctx, options.id);
    if (outcome !== 'not_offered') return outcome;
    failure = 'not_offered';
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'INSUFFICIENT_BALANCE')) throw error;
    failure = 'insufficient';
  }
  const lapsed = await updateDueRenewal(ctx.db.db, {
    id: options.id,
    periodEnd: options.periodEnd,
    patch: { autoRenew: false, renewalFailedAt: now },
  });
  if (!lapsed) return 'skipped';
  await noticeLapse(ctx, { id: options.id, reason: failure });
  return 'lapsed';
}

/** The creator learns that a fan's subscription renewed (after the charge committed). */
async function noticeRenewal(ctx: AppContext, id: string) {
  const row = await findSubscriptionById(ctx.db.db, id);
  if (!row) return;
  const fan = await findUserContact(ctx.db.db, row.fanId);
  const name = fan?.name ?? 'A fan';
  await notify(ctx, {
    userIds: row.performerId,
    type: 'subscription.renewed',
    title: `${name}'s subscription renewed`,
    text: `${name}'s ${row.type} subscription to you renewed until ${row.expiredAt.toISOString().slice(0, 10)}.`,
    link: '/creator/subscribers',
  });
}

/** Tells the fan (the notification centre, and mail by their preference) that a renewal could not be paid. */
async function noticeLapse(ctx: AppContext, options: { id: string; reason: 'insufficient' | 'not_offered' }) {
  const row = await findSubscriptionById(ctx.db.db, options.id);
  if (!row) return;
  const creator = await findUserContact(ctx.db.db, row.performerId);
  if (!creator) return;
  const why =
    options.reason === 'insufficient'
      ? 'your wallet balance was not enough to pay for the next period. Top up your wallet and subscribe again to keep access.'
      : 'the creator no longer offers this plan.';
  await notify(ctx, {
    userIds: row.fanId,
    type: 'subscription.renewal-failed',
    title: `Your subscription to ${creator.name} has ended`,
    text: `Your subscription to ${creator.name} could not be renewed: ${why}`,
    link: '/user/subscriptions',
  });
}

/** One run of the renewal job: every due wallet renewal, in expiry order. */
export async function renewDueSubscriptions(ctx: AppContext): Promise<Record<RenewalOutcome, number>> {
  const counts: Record<RenewalOutcome, number> = { renewed: 0, lapsed: 0, skipped: 0 };
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - renewalGraceMs);
  let after: { expiredAt: Date; id: string } | null = null;
  for (;;) {
    const due = await findDueRenewals(ctx.db.db, { now, since, after, limit: 100 });
    for (const item of due) {
      counts[await renewSubscription(ctx, { id: item.id, periodEnd: item.expiredAt })]++;
    }
    const last = due.at(-1);
    if (!last || due.length < 100) return counts;
    after = last;
  }
}

/**
 * Renews one wallet-paid site membership for another month at today's `siteSubscriptionPrice`,
 * paid to the platform. Safe on several workers like `renewSubscription`: the row is locked while
 * it still ends at `periodEnd`, the ledger key `site-subscription:{fan}:{periodEnd}` charges a
 * period once, and the expiry only moves from `periodEnd`. A short wallet lapses it and mails the
 * fan; a membership the site no longer asks for (setting off) just stops renewing.
 */
export async function renewSiteSubscription(
  ctx: AppContext,
  options: { fanId: string; periodEnd: Date },
): Promise<RenewalOutcome> {
  const settings = await ctx.settings.getAll();
  const now = ctx.clock.now();
  if (!settings.siteSubscriptionEnabled) {
    await stopDueSiteRenewal(ctx.db.db, { ...options, failedAt: null });
    return 'skipped';
  }
  const priceCents = toCents(settings.siteSubscriptionPrice);
  try {
    return await inMoneyTransaction(ctx, async (tx): Promise<RenewalOutcome> => {
      const row = await lockDueSiteRenewal(tx, options);
      if (!row) return 'skipped';
      if (priceCents > 0) {
        await chargeSiteMembership(tx, {
          fanId: options.fanId,
          priceCents,
          initiatorId: null,
          ledgerKey: `site-subscription:${options.fanId}:${options.periodEnd.toISOString()}`,
          metadata: { renewal: true },
          now,
        });
      }
      const expiredAt = addDays(options.periodEnd, siteSubscriptionPeriodDays);
      await saveSiteSubscription(tx, { fanId: options.fanId, expiredAt, lastPaidAt: now });
      return 'renewed';
    });
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'INSUFFICIENT_BALANCE')) throw error;
  }
  if (!(await stopDueSiteRenewal(ctx.db.db, { ...options, failedAt: now }))) return 'skipped';
  await notify(ctx, {
    userIds: options.fanId,
    type: 'subscription.renewal-failed',
    title: `Your ${settings.siteName} membership has ended`,
    text: `Your ${settings.siteName} membership could not be renewed: your wallet balance was not enough to pay for the next month. Top up your wallet and subscribe again to keep access.`,
    link: '/site-subscription',
  });
  return 'lapsed';
}

/** One run of the site membership renewals: every due wallet-paid membership, in expiry order. */
export async function renewDueSiteSubscriptions(ctx: AppContext): Promise<Record<RenewalOutcome, number>> {
  const counts: Record<RenewalOutcome, number> = { renewed: 0, lapsed: 0, skipped: 0 };
  const now = ctx.clock.now();
  const since = new Date(now.getTime() - renewalGraceMs);
  let after: { expiredAt: Date; fanId: string } | null = null;
  for (;;) {
    const due = await findDueSiteRenewals(ctx.db.db, { now, since, after, limit: 100 });
    for (const { fanId, expiredAt } of due) {
      if (expiredAt) counts[await renewSiteSubscription(ctx, { fanId, periodEnd: expiredAt })]++;
    }
    const last = due.at(-1);
    if (!last?.expiredAt || due.length < 100) return counts;
    after = { fanId: last.fanId, expiredAt: last.expiredAt };
  }
}

/** How long before its end a subscription that does not renew is reminded. */
export const expiryReminderMs = 3 * 24 * 60 * 60 * 1000;

/**
 * One run of the "ends soon" reminders: each fan whose subscription to a creator will not renew
 * and ends within `expiryReminderMs` is told once per period (a subscription renewed or extended
 * later gets a new reminder before its new end). Returns how many were told.
 */
export async function remindExpiringSubscriptions(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const until = new Date(now.getTime() + expiryReminderMs);
  let told = 0;
  for (;;) {
    const due = await claimExpiryReminders(ctx.db.db, { now, until, limit: 100 });
    for (const row of due) {
      const creator = await findUserContact(ctx.db.db, row.performerId);
      const creatorName = creator?.name ?? 'a creator';
      const endsOn = row.expiredAt.toISOString().slice(0, 10);
      await notify(ctx, {
        userIds: row.fanId,
        type: 'subscription.expiring',
        title: `Your subscription to ${creatorName} ends on ${endsOn}`,
        text: `Your subscription to ${creatorName} does not renew and ends on ${endsOn}. Subscribe again before then to keep access.`,
        link: '/user/subscriptions',
        values: { creatorName, endsOn },
      });
    }
    told += due.length;
    if (due.length < 100) return told;
  }
}
