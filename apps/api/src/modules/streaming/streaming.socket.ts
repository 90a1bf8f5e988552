import { clientEvents, type TStreamJoinResult, ZStreamJoinPayload } from '@fanstage/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../auth/sessions';
import type { AppSocket } from '../realtime/realtime.hub';
import { readableShow } from './streaming.chat';
import { announceViewerCount, streamRoom } from './streaming.realtime';
import { findActorFields } from './streaming.repo';

/*
 * A show's socket room. Entering it passes the same gate as the chat and the video (the socket's
 * person must be entitled to the show); the room then receives the show's messages, tips, clears
 * and viewer counts. Leaving (or a dropped connection) recounts the viewers for everyone.
 */

async function actorOfSocket(ctx: AppContext, userId: string | null): Promise<Actor | null> {
  if (!userId) return null;
  const row = await findActorFields(ctx.db.db, userId);
  if (row?.status !== 'active') return null;
  return { id: row.id, role: row.role, status: row.status, sessionId: '' };
}

export function registerStreamingSocket(ctx: AppContext): void {
  /** The shows each socket is in, with their creators, to recount when it goes (only sockets in one). */
  const joinedBy = new WeakMap<AppSocket, Map<string, string>>();

  ctx.realtime.handle(clientEvents.streamJoin, (socket, payload, ack) => {
    const answer = (result: TStreamJoinResult) => {
      if (typeof ack === 'function') ack(result);
    };
    void (async () => {
      const parsed = ZStreamJoinPayload.safeParse(payload ?? {});
      if (!parsed.success) return answer({ ok: false, error: 'Say which live show to join.' });
      const actor = await actorOfSocket(ctx, socket.data.userId);
      if (!actor) return answer({ ok: false, error: 'Log in to join the live chat.' });
      const sessionId = parsed.data.streamId;
      try {
        const show = await readableShow(ctx, { actor, sessionId });
        await socket.join(streamRoom(sessionId));
        let joined = joinedBy.get(socket);
        if (!joined) {
          joined = new Map();
          joinedBy.set(socket, joined);
        }
        joined.set(sessionId, show.performer._id);
        const viewerCount = await announceViewerCount(ctx, { sessionId, performerId: show.performer._id });
        answer({ ok: true, viewerCount });
      } catch (error) {
        if (error instanceof AppError) return answer({ ok: false, error: error.message });
        throw error;
      }
    })().catch((error: unknown) => {
      ctx.log.warn({ err: error }, 'stream/join failed');
      answer({ ok: false, error: 'The live chat could not be joined; try again.' });
    });
  });

  ctx.realtime.handle(clientEvents.streamLeave, (socket, payload) => {
    const parsed = ZStreamJoinPayload.safeParse(payload ?? {});
    if (!parsed.success) return;
    const sessionId = parsed.data.streamId;
    const joined = joinedBy.get(socket);
    const performerId = joined?.get(sessionId);
    if (!joined || !performerId) return;
    joined.delete(sessionId);
    void (async () => {
      await socket.leave(streamRoom(sessionId));
      await announceViewerCount(ctx, { sessionId, performerId });
    })().catch((error: unknown) => ctx.log.warn({ err: error }, 'stream/leave failed'));
  });

  ctx.realtime.onDisconnect((socket) => {
    const joined = joinedBy.get(socket);
    if (!joined) return;
    joinedBy.delete(socket);
    for (const [sessionId, performerId] of joined) {
      void announceViewerCount(ctx, { sessionId, performerId });
    }
  });
}
