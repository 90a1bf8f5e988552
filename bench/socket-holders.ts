// The bench's side of socket-holder.ts: a few child processes that hold the socket.io clients
// between them and note when messages reach them.
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export type HolderCommand =
  | { type: 'connect'; url: string; tokens: string[] }
  | { type: 'count' }
  | { type: 'collect' }
  | { type: 'disconnect' };

export type HolderReply =
  | { type: 'connected'; failed: number; seconds: number }
  | { type: 'count'; count: number }
  | { type: 'arrivals'; arrivals: [string, number][] }
  | { type: 'done' };

export interface SocketHolders {
  /** Connects one socket per token, the tokens shared out among the holders in turn. */
  connect(url: string, tokens: string[]): Promise<{ connected: number; failed: number; seconds: number }>;
  /** How many `message/created` arrived since the last collect, on all holders. */
  count(): Promise<number>;
  /** Every arrival since the last collect ([text, time on the machine's clock]), and starts anew. */
  collect(): Promise<[string, number][]>;
  /** Closes every socket the holders hold. */
  disconnect(): Promise<void>;
  stop(): void;
  /** The holder processes' ids. */
  pids(): number[];
}

/** Milliseconds on the machine's clock, as the holders note arrivals. */
export const machineClock = () => performance.timeOrigin + performance.now();

/** Starts `count` holder processes (each with its own heap and garbage collector). */
export function startSocketHolders(count: number): SocketHolders {
  const path = fileURLToPath(new URL('./socket-holder.ts', import.meta.url));
  const children: ChildProcess[] = [];
  const pending = new Map<number, { resolve: (r: HolderReply) => void; reject: (e: Error) => void }>();
  let nextId = 0;
  for (let k = 0; k < count; k++) {
    const child = fork(path, [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.on('message', (message: { id: number; reply?: HolderReply; error?: string }) => {
      const waiting = pending.get(message.id);
      if (!waiting) return;
      pending.delete(message.id);
      if (message.reply) waiting.resolve(message.reply);
      else waiting.reject(new Error(`socket holder: ${message.error}`));
    });
    child.on('exit', (code) => {
      for (const [, waiting] of pending) waiting.reject(new Error(`a socket holder exited (code ${code})`));
      pending.clear();
    });
    children.push(child);
  }
  const ask = <R extends HolderReply>(child: ChildProcess, command: HolderCommand) =>
    new Promise<R>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve: resolve as (r: HolderReply) => void, reject });
      child.send({ id, command });
    });
  const askAll = <R extends HolderReply>(command: HolderCommand) =>
    Promise.all(children.map((child) => ask<R>(child, command)));

  return {
    async connect(url, tokens) {
      const started = Date.now();
      const shares = children.map((_, k) => tokens.filter((__, i) => i % children.length === k));
      const results = await Promise.all(
        children.map((child, k) =>
          ask<Extract<HolderReply, { type: 'connected' }>>(child, {
            type: 'connect',
            url,
            tokens: shares[k]!,
          }),
        ),
      );
      const failed = results.reduce((sum, r) => sum + r.failed, 0);
      return { connected: tokens.length - failed, failed, seconds: (Date.now() - started) / 1000 };
    },
    async count() {
      const replies = await askAll<Extract<HolderReply, { type: 'count' }>>({ type: 'count' });
      return replies.reduce((sum, r) => sum + r.count, 0);
    },
    async collect() {
      const replies = await askAll<Extract<HolderReply, { type: 'arrivals' }>>({ type: 'collect' });
      return replies.flatMap((r) => r.arrivals);
    },
    async disconnect() {
      await askAll({ type: 'disconnect' });
    },
    stop() {
      for (const child of children) child.kill();
    },
    pids() {
      return children.flatMap((child) => (child.pid ? [child.pid] : []));
    },
  };
}
