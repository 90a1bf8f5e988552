import {
  callHeartbeatTimeoutMs,
  callRingTimeoutMs,
  formatAmount,
  fromCents,
  type TAgoraToken,
  type TCallCreate,
  type TCallEndReason,
  type TCallListQuery,
  type TCallMediaGrant,
  type TCallSession,
  type TPrivateRequestCreate,
  toCents,
} from '@fanstage/contract';
import { type CallSessionKind, type CallSessionStatus, newId } from '@fanstage/db';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/app-error';
import type { Actor } from '../auth/sessions';
import { findOrCreateConversation, findOrCreateTopicConversation } from '../messages/messages.repo';
import { notify } from '../notifications/notifications.service';
import { findVisiblePerformer } from '../performers/performers.access';
import { agoraSetupOf, agoraUid, agoraUnavailable, issueAgoraToken } from '../streaming/media/agora-media';
import { defaultAvatarUrl, publicFileUrl } from '../users/users.presenter';
import { chargeCallMinute, walletBalance } from '../wallet';
import {
  type CallSessionRow,
  type CallSessionWithParties,
  endLiveCallSession,
  findCallSession,
  findDueCallSessions,
  findGoneFanSessions,
  findLiveCallSessionsOf,
  findOpenSessionsOfPair,
  insertCallSession,
  listCallSessions,
  listMyCalls,
  missRingingCalls,
  touchCallSession,
  transitionCallSession,
} from './calls.repo';
import { announceCallEnded, announceCallUpdate } from './calls.socket';

const nameOf = { private_show: 'private show', call: 'call' } as const;
const missing = (kind: CallSessionKind) =>
  notFound(kind === 'call' ? 'That call' : 'That private show request');

const statusWords: Record<CallSessionStatus, string> = {
  pending: 'waiting for an answer',
  approved: 'approved',
  rejected: 'rejected',
  ringing: 'ringing',
  live: 'live',
  finished: 'finished',
  cancelled: 'cancelled',
  declined: 'declined',
  missed: 'missed',
};

/** A session as either of its two people sees it. */
export function presentCallSession(row: CallSessionWithParties): TCallSession {
  const { session: s } = row;
  const party = (p: CallSessionWithParties['fan']) => ({
    _id: p.id,
    name: p.name,
    username: p.username,
    avatar: publicFileUrl(p.avatarPath) ?? defaultAvatarUrl,
  });
  return {
    _id: s.id,
    kind: s.kind,
    status: s.status,
    fan: party(row.fan),
    performer: party(row.performer),
    scheduledAt: s.requestedFor?.toISOString() ?? null,
    timezone: s.timezone,
    note: s.note,
    price: fromCents(s.priceCents),
    conversationId: s.conversationId,
    startedAt: s.startedAt?.toISOString() ?? null,
    endedAt: s.endedAt?.toISOString() ?? null,
    endReason: s.endReason,
    billedMinutes: s.billedMinutes,
    totalSeconds: s.totalSeconds,
    totalSpent: fromCents(s.totalSpentCents),
    paidUntil:
      s.status === 'live' && s.startedAt
        ? new Date(s.startedAt.getTime() + s.billedMinutes * 60_000).toISOString()
        : null,
    createdAt: s.createdAt.toISOString(),
  };
}

async function presentById(ctx: AppContext, id: string): Promise<TCallSession> {
  const row = await findCallSession(ctx.db.db, id);
  if (!row) throw notFound('That session');
  return presentCallSession(row);
}

/** The session when the actor is its fan or its creator (and it is of this kind); else 404. */
async function findMine(
  ctx: AppContext,
  options: { actor: Actor; id: string; kind: CallSessionKind },
): Promise<CallSessionWithParties> {
  const row = await findCallSession(ctx.db.db, options.id);
  const { actor } = options;
  if (
    !row ||
    row.session.kind !== options.kind ||
    (row.session.fanId !== actor.id && row.session.performerId !== actor.id)
  ) {
    throw missing(options.kind);
  }
  return row;
}

/** One of the actor's sessions. */
export async function getMyCallSession(
  ctx: AppContext,
  options: { actor: Actor; id: string; kind: CallSessionKind },
): Promise<TCallSession> {
  return presentCallSession(await findMine(ctx, options));
}

type Side = 'fan' | 'creator';

const pastOf: Record<string, string> = {
  approve: 'approved',
  reject: 'rejected',
  delete: 'deleted',
  start: 'started',
  accept: 'accepted',
  edit: 'edited',
  decline: 'declined',
  cancel: 'cancelled',
};

/**
 * After a guarded change missed: 404 when the session is not the actor's, 403 when it is but this
 * step belongs to the other side, 409 when it is in the wrong state.
 */
async function explainMiss(
  ctx: AppContext,
  options: { actor: Actor; id: string; kind: CallSessionKind; side: Side; action: string; from: string },
): Promise<never> {
  const row = await findMine(ctx, options);
  const isFan = row.session.fanId === options.actor.id;
  if ((options.side === 'fan') !== isFan) {
    throw new AppError(
      'FORBIDDEN',
      options.side === 'fan'
        ? `Only the fan who asked can ${options.action} this ${nameOf[options.kind]}.`
        : `Only the creator can ${options.action} this ${nameOf[options.kind]}.`,
    );
  }
  throw new AppError(
    'CONFLICT',
    `This ${nameOf[options.kind]} is ${statusWords[row.session.status]}; only ${options.from} one can be ${pastOf[options.action] ?? options.action}.`,
  );
}

/** A fan must hold the site's minimum for calls (and at least one minute) before asking. */
async function assertCanAfford(
  ctx: AppContext,
  options: { fanId: string; what: string; minuteCents?: number },
): Promise<void> {
  const settings = await ctx.settings.getAll();
  const needed = Math.max(toCents(settings.minimumBalance1on1Calls), options.minuteCents ?? 0);
  const balance = await walletBalance(ctx.db.db, options.fanId);
  if (balance < needed) {
    throw new AppError(
      'INSUFFICIENT_BALANCE',
      `You need at least ${formatAmount(fromCents(needed))} in your wallet to ${options.what}; you have ${formatAmount(fromCents(balance))}. Top up your wallet first.`,
    );
  }
}

/** The creator the fan may reach: visible and not blocking them (the creator gate: 404, 403), not the fan themself (422). */
async function findReachableCreator(
  ctx: AppContext,
  options: { actor: Actor; country: string | null; performerId: string },
) {
  const performer = await findVisiblePerformer(ctx, {
    actor: options.actor,
    country: options.country,
    idOrUsername: options.performerId,
  });
  if (performer.user.id === options.actor.id) {
    throw new AppError('UNPROCESSABLE', 'You cannot call or book yourself.');
  }
  if (options.actor.role !== 'user') {
    throw new AppError('FORBIDDEN', 'Only fans can book private shows and call creators.');
  }
  return performer;
}

async function conversationOf(ctx: AppContext, options: { fanId: string; performerId: string }) {
  const now = ctx.clock.now();
  const { conversation } = await ctx.db.db.transaction((tx) =>
    findOrCreateConversation(tx, { a: options.fanId, b: options.performerId, now }),
  );
  return conversation.id;
}

const isUniqueViolation = (error: unknown) =>
  ((error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code) === '23505';

const busyFan = () =>
  new AppError('CONFLICT', 'The fan is already in another call or private show; try again when it ends.');

/** `POST /streaming/private/request`: the fan asks a creator for a private show. */
export async function requestPrivateShow(
  ctx: AppContext,
  options: { actor: Actor; country: string | null; input: TPrivateRequestCreate },
): Promise<TCallSession> {
  const { actor, input } = options;
  const performer = await findReachableCreator(ctx, {
    actor,
    country: options.country,
    performerId: input.performerId,
  });
  const scheduledAt = new Date(input.scheduledAt);
  if (scheduledAt.getTime() < ctx.clock.now().getTime() - 60_000) {
    throw new AppError('UNPROCESSABLE', 'Choose a time in the future for the private show.', [
      { path: 'scheduledAt', message: 'In the future.' },
    ]);
  }
  await assertCanAfford(ctx, { fanId: actor.id, what: 'request a private show' });
  const now = ctx.clock.now();
  const id = newId();
  // Each request has its own conversation (its topic), made with the request in one transaction.
  const row = await ctx.db.db.transaction(async (tx) => {
    const conversation = await findOrCreateTopicConversation(tx, {
      a: actor.id,
      b: performer.user.id,
      topicId: id,
      now,
    });
    return insertCallSession(tx, {
      id,
      kind: 'private_show',
      fanId: actor.id,
      performerId: performer.user.id,
      status: 'pending',
      requestedFor: scheduledAt,
      timezone: input.timezone,
      note: input.note,
      priceCents: performer.profile.privateCallPriceCents,
      conversationId: conversation.id,
      createdAt: now,
    });
  });
  if (!row) throw new AppError('CONFLICT', 'This request could not be saved; try again.');
  return announce(ctx, row.id);
}

/** Sends the session's new state to both sides, and answers it. */
async function announce(ctx: AppContext, id: string): Promise<TCallSession> {
  const call = await presentById(ctx, id);
  announceCallUpdate(ctx, call);
  return call;
}

/** The creator approves or rejects a pending request. */
export async function answerPrivateShow(
  ctx: AppContext,
  options: { actor: Actor; id: string; answer: 'approve' | 'reject' },
): Promise<TCallSession> {
  const { actor, id, answer } = options;
  const row = await transitionCallSession(ctx.db.db, {
    id,
    kind: 'private_show',
    from: ['pending'],
    performerId: actor.id,
    set: { status: answer === 'approve' ? 'approved' : 'rejected' },
  });
  if (!row) {
    return explainMiss(ctx, {
      actor,
      id,
      kind: 'private_show',
      side: 'creator',
      action: answer,
      from: 'a pending',
    });
  }
  const call = await announce(ctx, id);
  const creator = actor.user?.username ?? actor.user?.name ?? 'The creator';
  await notify(ctx, {
    userIds: row.fanId,
    type: 'private-show.answered',
    title:
      answer === 'approve'
        ? `${creator} approved your private show`
        : `${creator} declined your private show`,
    text:
      answer === 'approve'
        ? `${creator} approved your private show request. Be ready at the time you asked for; it starts when the creator starts it.`
        : `${creator} declined your private show request. Nothing was charged.`,
    link: answer === 'approve' ? `/private-shows/${id}` : '/user/private-shows',
  });
  return call;
}

/** The fan deletes their own pending (or approved, not yet started) request. */
export async function cancelPrivateShow(
  ctx: AppContext,
  options: { actor: Actor; id: string },
): Promise<TCallSession> {
  const { actor, id } = options;
  const row = await transitionCallSession(ctx.db.db, {
    id,
    kind: 'private_show',
    from: ['pending'],
    fanId: actor.id,
    set: { status: 'cancelled', endedAt: ctx.clock.now() },
  });
  if (!row) {
    return explainMiss(ctx, {
      actor,
      id,
      kind: 'private_show',
      side: 'fan',
      action: 'delete',
      from: 'a pending',
    });
  }
  return announce(ctx, id);
}

/**
 * Makes a session live: started now, the fan counted as present, the two-party room opened and
 * minute 1 charged. A fan who cannot pay it ends the session at once (the answer says so).
 */
async function goLive(
  ctx: AppContext,
  options: { actor: Actor; id: string; kind: CallSessionKind; from: CallSessionStatus; priceCents?: number },
): Promise<TCallSession> {
  const { actor, id, kind } = options;
  const now = ctx.clock.now();
  let row: CallSessionRow | null;
  try {
    row = await transitionCallSession(ctx.db.db, {
      id,
      kind,
      from: [options.from],
      performerId: actor.id,
      set: {
        status: 'live',
        startedAt: now,
        fanSeenAt: now,
        creatorSeenAt: now,
        ...(options.priceCents !== undefined ? { priceCents: options.priceCents } : {}),
      },
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw busyFan();
    throw error;
  }
  if (!row) {
    return explainMiss(ctx, {
      actor,
      id,
      kind,
      side: 'creator',
      action: kind === 'call' ? 'accept' : 'start',
      from: kind === 'call' ? 'a ringing' : 'an approved',
    });
  }
  await ctx.media
    .openRoom({ room: id, publisherId: row.performerId, publishers: 2 })
    .catch((error: unknown) =>
      ctx.log.warn({ err: error, sessionId: id }, 'call started without a video room'),
    );
  const first = await chargeCallMinute(ctx, { sessionId: id, minute: 1 });
  if (first.outcome === 'insufficient_balance') {
    await endCallSession(ctx, { id, reason: 'insufficient_balance' });
    return presentById(ctx, id);
  }
  return announce(ctx, id);
}

/** `GET .../request/{id}/start`: the creator starts an approved show at a price per minute. */
export async function startPrivateShow(
  ctx: AppContext,
  options: { actor: Actor; id: string; price?: number },
): Promise<TCallSession> {
  const { actor, id } = options;
  const current = await findMine(ctx, { actor, id, kind: 'private_show' });
  const priceCents = options.price !== undefined ? toCents(options.price) : current.session.priceCents;
  if (current.session.performerId === actor.id && current.session.status === 'approved' && priceCents <= 0) {
    throw new AppError('UNPROCESSABLE', 'Set a price per minute (price=5.00, say) to start the show.', [
      { path: 'price', message: 'Required.' },
    ]);
  }
  const session = await goLive(ctx, { actor, id, kind: 'private_show', from: 'approved', priceCents });
  if (session.status === 'live' && current.session.status === 'approved') {
    const creator = actor.user?.username ?? actor.user?.name ?? 'The creator';
    await notify(ctx, {
      userIds: current.session.fanId,
      type: 'private-show.starting',
      title: `${creator} started your private show`,
      text: `${creator} started your private show. Join now: every minute is charged from your wallet while it runs.`,
      link: `/private-shows/${id}`,
    });
  }
  return session;
}

/** The creator changes the price per minute of an approved or live show; the next minute uses it. */
export async function editPrivateShowPrice(
  ctx: AppContext,
  options: { actor: Actor; id: string; price: number },
): Promise<TCallSession> {
  const { actor, id } = options;
  const row = await transitionCallSession(ctx.db.db, {
    id,
    kind: 'private_show',
    from: ['pending', 'approved', 'live'],
    performerId: actor.id,
    set: { priceCents: toCents(options.price) },
  });
  if (!row) {
    return explainMiss(ctx, {
      actor,
      id,
      kind: 'private_show',
      side: 'creator',
      action: 'edit',
      from: 'a pending, approved or live',
    });
  }
  return announce(ctx, id);
}

const endMessages: Record<TCallEndReason, { fan: string; creator: string }> = {
  ended_by_fan: { fan: 'You ended the call.', creator: 'The fan ended the call.' },
  ended_by_creator: { fan: 'The creator ended the call.', creator: 'You ended the call.' },
  insufficient_balance: {
    fan: 'The call ended because your wallet cannot pay the next minute. Top up to call again.',
    creator: "The call ended because the fan's wallet could not pay the next minute.",
  },
  fan_gone: {
    fan: 'The call ended because your page stopped answering for 45 seconds.',
    creator: "The call ended because the fan's connection was lost.",
  },
  blocked: {
    fan: 'The call ended because the creator blocked you.',
    creator: 'You blocked this fan, so the call ended.',
  },
  account_deactivated: {
    fan: 'The call ended because one of the accounts was deactivated.',
    creator: 'The call ended because one of the accounts was deactivated.',
  },
};

/**
 * Ends a live session once (status, reason, total seconds; the money totals are the billed
 * minutes), cuts the media and tells both sides why. False when it was not live.
 */
export async function endCallSession(
  ctx: AppContext,
  options: { id: string; reason: TCallEndReason },
): Promise<boolean> {
  const ended = await endLiveCallSession(ctx.db.db, { ...options, now: ctx.clock.now() });
  if (!ended) return false;
  await ctx.media.closeRoom(options.id).catch((error: unknown) => {
    // Tokens are no longer renewed for an ended call, so Janus drops them anyway.
    ctx.log.warn({ err: error, sessionId: options.id }, 'the room of an ended call was not destroyed');
  });
  const call = await presentById(ctx, options.id);
  announceCallEnded(ctx, { call, reason: options.reason, messages: endMessages[options.reason] });
  return true;
}

/**
 * A creator blocked this fan: their live call or private show ends at once through the same cut as
 * any end (media closed, both told why), and what was only asked or ringing is refused, so nothing
 * between them can go live after the block.
 */
export async function cutSessionsOfBlockedFan(
  ctx: AppContext,
  options: { performerId: string; fanId: string },
): Promise<void> {
  const open = await findOpenSessionsOfPair(ctx.db.db, options);
  for (const session of open) {
    if (session.status === 'live') {
      await endCallSession(ctx, { id: session.id, reason: 'blocked' });
      continue;
    }
    const refused = await transitionCallSession(ctx.db.db, {
      id: session.id,
      kind: session.kind,
      from: [session.status],
      set: {
        status: session.kind === 'call' ? 'declined' : 'rejected',
        ...(session.kind === 'call' ? { endedAt: ctx.clock.now() } : {}),
      },
    });
    if (refused) await announce(ctx, session.id);
  }
}

/**
 * Ends every live call and private show of a person whose account was deactivated: billing stops,
 * the media room closes and the other side is told why. Answers how many ended.
 */
export async function endCallsOfDeactivatedAccount(ctx: AppContext, userId: string): Promise<number> {
  let ended = 0;
  for (const { id } of await findLiveCallSessionsOf(ctx.db.db, userId)) {
    if (await endCallSession(ctx, { id, reason: 'account_deactivated' })) ended++;
  }
  return ended;
}

/** Either side ends a live show or call. */
export async function finishCallSession(
  ctx: AppContext,
  options: { actor: Actor; id: string; kind: CallSessionKind },
): Promise<TCallSession> {
  const row = await findMine(ctx, options);
  const isFan = row.session.fanId === options.actor.id;
  const ended = await endCallSession(ctx, {
    id: options.id,
    reason: isFan ? 'ended_by_fan' : 'ended_by_creator',
  });
  if (!ended) {
    const now = await presentById(ctx, options.id);
    if (now.status === 'finished') return now; // a double click is harmless
    throw new AppError(
      'CONFLICT',
      `This ${nameOf[options.kind]} is ${statusWords[now.status]}; only a live one can be ended.`,
    );
  }
  return presentById(ctx, options.id);
}

/** The in-call page says it is still there; 409 once the session is not live (the page stops). */
export async function heartbeatCallSession(
  ctx: AppContext,
  options: { actor: Actor; id: string; kind: CallSessionKind },
): Promise<TCallSession> {
  const row = await findMine(ctx, options);
  if (row.session.status !== 'live') {
    throw new AppError('CONFLICT', `This ${nameOf[options.kind]} is ${statusWords[row.session.status]}.`);
  }
  await touchCallSession(ctx.db.db, {
    id: options.id,
    side: row.session.fanId === options.actor.id ? 'fan' : 'creator',
    now: ctx.clock.now(),
  });
  return presentCallSession(row);
}

/** One of the session's two people, while it is live and its first minute is paid (409 otherwise). */
function assertLiveAndPaid(
  session: CallSessionWithParties['session'],
  kind: CallSessionKind,
): CallSessionWithParties['session'] {
  if (session.status !== 'live') {
    throw new AppError(
      'CONFLICT',
      `This ${nameOf[kind]} is ${statusWords[session.status]}; you can join only while it is live.`,
    );
  }
  if (session.billedMinutes < 1) {
    throw new AppError('CONFLICT', `This ${nameOf[kind]} is not paid yet; try again in a moment.`);
  }
  return session;
}

/**
 * The media gate of calls and private shows: one of its two people, while it is live and its first
 * minute is paid (409 otherwise). Counts as a sign of life from that side.
 */
async function assertInLiveCall(
  ctx: AppContext,
  options: { actor: Actor; id: string; kind: CallSessionKind },
): Promise<{ session: CallSessionWithParties['session']; isFan: boolean }> {
  const session = assertLiveAndPaid((await findMine(ctx, options)).session, options.kind);
  const isFan = session.fanId === options.actor.id;
  await touchCallSession(ctx.db.db, {
    id: session.id,
    side: isFan ? 'fan' : 'creator',
    now: ctx.clock.now(),
  });
  return { session, isFan };
}

/**
 * A fresh Agora token for a call's or private show's channel (its id), to either of its people while
 * it is live: both publish. 422 while Agora is not set up; 404 for anyone else.
 */
export async function issueCallAgoraToken(
  ctx: AppContext,
  options: { actor: Actor; id: string },
): Promise<TAgoraToken> {
  const setup = agoraSetupOf(await ctx.settings.getAll(), ctx.config.AGORA_APP_CERTIFICATE);
  if (!setup) throw agoraUnavailable();
  const found = await findCallSession(ctx.db.db, options.id);
  const kind = found?.session.kind ?? 'call';
  const { session } = await assertInLiveCall(ctx, { actor: options.actor, id: options.id, kind });
  return issueAgoraToken(setup, {
    channel: session.id,
    userId: options.actor.id,
    role: 'publish',
    now: ctx.clock.now(),
  });
}

/**
 * The gate of peer-to-peer call signalling, asked on every relayed message: the actor is one of the
 * call's (or private show's) two people and it is live and paid; 404 for anyone else, 409 once it
 * ended. Reads only: ICE candidates come in bursts, and the heartbeat already says who is there.
 */
export async function assertCanSignalCall(
  ctx: AppContext,
  options: { actor: Actor; id: string },
): Promise<{ creatorId: string; peerId: string }> {
  const found = await findCallSession(ctx.db.db, options.id);
  const { actor } = options;
  if (!found || (found.session.fanId !== actor.id && found.session.performerId !== actor.id)) {
    throw missing(found?.session.kind ?? 'call');
  }
  const session = assertLiveAndPaid(found.session, found.session.kind);
  const isFan = session.fanId === actor.id;
  return { creatorId: session.performerId, peerId: isFan ? session.performerId : session.fanId };
}

/**
 * The media grant of a live, paid session for its fan or creator: both publish as themselves and
 * watch the other. Not live is 409; no media on this server is the adapter's 422.
 */
export async function joinCallSession(
  ctx: AppContext,
  options: { actor: Actor; id: string; kind: CallSessionKind; origin: string },
): Promise<TCallMediaGrant> {
  const { session, isFan } = await assertInLiveCall(ctx, options);
  const grant = await ctx.media.grant({
    room: session.id,
    userId: options.actor.id,
    feed: options.actor.id,
    role: 'publish',
    publishers: 2,
    origin: options.origin,
  });
  const peer = isFan ? session.performerId : session.fanId;
  // Agora names people by uid: the page shows the one stream of the other person's uid.
  return { ...grant, peer, ...(grant.provider === 'agora' ? { peerUid: agoraUid(peer) } : {}) };
}

/** The fan's private show requests (`/search`) or the creator's (`/request`). */
export async function listPrivateShows(
  ctx: AppContext,
  options: { actor: Actor; side: Side; query: TCallListQuery },
): Promise<{ data: TCallSession[]; total: number }> {
  const { actor, query } = options;
  const { rows, total } = await listCallSessions(ctx.db.db, {
    kind: 'private_show',
    ...(options.side === 'fan' ? { fanId: actor.id } : { performerId: actor.id }),
    status: query.status,
    offset: query.offset,
    limit: query.limit,
  });
  return { data: rows.map(presentCallSession), total };
}

/** `POST /streaming/calls`: a fan who holds enough rings a creator who takes calls. */
export async function startCall(
  ctx: AppContext,
  options: { actor: Actor; country: string | null; input: TCallCreate },
): Promise<TCallSession> {
  const { actor, input } = options;
  const performer = await findReachableCreator(ctx, {
    actor,
    country: options.country,
    performerId: input.performerId,
  });
  const priceCents = performer.profile.privateCallPriceCents;
  // A price of 0 makes calls free (the creator's setting says so); the minimum balance still applies.
  if (!performer.profile.acceptsCalls) {
    throw new AppError('UNPROCESSABLE', `${performer.user.name} does not take calls right now.`);
  }
  await assertCanAfford(ctx, { fanId: actor.id, what: 'call a creator', minuteCents: priceCents });
  const conversationId = await conversationOf(ctx, { fanId: actor.id, performerId: performer.user.id });
  const row = await insertCallSession(ctx.db.db, {
    kind: 'call',
    fanId: actor.id,
    performerId: performer.user.id,
    status: 'ringing',
    priceCents,
    conversationId,
    createdAt: ctx.clock.now(),
  });
  if (!row) throw new AppError('CONFLICT', 'You are already in a call or private show; end it first.');
  const call = await presentById(ctx, row.id);
  announceCallUpdate(ctx, call, { ringing: true });
  return call;
}

/** The creator picks up a ringing call: live, minute 1 charged. */
export const acceptCall = (ctx: AppContext, options: { actor: Actor; id: string }) =>
  goLive(ctx, { ...options, kind: 'call', from: 'ringing' });

/** The creator declines (`decline`) or the fan hangs up before an answer (`cancel`). */
export async function refuseCall(
  ctx: AppContext,
  options: { actor: Actor; id: string; action: 'decline' | 'cancel' },
): Promise<TCallSession> {
  const { actor, id, action } = options;
  const side: Side = action === 'decline' ? 'creator' : 'fan';
  const row = await transitionCallSession(ctx.db.db, {
    id,
    kind: 'call',
    from: ['ringing'],
    ...(side === 'fan' ? { fanId: actor.id } : { performerId: actor.id }),
    set: { status: action === 'decline' ? 'declined' : 'cancelled', endedAt: ctx.clock.now() },
  });
  if (!row) {
    return explainMiss(ctx, { actor, id, kind: 'call', side, action, from: 'a ringing' });
  }
  return announce(ctx, id);
}

/** The actor's calls, made or received, newest first. */
export async function listCalls(
  ctx: AppContext,
  options: { actor: Actor; query: TCallListQuery },
): Promise<{ data: TCallSession[]; total: number }> {
  const { rows, total } = await listMyCalls(ctx.db.db, { userId: options.actor.id, ...options.query });
  return { data: rows.map(presentCallSession), total };
}

export interface TickReport {
  missed: number;
  charged: number;
  ended: number;
}

/**
 * One pass of the call ticker (every few seconds on every node): ringing calls unanswered for 30 s
 * are missed; live sessions whose fan page went quiet for 45 s end; every live session whose next
 * minute has begun is charged for it, or ended when the fan cannot pay. Safe to run concurrently:
 * each minute is charged under the session's row lock (SKIP LOCKED) and once per ledger key.
 */
export async function runCallTicker(ctx: AppContext): Promise<TickReport> {
  const now = ctx.clock.now();
  const report: TickReport = { missed: 0, charged: 0, ended: 0 };
  const missed = await missRingingCalls(ctx.db.db, {
    before: new Date(now.getTime() - callRingTimeoutMs),
    now,
  });
  for (const row of missed) {
    report.missed++;
    await announce(ctx, row.id);
  }
  const fanSeenSince = new Date(now.getTime() - callHeartbeatTimeoutMs);
  for (const { id } of await findGoneFanSessions(ctx.db.db, { since: fanSeenSince, limit: 200 })) {
    if (await endCallSession(ctx, { id, reason: 'fan_gone' })) report.ended++;
  }
  for (const due of await findDueCallSessions(ctx.db.db, { now, limit: 200 })) {
    const result = await chargeCallMinute(ctx, {
      sessionId: due.id,
      minute: due.billedMinutes + 1,
      fanSeenSince,
      skipLocked: true,
    });
    if (result.outcome === 'charged') {
      report.charged++;
      // One line per committed minute: what an operator (and the crash test) follows minute by minute.
      ctx.log.debug({ sessionId: due.id, minute: due.billedMinutes + 1 }, 'call minute charged');
      await announce(ctx, due.id);
    } else if (result.outcome === 'insufficient_balance' || result.outcome === 'fan_gone') {
      if (await endCallSession(ctx, { id: due.id, reason: result.outcome })) report.ended++;
    }
  }
  return report;
}
