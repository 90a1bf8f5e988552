import { type TLiveJoinResult, ZLiveJoinPayload, ZLiveSignalPayload } from '@fanstage/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { AppSocket } from '../realtime/realtime.hub';
import { mediaUnavailable } from './media/live-media';
import { P2pMedia } from './media/p2p-media';
import { signallingOrder } from './media/p2p-signals';
import { assertCanJoinLiveSession } from './streaming.service';

/*
 * Peer-to-peer signalling of live shows (LIVE_MEDIA=p2p): offers, answers and ICE candidates pass
 * through the server only between a show's creator and a viewer seated in its mesh, and the access
 * gate of GET /streaming/join/{id} is asked again for both on every relay. Bad payloads and refusals
 * are answered with `live/error` and relay nothing. Each socket's events are handled in order, so a
 * candidate never overtakes its offer.
 */

/** How often the seated viewers' entitlements are checked again (a lapsed subscription is cut). */
const sweepEveryMs = 30_000;
const badSignal = 'That live video signal was not understood.';

const p2pOf = (ctx: AppContext) => (ctx.media instanceof P2pMedia ? ctx.media : null);

const refusalOf = (ctx: AppContext, error: unknown): string => {
  if (error instanceof AppError) return error.message;
  ctx.log.warn({ err: error }, 'live signalling failed');
  return 'Live video signalling failed; try again.';
};

/** Whether the person may still be in this show now (the gate, without throwing). */
async function isEntitled(
  ctx: AppContext,
  options: { actor: NonNullable<AppSocket['data']['actor']>; room: string },
) {
  try {
    // The join grant (HTTP, with the visitor's country) came first; sockets carry no trusted address.
    await assertCanJoinLiveSession(ctx, { actor: options.actor, country: null, id: options.room });
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}

/** Cuts every seated viewer whose entitlement ended (show ended, subscription lapsed). */
export async function sweepP2pSeats(ctx: AppContext): Promise<void> {
  const p2p = p2pOf(ctx);
  if (!p2p) return;
  for (const { room, member } of p2p.seatedViewers()) {
    if (!(await isEntitled(ctx, { actor: member.actor, room }))) {
      p2p.remove({ room, userId: member.userId, reason: 'You can no longer watch this show.' });
    }
  }
}

export function registerP2pSignalling(ctx: AppContext, app: FastifyInstance): void {
  const p2p = p2pOf(ctx);
  if (p2p) {
    const timer = setInterval(() => {
      sweepP2pSeats(ctx).catch((error: unknown) => ctx.log.warn({ err: error }, 'live seat sweep failed'));
    }, sweepEveryMs);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }

  const { inOrder, actorOrRefuse } = signallingOrder((error) => refusalOf(ctx, error));

  ctx.realtime.handle('live/join', (socket, payload, ack) => {
    inOrder(socket, async () => {
      const answer = (result: TLiveJoinResult) => {
        if (typeof ack === 'function') ack(result);
      };
      try {
        const parsed = ZLiveJoinPayload.safeParse(payload);
        if (!parsed.success) throw new AppError('VALIDATION_FAILED', 'That live show was not found.');
        const actor = actorOrRefuse(socket);
        const { show, role } = await assertCanJoinLiveSession(ctx, {
          actor,
          country: null,
          id: parsed.data.sessionId,
        });
        if (!p2p) throw mediaUnavailable();
        const peers = p2p.enter({
          room: show._id,
          publisherId: show.performer._id,
          member: { userId: actor.id, socketId: socket.id, actor },
        });
        answer({ ok: true, role, peers });
      } catch (error) {
        const message = refusalOf(ctx, error);
        socket.emit('live/error', { message });
        answer({ ok: false, message });
      }
    });
  });

  ctx.realtime.handle('live/signal', (socket, payload) => {
    inOrder(socket, async () => {
      const parsed = ZLiveSignalPayload.safeParse(payload);
      if (!parsed.success || !p2p) throw new AppError('VALIDATION_FAILED', badSignal);
      const { sessionId: room, to, description, candidate } = parsed.data;
      const actor = actorOrRefuse(socket);
      // A call's pair signals through call/media-signal, under the call's gate (calls.p2p.socket.ts).
      const from = p2p.kindOf(room) === 'show' ? p2p.memberAt(room, socket.id) : null;
      const target = from ? p2p.counterpart(room, from, to) : null;
      if (!from || !target || from.userId !== actor.id) {
        throw new AppError('NOT_FOUND', 'That person is not in this live show.');
      }
      const [fromOk, targetOk] = await Promise.all([
        isEntitled(ctx, { actor, room }),
        isEntitled(ctx, { actor: target.actor, room }),
      ]);
      if (!fromOk || !targetOk) {
        const viewer = from.userId === p2p.publisherOf(room) ? target : from;
        p2p.remove({ room, userId: viewer.userId, reason: 'You can no longer watch this show.' });
        throw new AppError('FORBIDDEN', 'That person can no longer watch this show.');
      }
      ctx.realtime.toRoom(target.socketId, 'live/signal', {
        sessionId: room,
        from: from.userId,
        ...(description ? { description } : {}),
        ...(candidate ? { candidate } : {}),
      });
    });
  });

  ctx.realtime.handle('live/leave', (socket, payload) => {
    inOrder(socket, async () => {
      const parsed = ZLiveJoinPayload.safeParse(payload);
      if (!parsed.success || !p2p) throw new AppError('VALIDATION_FAILED', 'That live show was not found.');
      const member = p2p.memberAt(parsed.data.sessionId, socket.id);
      if (member && p2p.kindOf(parsed.data.sessionId) === 'show') {
        p2p.remove({
          room: parsed.data.sessionId,
          userId: member.userId,
          socketId: socket.id,
          reason:
            member.userId === p2p.publisherOf(parsed.data.sessionId)
              ? "The creator's video stopped."
              : 'The viewer left.',
        });
      }
    });
  });

  ctx.realtime.onDisconnect((socket) => {
    if (!p2p) return;
    for (const { room, userId, kind } of p2p.roomsOf(socket.id)) {
      if (kind !== 'show') continue;
      const isCreator = userId === p2p.publisherOf(room);
      p2p.remove({
        room,
        userId,
        socketId: socket.id,
        reason: isCreator ? "The creator's video stopped." : 'The viewer left.',
      });
    }
  });
}
