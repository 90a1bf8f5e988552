import type { ServerEventName, ServerEventPayloads } from '@fanstage/contract';
import type { AppContext } from '../../context';

/*
 * A show's socket room and what is sent to it. Counts come from the sockets in the room on every
 * node (the Redis adapter answers `fetchSockets` across nodes), so no counter can drift when a
 * node dies: its sockets are simply gone from the answer.
 */

export const streamRoom = (sessionId: string) => `stream:${sessionId}`;

/** People watching a show now: distinct signed-in people in its room, the creator not counted. */
export async function countViewers(
  ctx: AppContext,
  options: { sessionId: string; performerId: string },
): Promise<number> {
  // A node shutting down has nobody left to tell, and its Redis clients are going.
  if (ctx.realtime.isClosing) return 0;
  try {
    const sockets = await ctx.realtime.io.in(streamRoom(options.sessionId)).fetchSockets();
    const people = new Set<string>();
    for (const socket of sockets) {
      const userId = socket.data.userId;
      if (userId && userId !== options.performerId) people.add(userId);
    }
    return people.size;
  } catch (err) {
    ctx.log.warn({ err }, 'could not count the viewers of a show');
    return 0;
  }
}

/** Sends to everyone in the show's room; a failed emit is logged, never undoes what was saved. */
export function sendToShow<K extends ServerEventName>(
  ctx: AppContext,
  sessionId: string,
  event: K,
  payload: ServerEventPayloads[K],
): void {
  try {
    ctx.realtime.toRoom(streamRoom(sessionId), event, payload);
  } catch (err) {
    ctx.log.warn({ err, event }, 'could not send a live event to a show');
  }
}

/** Recounts the show's viewers and tells the room. */
export async function announceViewerCount(
  ctx: AppContext,
  options: { sessionId: string; performerId: string },
): Promise<number> {
  const viewerCount = await countViewers(ctx, options);
  sendToShow(ctx, options.sessionId, 'stream/viewers', { streamId: options.sessionId, viewerCount });
  return viewerCount;
}
