import {
  fromCents,
  type TAgoraToken,
  type TEditLiveRequest,
  type TGoLiveRequest,
  type TLiveMediaGrant,
  type TLiveSession,
  type TLiveSessionSearchQuery,
  type TSetLiveDurationRequest,
  toCents,
  ZId,
} from '@fanstage/contract';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/app-error';
import type { Actor } from '../auth/sessions';
import { createStreamConversation } from '../messages/messages.stream';
import { findVisiblePerformer } from '../performers/performers.access';
import { defaultAvatarUrl, publicFileUrl } from '../users/users.presenter';
import type { TJanusEventBatch } from './janus/janus-events';
import { agoraSetupOf, agoraUnavailable, issueAgoraToken } from './media/agora-media';
import { countViewers } from './streaming.realtime';
import {
  endAbandonedLiveSessions,
  endLiveSessionsOfPerformer,
  endOwnLiveSession,
  extendOwnLiveSession,
  findLiveSessionWithPerformer,
  findModerations,
  findOwnLiveSession,
  findPaidSessionIds,
  findSubscribedPerformerIds,
  insertLiveSession,
  type LiveSessionRow,
  type LiveSessionWithPerformer,
  type ModerationRow,
  markPublisherDown,
  markPublisherUp,
  renewPublisherLease,
  searchLiveSessions,
  updateOwnLiveSession,
} from './streaming.repo';

const missingShow = () => notFound('That live show');
const endedShow = () => new AppError('CONFLICT', 'This live show has ended.');

export interface Entitlement {
  canJoin: boolean;
  /** Entitled whatever the show's status: reads its chat (read-only once it ended). */
  canReadChat: boolean;
  isPaid: boolean;
  isOwner: boolean;
  isMuted: boolean;
  isRemoved: boolean;
}

/**
 * Who may join a show and its chat (business-rules.md "Streaming"): its creator and admins always;
 * anyone else only as an active subscriber of the creator, who must also have bought this session
 * when it has a price, and whom the creator has not removed from it. Joining (video, posting)
 * needs the show live; an ended show's chat stays readable to the same people. Pure, so the list,
 * the chat, the sockets and the wallet share it.
 */
export function decideEntitlement(
  actor: Pick<Actor, 'id' | 'role'> | null,
  session: Pick<LiveSessionRow, 'performerId' | 'priceCents' | 'status'>,
  held: { isSubscribed: boolean; isPaid: boolean; isMuted?: boolean; isRemoved?: boolean },
): Entitlement {
  const isOwner = actor?.id === session.performerId;
  const isPrivileged = isOwner || actor?.role === 'admin';
  const isRemoved = !isPrivileged && held.isRemoved === true;
  const isMuted = !isPrivileged && !isRemoved && held.isMuted === true;
  const isEntitled =
    isPrivileged || (!isRemoved && held.isSubscribed && (session.priceCents === 0 || held.isPaid));
  return {
    canJoin: session.status === 'live' && isEntitled,
    canReadChat: isEntitled,
    isPaid: held.isPaid,
    isOwner,
    isMuted,
    isRemoved,
  };
}

function presentLiveSession(
  row: LiveSessionWithPerformer,
  entitlement: Entitlement,
  viewerCount: number | null = null,
): TLiveSession {
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
    conversationId: session.conversationId,
    viewerCount,
    ...entitlement,
  };
}

/** The viewer's entitlements to a page of shows: three queries whatever the page size. */
async function presentPage(
  ctx: AppContext,
  actor: Actor | null,
  rows: LiveSessionWithPerformer[],
  viewerCount: number | null = null,
): Promise<TLiveSession[]> {
  const sessionIds = rows.map((r) => r.session.id);
  const [subscribed, paid, moderations] = actor
    ? await Promise.all([
        findSubscribedPerformerIds(ctx.db.db, {
          fanId: actor.id,
          performerIds: [...new Set(rows.map((r) => r.session.performerId))],
          now: ctx.clock.now(),
        }),
        findPaidSessionIds(ctx.db.db, { fanId: actor.id, sessionIds }),
        findModerations(ctx.db.db, { userId: actor.id, sessionIds }),
      ])
    : [new Set<string>(), new Set<string>(), new Map<string, ModerationRow>()];
  return rows.map((row) =>
    presentLiveSession(
      row,
      decideEntitlement(actor, row.session, {
        isSubscribed: subscribed.has(row.session.performerId),
        isPaid: paid.has(row.session.id),
        isMuted: moderations.get(row.session.id)?.isMuted,
        isRemoved: moderations.get(row.session.id)?.isRemoved,
      }),
      viewerCount,
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
  const now = ctx.clock.now();
  // The show and its chat are made together: a refused second show leaves no chat behind.
  const row = await ctx.db.db.transaction(async (tx) => {
    const inserted = await insertLiveSession(tx, {
      performerId: actor.id,
      title: input.title,
      priceCents: toCents(input.price),
      plannedDurationMinutes: input.durationMinutes ?? null,
      conversationId: await createStreamConversation(tx, now),
      startedAt: now,
    });
    if (!inserted) {
      throw new AppError('CONFLICT', 'You are already live; end that show before starting another one.');
    }
    return inserted;
  });
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
    await closeEndedShowRoom(ctx, id);
  }
  return presentOne(ctx, actor, id);
}

/**
 * What every end of a show does after its row is ended: the room goes, so Janus hangs up everyone
 * in it and their pages say the video ended; the show's page answers "ended" from then on.
 */
async function closeEndedShowRoom(ctx: AppContext, id: string) {
  await ctx.media.closeRoom(id).catch((error: unknown) => {
    // The show has ended for everyone anyway: tokens stop being renewed and Janus drops them.
    ctx.log.warn({ err: error, sessionId: id }, 'the video room of an ended show was not destroyed');
  });
}

/** How long the creator's media may be gone before the show ends by itself. */
export const publisherGoneLimitMs = 60_000;

const isUuid = (s: string) => ZId.safeParse(s).success;

/**
 * Reads one post of Janus's event handler: the creator's media up or down is recorded on the show
 * (the last word per show in the post wins); viewer events go to the media's listeners only.
 * Answers how many events it understood.
 */
export async function receiveJanusEvents(
  ctx: AppContext,
  options: { batch: TJanusEventBatch },
): Promise<number> {
  const events = ctx.media.readEvents(options.batch);
  const lastWord = new Map<string, { isUp: boolean; performerId: string }>();
  for (const event of events) {
    if (event.kind !== 'publisher-up' && event.kind !== 'publisher-down') continue;
    if (!isUuid(event.feed)) continue;
    lastWord.set(event.room, { isUp: event.kind === 'publisher-up', performerId: event.feed });
  }
  const now = ctx.clock.now();
  for (const [id, { isUp, performerId }] of lastWord) {
    await (isUp ? markPublisherUp : markPublisherDown)(ctx.db.db, { id, performerId, now });
  }
  return events.length;
}

/**
 * Ends, as `publisher_gone`, every live show whose creator's media has been gone for a minute
 * (the auto-end job); answers how many. Safe on several nodes: the update ends each show once.
 */
export async function endAbandonedShows(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const ended = await endAbandonedLiveSessions(ctx.db.db, {
    goneBefore: new Date(now.getTime() - publisherGoneLimitMs),
    now,
  });
  for (const row of ended) await closeEndedShowRoom(ctx, row.id);
  return ended.length;
}

/**
 * Ends the live show of a creator whose account was deactivated, on every node: the row ends (so
 * listings and the show page say ended, and no one can buy or join it) and the video room closes.
 */
export async function endShowsOfDeactivatedCreator(ctx: AppContext, performerId: string): Promise<number> {
  const ended = await endLiveSessionsOfPerformer(ctx.db.db, {
    performerId,
    reason: 'account_deactivated',
    now: ctx.clock.now(),
  });
  for (const row of ended) await closeEndedShowRoom(ctx, row.id);
  return ended.length;
}

/** Who is live now (listed creators, and the viewer's own show), with the viewer's entitlements. */
export async function searchLive(
  ctx: AppContext,
  options: { actor: Actor | null; country: string | null; query: TLiveSessionSearchQuery },
): Promise<{ data: TLiveSession[]; total: number }> {
  const { actor, query } = options;
  const { rows, total } = await searchLiveSessions(ctx.db.db, {
    viewerId: actor?.id ?? null,
    geo: { actor, country: options.country },
    performerId: query.performerId,
    offset: query.offset,
    limit: query.limit,
  });
  return { data: await presentPage(ctx, actor, rows), total };
}

/**
 * One show when its creator is visible to the actor (else 404; a creator who blocked the actor 403),
 * with the actor's entitlement: the single access gate of shows, their video and their chat.
 * `withViewerCount` adds the people in its room now.
 */
export async function getLiveSession(
  ctx: AppContext,
  options: {
    actor: Actor | null;
    /** The request's country (a creator who blocked it has no shows for it); null from sockets. */
    country: string | null;
    id: string;
    withViewerCount?: boolean;
  },
): Promise<TLiveSession> {
  const row = await findLiveSessionWithPerformer(ctx.db.db, options.id);
  if (!row) throw missingShow();
  // A hidden creator's show is missing too, and says so as a show.
  await findVisiblePerformer(ctx, {
    actor: options.actor,
    country: options.country,
    idOrUsername: row.session.performerId,
  }).catch((error: unknown) => {
    throw error instanceof AppError && error.code === 'NOT_FOUND' ? missingShow() : error;
  });
  const viewerCount = options.withViewerCount
    ? await countViewers(ctx, { sessionId: row.session.id, performerId: row.session.performerId })
    : null;
  const [presented] = await presentPage(ctx, options.actor, [row], viewerCount);
  return presented!;
}

/** Why this person may not watch or chat in a show (403 sentences of the gate above). */
export function notEntitled(show: TLiveSession): AppError {
  if (show.isRemoved) return new AppError('FORBIDDEN', 'The creator removed you from this live show.');
  return new AppError(
    'FORBIDDEN',
    show.price > 0
      ? `Subscribe to ${show.performer.name} and buy this show to watch it.`
      : `Subscribe to ${show.performer.name} to join their live shows.`,
  );
}

/**
 * For the wallet, before it charges for a session: the show must be visible (404) and the buyer an
 * active subscriber of its creator (403). Price, status and the one purchase are checked by the
 * wallet inside the charge's transaction.
 */
export async function assertCanBuyLiveSession(
  ctx: AppContext,
  options: { actor: Actor; country: string | null; id: string },
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
 * The streaming module's one gate to a show's media: the show is visible (404), live (409) and the
 * actor its creator (publish) or entitled now (watch; else 403). The join route, Agora tokens and
 * every peer-to-peer signal ask it.
 */
export async function assertCanJoinLiveSession(
  ctx: AppContext,
  options: { actor: Actor; country: string | null; id: string },
): Promise<{ show: TLiveSession; role: 'publish' | 'watch' }> {
  const show = await getLiveSession(ctx, options);
  if (show.status !== 'live') throw endedShow();
  if (!show.canJoin) throw notEntitled(show);
  return { show, role: show.isOwner ? 'publish' : 'watch' };
}

/**
 * What the browser needs for the show's video (see assertCanJoinLiveSession), or 422 when this
 * server has no media, or 409 when a peer-to-peer show has no free seat.
 */
export async function joinLiveSession(
  ctx: AppContext,
  options: { actor: Actor; country: string | null; id: string; origin: string },
): Promise<TLiveMediaGrant> {
  const { show, role } = await assertCanJoinLiveSession(ctx, options);
  const grant = await ctx.media.grant({
    room: show._id,
    userId: options.actor.id,
    feed: show.performer._id,
    role,
    origin: options.origin,
  });
  if (role === 'publish')
    await renewPublisherLease(ctx.db.db, { id: show._id, until: new Date(grant.expiresAt) });
  return grant;
}

/**
 * A fresh Agora token for the show's channel, behind the same gate as a join: 422 while Agora is
 * not enabled (setting, app id and the server's certificate), then 404/409/403 as a join.
 */
export async function issueShowAgoraToken(
  ctx: AppContext,
  options: { actor: Actor; country: string | null; id: string },
): Promise<TAgoraToken> {
  const setup = agoraSetupOf(await ctx.settings.getAll(), ctx.config.AGORA_APP_CERTIFICATE);
  if (!setup) throw agoraUnavailable();
  const { show, role } = await assertCanJoinLiveSession(ctx, {
    actor: options.actor,
    country: options.country,
    id: options.id,
  });
  const token = issueAgoraToken(setup, {
    channel: show._id,
    userId: options.actor.id,
    role,
    now: ctx.clock.now(),
  });
  if (role === 'publish')
    await renewPublisherLease(ctx.db.db, { id: show._id, until: new Date(token.expiresAt) });
  return token;
}
