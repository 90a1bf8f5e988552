// A child process of the bench that holds socket.io connections, so that their memory and their garbage
// collection stay out of the process that sends and times the messages (with 10 000 clients in the
// sender, its own pauses of 300 ms showed up as the server's latency). It notes when each
// `message/created` arrives, on the clock every process of the machine shares, and hands the
// arrivals over when asked. Driven over IPC by socket-holders.ts; see README.md, "Realtime".
import WebSocket from 'ws';
import type { HolderCommand, HolderReply } from './socket-holders';

/** Milliseconds on the machine's clock, comparable between processes (unlike performance.now()). */
const clock = () => performance.timeOrigin + performance.now();

/**
 * The socket.io client's wire protocol, as much as a holder needs (engine.io 4, socket.io 5): the
 * open packet is answered with a CONNECT to the main namespace, a ping with a pong, and events are
 * JSON arrays after `42`. The holder speaks it over a bare `ws` socket rather than through
 * socket.io-client: the client library decoded every frame into objects and cost these processes
 * about 55 µs a frame, a fifth of a core at 2 000 messages a second, taken from the server it measures
 * on the same two cores. A message's text is read straight from the frame.
 */
const eventPrefix = '42["';
const createdPrefix = '42["message/created",';
const textKey = '"text":"';

/** [message text, arrival time] of every `message/created` since the last collect. */
let arrivals: [string, number][] = [];

function noteCreated(frame: string) {
  const at = clock();
  const from = frame.indexOf(textKey, createdPrefix.length);
  if (from < 0) return;
  const start = from + textKey.length;
  arrivals.push([frame.slice(start, frame.indexOf('"', start)), at]);
}

/** One authenticated socket, as the web client makes it (websocket, token in the query). */
function connectOne(url: string, token: string, timeoutMs: number): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const address = `${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket&token=${encodeURIComponent(token)}`;
    const socket = new WebSocket(address, { perMessageDeflate: false });
    let settled = false;
    const settle = (error: Error | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) {
        socket.terminate();
        reject(error);
      } else resolve(socket);
    };
    const timer = setTimeout(() => settle(new Error('no auth/result in time')), timeoutMs);
    socket.on('message', (data: Buffer) => {
      const frame = data.toString();
      if (frame.startsWith(createdPrefix)) noteCreated(frame);
      else if (frame === '2') socket.send('3');
      else if (frame.startsWith('0{')) socket.send('40');
      else if (frame.startsWith('44'))
        settle(new Error(`the server refused the connection: ${frame.slice(2)}`));
      else if (frame.startsWith(`${eventPrefix}auth/result"`)) {
        const result = JSON.parse(frame.slice(2)) as [string, { authenticated: boolean }];
        settle(result[1].authenticated ? null : new Error('the token was refused'));
      }
    });
    socket.on('error', (error) => settle(error));
    socket.on('close', () => settle(new Error('the server closed the socket')));
  });
}

const sockets: WebSocket[] = [];

/** Connects one socket per token, `batch` handshakes at a time. */
async function connectAll(url: string, tokens: string[], batch = 250) {
  const started = Date.now();
  let failed = 0;
  for (let from = 0; from < tokens.length; from += batch) {
    const results = await Promise.allSettled(
      tokens.slice(from, from + batch).map((token) => connectOne(url, token, 20_000)),
    );
    for (const r of results) {
      if (r.status === 'fulfilled') sockets.push(r.value);
      else failed += 1;
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
      for (const s of sockets.splice(0)) s.close();
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
