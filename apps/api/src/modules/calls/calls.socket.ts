import type { ServerEventName, ServerEventPayloads, TCallEndReason, TCallSession } from '@fanstage/contract';
import type { AppContext } from '../../context';

/*
 * Live events of private shows and calls, to both people of a session (every tab of each), after
 * the change committed. A failed emit is logged: the lists refetch on reconnect.
 */

function send<K extends ServerEventName>(
  ctx: AppContext,
  userId: string,
  event: K,
  payload: ServerEventPayloads[K],
): void {
  try {
    ctx.realtime.toUser(userId, event, payload);
  } catch (err) {
    ctx.log.warn({ err, event }, 'could not send a live event');
  }
}

/** The new state to both sides; a new call also rings at the creator. */
export function announceCallUpdate(ctx: AppContext, call: TCallSession, options: { ringing?: boolean } = {}) {
  if (options.ringing) send(ctx, call.performer._id, 'call/ringing', { call });
  send(ctx, call.fan._id, 'call/updated', { call });
  send(ctx, call.performer._id, 'call/updated', { call });
}

/** The end and its reason to both sides, each in their own words; the fan may be offered a top-up. */
export function announceCallEnded(
  ctx: AppContext,
  options: { call: TCallSession; reason: TCallEndReason; messages: { fan: string; creator: string } },
) {
  const { call, reason } = options;
  send(ctx, call.fan._id, 'call/ended', {
    call,
    reason,
    message: options.messages.fan,
    offerTopUp: reason === 'insufficient_balance',
  });
  send(ctx, call.performer._id, 'call/ended', {
    call,
    reason,
    message: options.messages.creator,
    offerTopUp: false,
  });
  send(ctx, call.fan._id, 'call/updated', { call });
  send(ctx, call.performer._id, 'call/updated', { call });
}
