import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/app-error';
import { findBlockedPairs } from '../access/blocks';
import type { Actor } from '../auth/sessions';
import {
  type ConversationRow,
  findActiveSubscriptions,
  findConversationWithMembers,
  findMemberView,
  findMessageById,
  findParties,
  findSendFacts,
  type MemberRow,
  type MessageRow,
  type PartyRow,
} from './messages.repo';

/*
 * The one gate of messaging. Only the two members of a conversation may read it, write to it or
 * ask about its messages and files; for anyone else every id answers the same 404 as an id that
 * does not exist, so a third person cannot even learn that the pair talk. Whether a member may
 * write now (blocks, the creator's "subscribers only" setting, an inactive account) is decided
 * here too, for one conversation or a whole page of them.
 */

type Viewer = Pick<Actor, 'id' | 'role'>;

export interface MemberConversation {
  conversation: ConversationRow;
  me: MemberRow;
  other: MemberRow;
}

const conversationNotFound = () => notFound('That conversation');
const messageNotFound = () => notFound('That message');

/** The conversation when the actor is one of its two members; otherwise 404. */
export async function findMemberConversation(
  ctx: AppContext,
  options: { actor: Viewer; conversationId: string },
): Promise<MemberConversation> {
  const found = await findConversationWithMembers(ctx.db, options.conversationId);
  const me = found?.members.find((m) => m.userId === options.actor.id);
  const other = found?.members.find((m) => m.userId !== options.actor.id);
  if (!found || !me || !other) throw conversationNotFound();
  return { conversation: found.conversation, me, other };
}

/** A message of a conversation the actor is a member of; otherwise 404 (same body as a missing id). */
export async function findMemberMessage(
  ctx: AppContext,
  options: { actor: Viewer; messageId: string },
): Promise<MemberConversation & { message: MessageRow }> {
  const message = await findMessageById(ctx.db.db, options.messageId);
  if (!message) throw messageNotFound();
  try {
    return {
      message,
      ...(await findMemberConversation(ctx, { ...options, conversationId: message.conversationId })),
    };
  } catch (err) {
    // Not a member: the same answer as a message that does not exist.
    if (err instanceof AppError && err.code === 'NOT_FOUND') throw messageNotFound();
    throw err;
  }
}

/**
 * For the wallet's message charge: the paid message is visible only to the members of its
 * conversation (anyone else: 404). Whether it is for sale and not the buyer's own is the charge's check.
 */
export async function findPurchasableMessage(
  ctx: AppContext,
  options: { actor: Viewer; id: string },
): Promise<MessageRow> {
  return (await findMemberMessage(ctx, { actor: options.actor, messageId: options.id })).message;
}

export interface SendDecision {
  canSend: boolean;
  /** A sentence for the viewer when they cannot write. */
  reason: string | null;
  /** The creator of the pair blocked the fan. */
  isBlocked: boolean;
}

const blockKey = (performerId: string, userId: string) => `${performerId}:${userId}`;

/** What the rule reads of the other person. */
type SendParty = {
  user: Pick<PartyRow['user'], 'id' | 'role' | 'status'>;
  requiresSubscriptionToMessage: boolean | null;
};

/** The rule for one pair, from facts already read. Pure, so each reason is simple to test. */
export function decideSend(
  viewer: Viewer,
  other: SendParty,
  held: { blocked: Set<string>; subscribedTo: Set<string> },
): SendDecision {
  return decidePair(viewer, other, {
    blockedViewer: held.blocked.has(blockKey(other.user.id, viewer.id)),
    blockedOther: held.blocked.has(blockKey(viewer.id, other.user.id)),
    subscribed: held.subscribedTo.has(other.user.id),
  });
}

/** `decideSend` for one pair whose facts are already booleans (one statement read them). */
function decidePair(
  viewer: Viewer,
  other: SendParty,
  facts: { blockedViewer: boolean; blockedOther: boolean; subscribed: boolean },
): SendDecision {
  const { blockedViewer, blockedOther } = facts;
  const isBlocked = blockedViewer || blockedOther;
  const refuse = (reason: string): SendDecision => ({ canSend: false, reason, isBlocked });
  if (blockedViewer) return refuse('You have been blocked by this creator, so you cannot message them.');
  if (blockedOther) return refuse('You have blocked this person; unblock them to write again.');
  if (other.user.status !== 'active')
    return refuse('This account is not active, so it cannot receive messages.');
  if (
    other.user.role === 'performer' &&
    other.requiresSubscriptionToMessage &&
    viewer.role !== 'admin' &&
    !facts.subscribed
  ) {
    return refuse('This creator only accepts messages from subscribers. Subscribe to send a message.');
  }
  return { canSend: true, reason: null, isBlocked };
}

/** Send decisions of a viewer towards many other people, in two queries whatever their number. */
export async function decideSendMany(
  ctx: AppContext,
  options: { viewer: Viewer; others: PartyRow[] },
): Promise<Map<string, SendDecision>> {
  const { viewer, others } = options;
  const pairs = others.flatMap((o) => [
    { performerId: o.user.id, fanId: viewer.id },
    { performerId: viewer.id, fanId: o.user.id },
  ]);
  const needsSubscription = others
    .filter((o) => o.user.role === 'performer' && o.requiresSubscriptionToMessage)
    .map((o) => o.user.id);
  const [blocked, subscribedTo] = await Promise.all([
    findBlockedPairs(ctx.db.db, pairs),
    findActiveSubscriptions(ctx.db.db, {
      fanId: viewer.id,
      performerIds: needsSubscription,
      now: ctx.clock.now(),
    }),
  ]);
  return new Map(others.map((o) => [o.user.id, decideSend(viewer, o, { blocked, subscribedTo })]));
}

/** The send decision of a viewer towards one person. */
export async function decideSendTo(
  ctx: AppContext,
  options: { viewer: Viewer; otherId: string },
): Promise<{ party: PartyRow; decision: SendDecision }> {
  const party = (await findParties(ctx.db.db, [options.otherId])).get(options.otherId);
  if (!party) throw conversationNotFound();
  const decision = (await decideSendMany(ctx, { viewer: options.viewer, others: [party] })).get(
    party.user.id,
  )!;
  return { party, decision };
}

/** Refuses with 403 and the decision's sentence when the viewer may not write to this person. */
export async function assertMaySend(ctx: AppContext, options: { viewer: Viewer; otherId: string }) {
  const { decision } = await decideSendTo(ctx, options);
  if (!decision.canSend)
    throw new AppError('FORBIDDEN', decision.reason ?? 'You cannot message this person.');
}

/**
 * The conversation as one member sees it, with whether they may write now, in one statement (the
 * conversation's own page, which reads the last message itself); anyone else gets 404.
 */
export async function findMemberConversationView(
  ctx: AppContext,
  options: { actor: Viewer; conversationId: string },
): Promise<MemberConversation & { party: PartyRow; decision: SendDecision }> {
  const { actor } = options;
  const row = await findMemberView(ctx.db, {
    conversationId: options.conversationId,
    viewerId: actor.id,
    now: ctx.clock.now(),
  });
  if (!row) throw conversationNotFound();
  const party: PartyRow = {
    user: row.user,
    requiresSubscriptionToMessage: row.requiresSubscriptionToMessage,
  };
  return {
    conversation: row.conversation,
    me: row.me,
    other: row.other,
    party,
    decision: decidePair(actor, party, row),
  };
}

/**
 * The send path's gate: the conversation's id, the other member's id and whether the actor may
 * write to them now, from eight values of one statement (`findSendFacts`); anyone not a member gets
 * the same 404 as the view.
 */
export async function findMemberSendDecision(
  ctx: AppContext,
  options: { actor: Viewer; conversationId: string },
): Promise<{ conversationId: string; otherId: string; decision: SendDecision }> {
  const { actor } = options;
  const row = await findSendFacts(ctx.db, {
    conversationId: options.conversationId,
    viewerId: actor.id,
    now: ctx.clock.now(),
  });
  if (!row) throw conversationNotFound();
  const other: SendParty = {
    user: { id: row.otherId, role: row.otherRole, status: row.otherStatus },
    requiresSubscriptionToMessage: row.requiresSubscriptionToMessage,
  };
  return {
    conversationId: row.conversationId,
    otherId: row.otherId,
    decision: decidePair(actor, other, row),
  };
}
