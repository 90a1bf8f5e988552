import { type TCallMediaJoinResult, ZLiveJoinPayload, ZLiveSignalPayload } from '@fanstage/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { mediaUnavailable } from '../streaming/media/live-media';
import { P2pMedia } from '../streaming/media/p2p-media';
import { signallingOrder } from '../streaming/media/p2p-signals';
import { assertCanSignalCall } from './calls.service';

/*
 * Peer-to-peer video of calls and private shows (LIVE_MEDIA=p2p): the two people's pages hold one
 * RTCPeerConnection between them, both sending camera and microphone. Offers, answers and ICE
 * candidates pass through the server only between the two people of a live, paid call, and the
 * call's gate is asked again on every relay; a call found ended closes both pages' connection. The
 * creator's page always makes the offer, so the two pages connect whichever comes first, and again
 * after either reloads. The pair lives in P2pMedia as a mesh of kind `call`, so ending the call
 * (`closeRoom`, from endCallSession) tells both pages to close. Refusals answer `live/error`.
 */

const badSignal = 'That call video signal was not understood.';
const notInCall = () => new AppError('NOT_FOUND', 'That person is not in this call.');
const leftReason = (isCreator: boolean) =>
  isCreator ? "The creator's video stopped." : "The fan's video stopped.";

const refusalOf = (ctx: AppContext, error: unknown): string => {
  if (error instanceof AppError) return error.message;
  ctx.log.warn({ err: error }, 'call signalling failed');
  return 'Call video signalling failed; try again.';
};

/** Takes the socket's page out of the call's pair; the other page drops its connection and waits. */
function leave(p2p: P2pMedia, options: { room: string; socketId: string }) {
  const member = p2p.memberAt(options.room, options.socketId);
  if (!member || p2p.kindOf(options.room) !== 'call') return;
  p2p.remove({
    room: options.room,
    userId: member.userId,
    socketId: options.socketId,
    reason: leftReason(member.userId === p2p.publisherOf(options.room)),
  });
}

export function registerCallP2pSignalling(ctx: AppContext): void {
  const p2p = ctx.media instanceof P2pMedia ? ctx.media : null;

  const { inOrder, actorOrRefuse } = signallingOrder((error) => refusalOf(ctx, error));

  ctx.realtime.handle('call/media-join', (socket, payload, ack) => {
    inOrder(socket, async () => {
      const answer = (result: TCallMediaJoinResult) => {
        if (typeof ack === 'function') ack(result);
      };
      try {
        const parsed = ZLiveJoinPayload.safeParse(payload);
        if (!parsed.success) throw new AppError('VALIDATION_FAILED', 'That call was not found.');
        const actor = actorOrRefuse(socket);
        const room = parsed.data.sessionId;
        const { creatorId } = await assertCanSignalCall(ctx, { actor, id: room });
        if (!p2p) throw mediaUnavailable();
        const peers = p2p.enter({
          room,
          publisherId: creatorId,
          member: { userId: actor.id, socketId: socket.id, actor },
          kind: 'call',
        });
        const isCreator = actor.id === creatorId;
        answer({ ok: true, role: isCreator ? 'offer' : 'answer', peers: isCreator ? peers : [] });
      } catch (error) {
        const message = refusalOf(ctx, error);
        socket.emit('live/error', { message });
        answer({ ok: false, message });
      }
    });
  });

  ctx.realtime.handle('call/media-signal', (socket, payload) => {
    inOrder(socket, async () => {
      const parsed = ZLiveSignalPayload.safeParse(payload);
      if (!parsed.success || !p2p) throw new AppError('VALIDATION_FAILED', badSignal);
      const { sessionId: room, to, description, candidate } = parsed.data;
      const actor = actorOrRefuse(socket);
      const from = p2p.kindOf(room) === 'call' ? p2p.memberAt(room, socket.id) : null;
      const target = from ? p2p.counterpart(room, from, to) : null;
      if (!from || !target || from.userId !== actor.id) throw notInCall();
      try {
        // Only the call's two people pass the gate, and the target entered through it too.
        await assertCanSignalCall(ctx, { actor, id: room });
      } catch (error) {
        // Ended (or no longer this person's): both pages close, whatever ended it.
        if (error instanceof AppError) await p2p.closeRoom(room);
        throw error;
      }
      ctx.realtime.toRoom(target.socketId, 'live/signal', {
        sessionId: room,
        from: from.userId,
        ...(description ? { description } : {}),
        ...(candidate ? { candidate } : {}),
      });
    });
  });

  ctx.realtime.handle('call/media-leave', (socket, payload) => {
    inOrder(socket, async () => {
      const parsed = ZLiveJoinPayload.safeParse(payload);
      if (!parsed.success || !p2p) throw new AppError('VALIDATION_FAILED', 'That call was not found.');
      leave(p2p, { room: parsed.data.sessionId, socketId: socket.id });
    });
  });

  ctx.realtime.onDisconnect((socket) => {
    if (!p2p) return;
    for (const { room, kind } of p2p.roomsOf(socket.id)) {
      if (kind === 'call') leave(p2p, { room, socketId: socket.id });
    }
  });
}
