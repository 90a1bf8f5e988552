import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { janusWsPath } from './live-media';

/** socket.io answers its own upgrades on this path; everything else is ours to answer. */
const socketIoPath = '/socket.io/';

function refuse(socket: Duplex, status: 404, message: string) {
  const body = JSON.stringify({ statusCode: status, code: 'NOT_FOUND', message });
  socket.end(
    `HTTP/1.1 ${status} Not Found\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
  );
}

/**
 * Pipes browsers' WebSocket upgrades on `janusWsPath` to the Janus we run on the loopback, so the
 * site keeps one port. The upgrade request goes on byte for byte (its key, its `janus-protocol`
 * subprotocol) and Janus answers it; Janus's tokens guard every message, so the pipe checks nothing.
 * socket.io must be attached with `destroyUpgrade: false`, or its engine ends these sockets.
 */
export function attachJanusWsProxy(
  server: HttpServer,
  options: { target: () => string | null; log: FastifyBaseLogger },
): { close(): void } {
  // An upgraded socket still holds the HTTP server open: the app's close ends the pipes itself.
  const open = new Set<() => void>();
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (path.startsWith(socketIoPath)) return;
    const target = path === janusWsPath ? options.target() : null;
    if (!target) {
      refuse(
        socket,
        404,
        path === janusWsPath
          ? 'Live video is not available on this server right now.'
          : 'There is no such WebSocket route.',
      );
      return;
    }
    const url = new URL(target);
    const upstream = connect(Number(url.port), url.hostname);
    const closeBoth = () => {
      socket.destroy();
      upstream.destroy();
      open.delete(closeBoth);
    };
    open.add(closeBoth);
    upstream.on('error', (error) => {
      options.log.warn({ err: error }, 'janus websocket proxy: upstream failed');
      closeBoth();
    });
    socket.on('error', closeBoth);
    upstream.on('close', closeBoth);
    socket.on('close', closeBoth);
    upstream.on('connect', () => {
      const lines = ['GET / HTTP/1.1'];
      for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
        const name = req.rawHeaders[i] ?? '';
        lines.push(`${name}: ${name.toLowerCase() === 'host' ? url.host : req.rawHeaders[i + 1]}`);
      }
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
  });
  return {
    close() {
      for (const closePipe of open) closePipe();
    },
  };
}
