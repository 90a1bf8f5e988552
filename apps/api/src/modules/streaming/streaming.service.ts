import {
  fromCents,
  type TEditLiveRequest,
  type TGoLiveRequest,
  type TLiveMediaGrant,
  type TLiveSession,
  type TLiveSessionSearchQuery,
  type TSetLiveDurationRequest,
  toCents,
} from '@fanstage/contract';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/app-error';
import type { Actor } from '../auth/sessions';
import { findVisiblePerformer } from '../performers/performers.access';
import { defaultAvatarUrl, publicFileUrl } from '../users/users.presenter';
import {
  endOwnLiveSession,
  extendOwnLiveSession,
  findLiveSessionWithPerformer,
  findOwnLiveSession,
  findPaidSessionIds,
  findSubscribedPerformerIds,
  insertLiveSession,
  type LiveSessionRow,
  type LiveSessionWithPerformer,
  searchLiveSessions,
  updateOwnLiveSession,
} from './streaming.repo';

const missingShow = () => notFound('That live show');
const endedShow = () => new AppError('CONFLICT', 'This live show has ended.');

interface Entitlement {
  canJoin: boolean;
  isPaid: boolean;
  isOwner: boolean;
}

/**
 * Who may join a show (business-rules.md "Streaming"): its creator and admins always; anyone else
 * only while it is live and only as an active subscriber of the creator, who must also have bought
 * this session when it has a price. Pure, so the list and the wallet share it.
 */
export function decideEntitlement(
  actor: Pick<Actor, 'id' | 'role'> | null,
  session: Pick<LiveSessionRow, 'performerId' | 'priceCents' | 'status'>,
  held: { isSubscribed: boolean; isPaid: boolean },
): Entitlement {
  const isOwner = actor?.id === session.performerId;
  if (session.status !== 'live') return { canJoin: false, isPaid: held.isPaid, isOwner };
  if (isOwner || actor?.role === 'admin') return { canJoin: true, isPaid: held.isPaid, isOwner };
  const canJoin = held.isSubscribed && (session.priceCents === 0 || held.isPaid);
  return { canJoin, isPaid: held.isPaid, isOwner };
}

function presentLiveSession(row: LiveSessionWithPerformer, entitlement: Entitlement): TLiveSession {
  const { session, performer } = row;
  return {
    _id: session.id,
    performer: {
      _id: performer.id,
      name: performer.name,
      username: performer.username,
      avatar: publicFileUrl(performer.avatarPath) ?? defaultAvatarUrl,
    },
    title: session.title,
    price: fromCents(session.priceCents),
    status: session.status,
    startedAt: session.startedAt.toISOString(),
    endedAt: session.endedAt?.toISOString() ?? null,
    plannedDurationMinutes: session.plannedDurationMinutes,
    ...entitlement,
  };
}

/** The viewer's entitlements to a page of shows: two queries whatever the page size. */
async function presentPage(
  ctx: AppContext,
  actor: Actor | null,
  rows: LiveSessionWithPerformer[],
): Promise<TLiveSession[]> {
  const [subscribed, paid] = actor
    ? await Promise.all([
        findSubscribedPerformerIds(ctx.db.db, {
          fanId: actor.id,
          performerIds: [...new Set(rows.map((r) => r.session.performerId))],
          now: ctx.clock.now(),
        }),
        findPaidSessionIds(ctx.db.db, { fanId: actor.id, sessionIds: rows.map((r) => r.session.id) }),
      ])
    : [new Set<string>(), new Set<string>()];
  return rows.map((row) =>
    presentLiveSession(
      row,
      decideEntitlement(actor, row.session, {
        isSubscribed: subscribed.has(row.session.performerId),
        isPaid: paid.has(row.session.id),
      }),
    ),
  );
}

async function presentOne(ctx: AppContext, actor: Actor | null, id: string): Promise<TLiveSession> {
  const row = await findLiveSessionWithPerformer(ctx.db.db, id);
  if (!row) throw missingShow();
  const [presented] = await presentPage(ctx, actor, [row]);
  return presented!;
}

/** Starts the creator's live show; a second one while the first is live is 409. */
export async function goLive(
  ctx: AppContext,
  options: { actor: Actor; input: TGoLiveRequest },
): Promise<TLiveSession> {
  const { actor, input } = options;
  const row = await insertLiveSession(ctx.db.db, {
    performerId: actor.id,
    title: input.title,
    priceCents: toCents(input.price),
    plannedDurationMinutes: input.durationMinutes ?? null,
    startedAt: ctx.clock.now(),
  });
  if (!row) {
    throw new AppError('CONFLICT', 'You are already live; end that show before starting another one.');
  }
  await ctx.media.openRoom({ room: row.id, publisherId: actor.id }).catch((error: unknown) => {
    // The show goes on without video; its joins tell people why.
    ctx.log.warn({ err: error, sessionId: row.id }, 'live show started without a video room');
  });
  return presentOne(ctx, actor, row.id);
}

/** Tells 404 (not the actor's show) from 409 (the actor's show, but ended) after a guarded update missed. */
async function explainMiss(ctx: AppContext, options: { actor: Actor; id: string }): Promise<LiveSessionRow> {
  const row = await findOwnLiveSession(ctx.db.db, { id: options.id, performerId: options.actor.id });
  if (!row) throw missingShow();
  if (row.status !== 'live') throw endedShow();
  return row;
}

/** Changes the title or price of the actor's own live show; buyers keep the session they paid for. */
export async function editMyLiveSession(
  ctx: AppContext,
  options: { actor: Actor; id: string; input: TEditLiveRequest },
): Promise<TLiveSession> {
  const { actor, id, input } = options;
  const updated = await updateOwnLiveSession(ctx.db.db, {
    id,
    performerId: actor.id,
    patch: {
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.price !== undefined ? { priceCents: toCents(input.price) } : {}),
    },
    now: ctx.clock.now(),
  });
  if (!updated) await explainMiss(ctx, { actor, id });
  return presentOne(ctx, actor, id);
}

/** Extends the planned duration of the actor's own live show; it never shrinks. */
export async function setMyLiveDuration(
  ctx: AppContext,
  options: { actor: Actor; input: TSetLiveDurationRequest },
): Promise<TLiveSession> {
  const { actor, input } = options;
  const updated = await extendOwnLiveSession(ctx.db.db, {
    id: input.streamId,
    performerId: actor.id,
    minutes: input.durationMinutes,
    now: ctx.clock.now(),
  });
  if (!updated) {
    const row = await explainMiss(ctx, { actor, id: input.streamId });
    throw new AppError(
      'UNPROCESSABLE',
      `The new duration must be longer than the current ${row.plannedDurationMinutes} minutes.`,
      [{ path: 'durationMinutes', message: `More than ${row.plannedDurationMinutes}.` }],
    );
  }
  return presentOne(ctx, actor, input.streamId);
}

/** Ends the actor's own show; ending it again answers the ended show (a double click is harmless). */
export async function endMyLiveSession(
  ctx: AppContext,
  options: { actor: Actor; id: string },
): Promise<TLiveSession> {
  const { actor, id } = options;
  const ended = await endOwnLiveSession(ctx.db.db, {
    id,
    performerId: actor.id,
    reason: 'ended_by_creator',
    now: ctx.clock.now(),
  });
  if (!ended) {
    const row = await findOwnLiveSession(ctx.db.db, { id, performerId: actor.id });
    if (!row) throw missingShow();
  } else {
    await ctx.media.closeRoom(id).catch((error: unknown) => {
      // The show has ended for everyone anyway: tokens stop being renewed and Janus drops them.
      ctx.log.warn({ err: error, sessionId: id }, 'the video room of an ended show was not destroyed');
    });
  }
  return presentOne(ctx, actor, id);
}

/** Who is live now (listed creators, and the viewer's own show), with the viewer's entitlements. */
export async function searchLive(
  ctx: AppContext,
  options: { actor: Actor | null; query: TLiveSessionSearchQuery },
): Promise<{ data: TLiveSession[]; total: number }> {
  const { actor, query } = options;
  const { rows, total } = await searchLiveSessions(ctx.db.db, {
    viewerId: actor?.id ?? null,
    performerId: query.performerId,
    offset: query.offset,
    limit: query.limit,
  });
  return { data: await presentPage(ctx, actor, rows), total };
}

/** One show when its creator is visible to the actor (else 404), with the actor's entitlement. */
export async function getLiveSession(
  ctx: AppContext,
  options: { actor: Actor | null; id: string },
): Promise<TLiveSession> {
  const row = await findLiveSessionWithPerformer(ctx.db.db, options.id);
  if (!row) throw missingShow();
  // A hidden creator's show is missing too, and says so as a show.
  await findVisiblePerformer(ctx, { actor: options.actor, idOrUsername: row.session.performerId }).catch(
    (error: unknown) => {
      throw error instanceof AppError && error.code === 'NOT_FOUND' ? missingShow() : error;
    },
  );
  const [presented] = await presentPage(ctx, options.actor, [row]);
  return presented!;
}

/**
 * For the wallet, before it charges for a session: the show must be visible (404) and the buyer an
 * active subscriber of its creator (403). Price, status and the one purchase are checked by the
 * wallet inside the charge's transaction.
 */
export async function assertCanBuyLiveSession(
  ctx: AppContext,
  options: { actor: Actor; id: string },
): Promise<void> {
  const show = await getLiveSession(ctx, options);
  if (show.isOwner) return;
  const subscribed = await findSubscribedPerformerIds(ctx.db.db, {
    fanId: options.actor.id,
    performerIds: [show.performer._id],
    now: ctx.clock.now(),
  });
  if (!subscribed.has(show.performer._id)) {
    throw new AppError('FORBIDDEN', `Subscribe to ${show.performer.name} to join their live shows.`);
  }
}

/**
 * The access gate of a show's video: the creator publishes, an entitled viewer watches. A missing or
 * hidden show is 404, an ended one 409, a viewer not entitled 403. The join route and every
 * peer-to-peer signal ask it.
 */
export async function assertCanJoinLiveSession(
  ctx: AppContext,
  options: { actor: Actor; id: string },
): Promise<{ show: TLiveSession; role: 'publish' | 'watch' }> {
  const show = await getLiveSession(ctx, options);
  if (show.status !== 'live') throw endedShow();
  if (!show.canJoin) {
    throw new AppError(
      'FORBIDDEN',
      show.price > 0
        ? `Subscribe to ${show.performer.name} and buy this show to watch it.`
        : `Subscribe to ${show.performer.name} to join their live shows.`,
    );
  }
  return { show, role: show.isOwner ? 'publish' : 'watch' };
}

/**
 * What the browser needs for the show's video (see assertCanJoinLiveSession), or 422 when this
 * server has no media, or 409 when a peer-to-peer show has no free seat.
 */
export async function joinLiveSession(
  ctx: AppContext,
  options: { actor: Actor; id: string; origin: string },
): Promise<TLiveMediaGrant> {
  const { show, role } = await assertCanJoinLiveSession(ctx, options);
  return ctx.media.grant({
    room: show._id,
    userId: options.actor.id,
    feed: show.performer._id,
    role,
    origin: options.origin,
  });
}
