import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/** Undo steps run last-in first-out, once, on success, failure or CTRL-C. */
export class Cleanup {
  private steps: { label: string; run: () => Promise<void> }[] = [];
  private running: Promise<void> | null = null;

  add(label: string, run: () => Promise<void>): void {
    this.steps.push({ label, run });
  }

  run(): Promise<void> {
    this.running ??= (async () => {
      for (const step of this.steps.reverse()) {
        try {
          await step.run();
        } catch (err) {
          console.error(`cleanup: ${step.label} failed: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
    })();
    return this.running;
  }
}

/** Children get a clean environment: nothing of the caller's DATABASE_URL, REDIS_URL or admin settings leaks in. */
export function baseEnv(): Record<string, string> {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'TMP', 'TEMP', 'SystemRoot'];
  return Object.fromEntries(keep.flatMap((k) => (process.env[k] ? [[k, process.env[k]]] : [])));
}

const handedOut = new Set<number>();

const isPortFree = (port: number) =>
  new Promise<number | null>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(null));
    server.listen({ port, host: '127.0.0.1' }, () => {
      const address = server.address();
      const chosen = typeof address === 'object' && address ? address.port : null;
      server.close(() => resolve(chosen));
    });
  });

/**
 * A free loopback port: from `range` ("8092-8099") when given, else one the system picks.
 * A port is never handed out twice in one run.
 */
export async function findFreePort(range?: string): Promise<number> {
  if (!range) {
    for (;;) {
      const port = await isPortFree(0);
      if (port && !handedOut.has(port)) {
        handedOut.add(port);
        return port;
      }
    }
  }
  const [from, to] = range.split('-').map(Number);
  if (!from || !to || from > to) throw new Error(`BENCH_PORTS must look like 8092-8099, not "${range}"`);
  for (let port = from; port <= to; port++) {
    if (!handedOut.has(port) && (await isPortFree(port)) === port) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error(`no free port in BENCH_PORTS=${range}`);
}

export interface Child {
  name: string;
  process: ChildProcess;
  /** The last lines it printed, to explain a failure. */
  tail(): string;
  stop(): Promise<void>;
}

/** Starts a Node.js child with its output kept (not shown); stopping sends SIGTERM, then SIGKILL after 5 s. */
export function startChild(
  name: string,
  options: { args: string[]; cwd: string; env: Record<string, string> },
): Child {
  const child = spawn(process.execPath, options.args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    if (lines.length > 40) lines.splice(0, lines.length - 40);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // BENCH_CHILD_LOG=<file> keeps every line of every child, for looking into a stalled run.
  const logFile = process.env.BENCH_CHILD_LOG;
  if (logFile) {
    const copy = (chunk: Buffer) => appendFileSync(logFile, chunk);
    child.stdout?.on('data', copy);
    child.stderr?.on('data', copy);
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    name,
    process: child,
    tail: () => lines.join('\n'),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const finished = await Promise.race([exited.then(() => true), sleep(5000).then(() => false)]);
      if (!finished) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
}

/** Polls `url` until it answers 2xx; fails early when the child exits, or after `timeoutMs`. */
export async function waitUntilReady(child: Child, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.process.exitCode !== null) {
      throw new Error(`${child.name} exited with code ${child.process.exitCode}:\n${child.tail()}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`${child.name} was not ready at ${url} within ${timeoutMs / 1000} s:\n${child.tail()}`);
}
