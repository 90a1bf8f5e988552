import type {
  TAdminCancelSubscription,
  TAdminExtendSubscription,
  TAdminGrantSubscription,
  TAdminSubscriptionItem,
  TAdminSubscriptionQuery,
} from '@fanstage/contract';
import {
  and,
  asc,
  count,
  desc,
  type Executor,
  eq,
  ilike,
  or,
  subscriptions,
  type Transaction,
  users,
} from '@fanstage/db';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/app-error';
import { blockedBy } from '../access/blocks';
import { recordAudit } from '../audit/audit';
import type { Actor } from '../auth/sessions';
import { notify } from '../notifications/notifications.service';
import { cancelCardRenewalOf } from './card-subscriptions.service';
import { presentParty, presentSubscription } from './subscriptions.presenter';
import {
  lockSubscription,
  type SubscriptionRow,
  statusCondition,
  updateSubscription,
} from './subscriptions.repo';

/*
 * Subscriptions in the admin console (issue 13): search every subscription on the site, grant a
 * free one, extend one or cancel one. No money moves here (a refund is the wallet's own feature);
 * each change writes the audit log in its transaction and tells the fan and the creator.
 */

const dayMs = 24 * 60 * 60 * 1000;
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * dayMs);

const fans = alias(users, 'fan');
const performers = alias(users, 'performer');
type People = typeof fans | typeof performers;
const partyOf = (t: People) => ({
  id: t.id,
  name: t.name,
  username: t.username,
  avatarPath: t.avatarPath,
});

const sortColumns = {
  updatedAt: subscriptions.updatedAt,
  createdAt: subscriptions.createdAt,
  expiredAt: subscriptions.expiredAt,
  startedAt: subscriptions.startedAt,
} as const;

async function searchAll(db: Executor, query: TAdminSubscriptionQuery, now: Date) {
  const pattern = query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const matches = (t: People) =>
    or(ilike(t.name, pattern!), ilike(t.username, pattern!), ilike(t.email, pattern!));
  const where = and(
    query.status ? statusCondition(query.status, now) : undefined,
    query.fanId ? eq(subscriptions.fanId, query.fanId) : undefined,
    query.performerId ? eq(subscriptions.performerId, query.performerId) : undefined,
    pattern ? or(matches(fans), matches(performers)) : undefined,
  );
  const order = query.sort === 'asc' ? asc : desc;
  const from = () =>
    db
      .select({ subscription: subscriptions, fan: partyOf(fans), performer: partyOf(performers) })
      .from(subscriptions)
      .innerJoin(fans, eq(fans.id, subscriptions.fanId))
      .innerJoin(performers, eq(performers.id, subscriptions.performerId));
  const [rows, [total]] = await Promise.all([
    from()
      .where(where)
      .orderBy(order(sortColumns[query.sortBy]), order(subscriptions.id))
      .offset(query.offset)
      .limit(query.limit),
    db
      .select({ total: count() })
      .from(subscriptions)
      .innerJoin(fans, eq(fans.id, subscriptions.fanId))
      .innerJoin(performers, eq(performers.id, subscriptions.performerId))
      .where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

async function findItem(db: Executor, id: string, now: Date): Promise<TAdminSubscriptionItem | null> {
  const [row] = await db
    .select({ subscription: subscriptions, fan: partyOf(fans), performer: partyOf(performers) })
    .from(subscriptions)
    .innerJoin(fans, eq(fans.id, subscriptions.fanId))
    .innerJoin(performers, eq(performers.id, subscriptions.performerId))
    .where(eq(subscriptions.id, id));
  if (!row) return null;
  return {
    ...presentSubscription(row.subscription, now),
    fan: presentParty(row.fan),
    performer: presentParty(row.performer),
  };
}

async function lockById(tx: Transaction, id: string) {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
  return row ?? null;
}

async function findPerson(db: Executor, id: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, username: users.username, role: users.role })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}

/** The audited facts of a row. */
const factsOf = (row: SubscriptionRow) => ({
  type: row.type,
  paymentMethod: row.paymentMethod,
  expiredAt: row.expiredAt,
  autoRenew: row.autoRenew,
});

const dateText = (date: Date) => date.toISOString().slice(0, 10);

/** The fan and the creator are told; a failure to tell never undoes the change (notify logs it). */
async function tellBoth(
  ctx: AppContext,
  options: { fanId: string; performerId: string; fanText: string; creatorText: string; title: string },
) {
  await notify(ctx, {
    userIds: options.fanId,
    type: 'subscription.admin-changed',
    title: options.title,
    text: options.fanText,
    link: '/user/subscriptions',
  });
  await notify(ctx, {
    userIds: options.performerId,
    type: 'subscription.admin-changed',
    title: options.title,
    text: options.creatorText,
    link: '/creator/subscribers',
  });
}

const nameOf = (p: { name: string; username: string | null }) => p.username ?? p.name;

/** `GET /admin/subscriptions` */
export async function searchAdminSubscriptions(
  ctx: AppContext,
  options: { query: TAdminSubscriptionQuery },
): Promise<{ data: TAdminSubscriptionItem[]; total: number }> {
  const now = ctx.clock.now();
  const { rows, total } = await searchAll(ctx.db.db, options.query, now);
  return {
    data: rows.map((r) => ({
      ...presentSubscription(r.subscription, now),
      fan: presentParty(r.fan),
      performer: presentParty(r.performer),
    })),
    total,
  };
}

/**
 * `POST /admin/subscriptions`: a free subscription of `days` from now. A running one is refused
 * (409: extend it instead); the fan's own free claim of the creator stays unused.
 */
export async function grantSubscription(
  ctx: AppContext,
  options: { actor: Actor; input: TAdminGrantSubscription },
): Promise<TAdminSubscriptionItem> {
  const { actor, input } = options;
  const [fan, performer] = await Promise.all([
    findPerson(ctx.db.db, input.fanId),
    findPerson(ctx.db.db, input.performerId),
  ]);
  if (!fan) throw notFound('That fan');
  if (!performer) throw notFound('That creator');
  if (performer.role !== 'performer') {
    throw new AppError('UNPROCESSABLE', 'Only creators can be subscribed to. Choose a creator account.');
  }
  if (fan.id === performer.id) throw new AppError('UNPROCESSABLE', 'A creator cannot subscribe to themself.');
  if (fan.role !== 'user') {
    throw new AppError('UNPROCESSABLE', 'Only fan accounts can be given a subscription. Choose a fan.');
  }
  if ((await blockedBy(ctx, { fanId: fan.id, performerIds: [performer.id] })).has(performer.id)) {
    throw new AppError(
      'UNPROCESSABLE',
      'This creator has blocked this fan, so the fan cannot be given a subscription to them.',
    );
  }
  const now = ctx.clock.now();
  const id = await ctx.db.db.transaction(async (tx) => {
    const row = await lockSubscription(tx, { fanId: fan.id, performerId: performer.id, now });
    if (row.expiredAt > now) {
      throw new AppError(
        'CONFLICT',
        `This fan already has a running subscription to this creator (until ${dateText(row.expiredAt)}). Extend it instead.`,
      );
    }
    const updated = await updateSubscription(tx, row.id, {
      type: 'free',
      paymentMethod: 'free',
      startedAt: now,
      expiredAt: addDays(now, input.days),
      autoRenew: false,
      cancelledAt: null,
      renewalFailedAt: null,
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'subscription.grant',
      targetType: 'subscription',
      targetId: row.id,
      before: factsOf(row),
      after: { ...factsOf(updated), fanId: fan.id, performerId: performer.id, days: input.days },
      reason: input.reason,
    });
    return updated.id;
  });
  const item = (await findItem(ctx.db.db, id, now))!;
  await tellBoth(ctx, {
    fanId: fan.id,
    performerId: performer.id,
    title: 'Subscription granted',
    fanText: `The site team gave you a free subscription to ${nameOf(performer)} until ${dateText(new Date(item.expiredAt))}.`,
    creatorText: `The site team gave ${nameOf(fan)} a free subscription to you until ${dateText(new Date(item.expiredAt))}.`,
  });
  return item;
}

/** `POST /admin/subscriptions/{id}/extend`: the end moves `days` on from its end (or from now when ended). */
export async function extendSubscription(
  ctx: AppContext,
  options: { actor: Actor; id: string; input: TAdminExtendSubscription },
): Promise<TAdminSubscriptionItem> {
  const { actor, id, input } = options;
  const now = ctx.clock.now();
  const row = await ctx.db.db.transaction(async (tx) => {
    const current = await lockById(tx, id);
    if (!current) throw notFound('That subscription');
    const from = current.expiredAt > now ? current.expiredAt : now;
    const ended = current.expiredAt <= now;
    const updated = await updateSubscription(tx, id, {
      expiredAt: addDays(from, input.days),
      // An ended row comes back as a free period: nothing renews it and nothing was paid.
      ...(ended
        ? {
            type: 'free' as const,
            paymentMethod: 'free' as const,
            startedAt: now,
            autoRenew: false,
            renewalFailedAt: null,
          }
        : {}),
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'subscription.extend',
      targetType: 'subscription',
      targetId: id,
      before: factsOf(current),
      after: { ...factsOf(updated), days: input.days },
      reason: input.reason,
    });
    return updated;
  });
  const item = (await findItem(ctx.db.db, id, now))!;
  await tellBoth(ctx, {
    fanId: row.fanId,
    performerId: row.performerId,
    title: 'Subscription extended',
    fanText: `The site team extended your subscription to ${nameOf(item.performer)} until ${dateText(row.expiredAt)}.`,
    creatorText: `The site team extended the subscription of ${nameOf(item.fan)} to you until ${dateText(row.expiredAt)}.`,
  });
  return item;
}

/**
 * `POST /admin/subscriptions/{id}/cancel`: renewal stops (at the card gateway too); with
 * `immediately` access ends now. Nothing is refunded here.
 */
export async function cancelAdminSubscription(
  ctx: AppContext,
  options: { actor: Actor; id: string; input: TAdminCancelSubscription },
): Promise<TAdminSubscriptionItem> {
  const { actor, id, input } = options;
  const [found] = await ctx.db.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  if (!found) throw notFound('That subscription');
  // The gateway's recurring billing is stopped first (it cannot join our transaction).
  if (found.paymentMethod === 'card' && found.autoRenew) await cancelCardRenewalOf(ctx, { row: found });
  const now = ctx.clock.now();
  const row = await ctx.db.db.transaction(async (tx) => {
    const current = await lockById(tx, id);
    if (!current) throw notFound('That subscription');
    const updated = await updateSubscription(tx, id, {
      autoRenew: false,
      cancelledAt: current.cancelledAt ?? now,
      ...(input.immediately && current.expiredAt > now ? { expiredAt: now } : {}),
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'subscription.cancel',
      targetType: 'subscription',
      targetId: id,
      before: { ...factsOf(found), autoRenew: found.autoRenew, expiredAt: current.expiredAt },
      after: { ...factsOf(updated), immediately: input.immediately },
      reason: input.reason,
    });
    return updated;
  });
  const item = (await findItem(ctx.db.db, id, now))!;
  const until = input.immediately ? 'Access ended now.' : `Access lasts until ${dateText(row.expiredAt)}.`;
  await tellBoth(ctx, {
    fanId: row.fanId,
    performerId: row.performerId,
    title: 'Subscription cancelled',
    fanText: `The site team cancelled your subscription to ${nameOf(item.performer)}. ${until}`,
    creatorText: `The site team cancelled the subscription of ${nameOf(item.fan)} to you. ${until}`,
  });
  return item;
}
