// A child process of the bench that holds socket.io clients, so that their memory and their garbage
// collection stay out of the process that sends and times the messages (with 10 000 clients in the
// sender, its own pauses of 300 ms showed up as the server's latency). It notes when each
// `message/created` arrives, on the clock every process of the machine shares, and hands the
// arrivals over when asked. Driven over IPC by socket-holders.ts; see README.md, "Realtime".
import { io, type Socket } from 'socket.io-client';
import type { HolderCommand, HolderReply } from './socket-holders';

interface AuthResult {
  authenticated: boolean;
}

/** Milliseconds on the machine's clock, comparable between processes (unlike performance.now()). */
const clock = () => performance.timeOrigin + performance.now();

/** One authenticated socket.io client, as the web client makes it (websocket, token in the query). */
function connectOne(url: string, token: string, timeoutMs: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(url, {
      transports: ['websocket'],
      reconnection: false,
      timeout: timeoutMs,
      forceNew: true,
      query: { token },
    });
    const timer = setTimeout(() => {
      socket.disconnect();
      reject(new Error('no auth/result in time'));
    }, timeoutMs);
    socket.once('auth/result', (result: AuthResult) => {
      clearTimeout(timer);
      if (result.authenticated) resolve(socket);
      else {
        socket.disconnect();
        reject(new Error('the token was refused'));
      }
    });
    socket.once('connect_error', (error) => {
      clearTimeout(timer);
      socket.disconnect();
      reject(error);
    });
  });
}

const sockets: Socket[] = [];
/** [message text, arrival time] of every `message/created` since the last collect. */
let arrivals: [string, number][] = [];
const onCreated = (event: { message: { text: string } }) => {
  arrivals.push([event.message.text, clock()]);
};

/** Connects one socket per token, `batch` handshakes at a time. */
async function connectAll(url: string, tokens: string[], batch = 250) {
  const started = Date.now();
  let failed = 0;
  for (let from = 0; from < tokens.length; from += batch) {
    const results = await Promise.allSettled(
      tokens.slice(from, from + batch).map((token) => connectOne(url, token, 20_000)),
    );
    for (const r of results) {
      if (r.status === 'fulfilled') {
        r.value.on('message/created', onCreated);
        sockets.push(r.value);
      } else failed += 1;
    }
  }
  return { failed, seconds: (Date.now() - started) / 1000 };
}

async function answer(command: HolderCommand): Promise<HolderReply> {
  switch (command.type) {
    case 'connect':
      return { type: 'connected', ...(await connectAll(command.url, command.tokens)) };
    case 'count':
      return { type: 'count', count: arrivals.length };
    case 'collect': {
      const collected = arrivals;
      arrivals = [];
      return { type: 'arrivals', arrivals: collected };
    }
    case 'disconnect':
      for (const s of sockets.splice(0)) s.disconnect();
      arrivals = [];
      return { type: 'done' };
  }
}

process.on('message', (message: { id: number; command: HolderCommand }) => {
  answer(message.command).then(
    (reply) => process.send?.({ id: message.id, reply }),
    (error: Error) => process.send?.({ id: message.id, error: error.message }),
  );
});
// The bench went away (or stopped this holder): nothing is left to hold.
process.on('disconnect', () => process.exit(0));
