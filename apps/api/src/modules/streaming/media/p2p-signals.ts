import { AppError } from '../../../lib/app-error';
import { type AppSocket, inSocketOrder } from '../../realtime/realtime.hub';

/**
 * What the peer-to-peer signalling of shows and of calls shares: each socket's signals handled one at
 * a time in order (a candidate never overtakes its offer), a piece that fails answered on that socket
 * with `live/error` and the sentence `refusalOf` makes of it, and the socket's person or a refusal.
 */
export function signallingOrder(refusalOf: (error: unknown) => string) {
  const ordered = inSocketOrder();
  return {
    inOrder(socket: AppSocket, work: () => Promise<void>) {
      ordered(socket, work).catch((error: unknown) => {
        socket.emit('live/error', { message: refusalOf(error) });
      });
    },
    actorOrRefuse(socket: AppSocket) {
      const actor = socket.data.actor;
      if (!actor) throw new AppError('UNAUTHENTICATED', 'Please log in to continue.');
      return actor;
    },
  };
}
