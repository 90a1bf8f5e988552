import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/*
 * Servers a journey starts, stops and restarts itself (the realtime journeys: a node going away).
 * Each is the real server, compiled (`apps/api/dist/server.js`, which run.mjs builds), with the web
 * build, on its own port, without the demo seed so it is ready in seconds.
 */

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

export interface OwnServer {
  url: string;
  port: number;
  start(): Promise<void>;
  /** SIGTERM (a clean stop) or SIGKILL (a crash). */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  log(): string;
}

/** One database for one or more servers: a PGlite folder, or a new database on TEST_DATABASE_URL. */
export async function ownDatabase(): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fanstage-e2e-own-'));
  if (!process.env.TEST_DATABASE_URL) {
    return {
      env: { DATA_DIR: dataDir },
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `e2e_own_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    drop: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function ownServer(env: Record<string, string>): Promise<OwnServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let output = '';
  const childEnv: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    LOGIN_RATE_LIMIT: '1000',
    SIGNUP_RATE_LIMIT: '1000',
    EMAIL_RATE_LIMIT: '1000',
    RATE_LIMIT_PREFIX: `rl-e2e-own-${randomBytes(4).toString('hex')}-`,
    ...env,
  };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  if (!env.REDIS_URL) delete childEnv.REDIS_URL;

  return {
    url,
    port,
    log: () => output,
    async start() {
      // The compiled server run.mjs built (apps/api/dist), as production runs it.
      const started = spawn(process.execPath, ['apps/api/dist/server.js'], {
        cwd: root,
        env: childEnv,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = started;
      started.stdout?.on('data', (d) => (output += d));
      started.stderr?.on('data', (d) => (output += d));
      const deadline = Date.now() + 90_000;
      while (Date.now() < deadline) {
        if (started.exitCode !== null) throw new Error(`the server exited:\n${output.slice(-3000)}`);
        try {
          if ((await fetch(`${url}/api/ready`)).ok) return;
        } catch {}
        await new Promise((r) => setTimeout(r, 250));
      }
      throw new Error(`the server did not become ready:\n${output.slice(-3000)}`);
    },
    async stop(signal = 'SIGTERM') {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((r) => running.once('exit', r));
      running.kill(signal);
      await Promise.race([exited, new Promise((r) => setTimeout(r, 8000))]);
      if (running.exitCode === null) {
        running.kill('SIGKILL');
        await exited;
      }
    },
  };
}

/**
 * A tiny TCP load balancer: each new connection goes to the first backend that accepts it, as a
 * proxy in front of several nodes would. Killing a node drops its connections; the browser's retry
 * lands on the next node.
 */
export async function balancer(backends: () => number[]): Promise<{ url: string; close(): Promise<void> }> {
  const open = new Set<Socket>();
  const server: Server = createServer((client) => {
    open.add(client);
    client.on('close', () => open.delete(client));
    // A browser that resets its side (a closed tab, a dropped keep-alive) must not throw in the test.
    client.on('error', () => client.destroy());
    const tryBackend = (index: number) => {
      const port = backends()[index];
      if (port === undefined) {
        client.destroy();
        return;
      }
      const upstream = new Socket();
      let isConnected = false;
      let hasFailed = false;
      upstream.on('error', () => {
        upstream.destroy();
        if (hasFailed) return;
        hasFailed = true;
        if (!isConnected) tryBackend(index + 1);
        else client.destroy();
      });
      upstream.connect(port, '127.0.0.1', () => {
        isConnected = true;
        client.pipe(upstream);
        upstream.pipe(client);
        upstream.on('close', () => client.destroy());
        client.on('close', () => upstream.destroy());
      });
    };
    tryBackend(0);
  });
  const port = await new Promise<number>((done) =>
    server.listen(0, '127.0.0.1', () => done((server.address() as { port: number }).port)),
  );
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done) => {
        for (const s of open) s.destroy();
        server.close(() => done());
      }),
  };
}
