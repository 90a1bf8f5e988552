import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type DbHandle,
  earnings,
  eq,
  files,
  inArray,
  messages,
  migrateDatabase,
  openDatabase,
  subscriptions,
  users,
} from '@fanstage/db';
import { buildCreator, buildFan, buildSubscription, factoryPassword } from '@fanstage/db/factories';
import pg from 'pg';
import PgBoss from 'pg-boss';
import sharp from 'sharp';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from '../src/modules/files/storage-s3';
import { renewalJobName } from '../src/modules/subscriptions/subscriptions.jobs';
import { grantWalletCredit, reconcileLedger } from '../src/modules/wallet';
import { walletOnlyContext } from '../test/helpers';
import { startS3, testBucket } from '../test/s3';

/*
 * Two API nodes as separate processes (the compiled server, NODE_ENV=production) on one machine:
 * one PostgreSQL database, one Redis, one S3-compatible store (s3rver). What several nodes must
 * share is checked through them, then node A is killed (SIGKILL) under chat, tip and upload load
 * while clients go on through node B: nothing acknowledged is lost, nothing is charged twice.
 * Needs TEST_DATABASE_URL and TEST_REDIS_URL (`npm test -- cluster` with both set; CI runs it).
 */

const here = dirname(fileURLToPath(import.meta.url));
const apiRoot = resolve(here, '..');
const serverUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

interface Node {
  name: string;
  url: string;
  child: ChildProcess;
  log: string[];
}

let databaseUrl: string;
let dropDatabase: () => Promise<void>;
let db: DbHandle;
let s3: Awaited<ReturnType<typeof startS3>>;
let dataDirs: string[] = [];
let a: Node;
let b: Node;
const prefix = `cluster-${randomBytes(4).toString('hex')}`;
const secret = randomBytes(32).toString('hex');

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => done(port));
    });
  });
}

async function startNode(name: string): Promise<Node> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), `fanstage-${name}-`));
  dataDirs.push(dataDir);
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [join(apiRoot, 'dist/server.js')], {
    cwd: apiRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      SECRET: secret,
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: '8',
      REDIS_URL: redisUrl!,
      REDIS_PREFIX: prefix,
      RATE_LIMIT_PREFIX: `${prefix}-rl-`,
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      LIVE_MEDIA: 'p2p',
      JOB_SCHEDULES: 'true',
      QUEUE_POLL_SECONDS: '0.5',
      LOGIN_RATE_LIMIT: '1000',
      MESSAGE_RATE_LIMIT_PER_MINUTE: '10000',
      ...s3.env,
    },
  });
  const log: string[] = [];
  child.stdout?.on('data', (c: Buffer) => log.push(c.toString()));
  child.stderr?.on('data', (c: Buffer) => log.push(c.toString()));
  const node = { name, url, child, log };
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`node ${name} stopped at start:\n${log.join('')}`);
    const ready = await fetch(`${url}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return node;
    if (Date.now() - started > 90_000) throw new Error(`node ${name} not ready:\n${log.join('')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const stopNode = async (node: Node | undefined) => {
  if (!node || node.child.exitCode !== null || node.child.signalCode !== null) return;
  const gone = new Promise((r) => node.child.once('exit', r));
  node.child.kill('SIGTERM');
  await Promise.race([gone, new Promise((r) => setTimeout(r, 15_000))]);
  if (node.child.exitCode === null) node.child.kill('SIGKILL');
};

beforeAll(async () => {
  // The production server the nodes run: compiled once (a few seconds with esbuild).
  const build = spawnSync(process.execPath, [join(apiRoot, 'build.mjs')], { cwd: apiRoot, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`the API did not compile: ${build.stderr}`);
  const name = `t_cluster_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(serverUrl!);
  target.pathname = `/${name}`;
  databaseUrl = target.toString();
  dropDatabase = async () => {
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  };
  s3 = await startS3();
  // Both start at once on the empty database: one migrates, the other waits its turn.
  [a, b] = await Promise.all([startNode('a'), startNode('b')]);
  db = await openDatabase({ url: databaseUrl, poolSize: 4 });
  await migrateDatabase(db);
}, 180_000);

afterAll(async () => {
  await Promise.all([stopNode(a), stopNode(b)]);
  await db?.close();
  await s3?.close();
  await dropDatabase?.();
  for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  dataDirs = [];
}, 60_000);

/** A minimal context for the wallet's own functions, run from the test process. */
const walletCtx = () => walletOnlyContext(db);

async function login(node: Node, username: string): Promise<string> {
  const res = await fetch(`${node.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: factoryPassword }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

type Call = {
  method?: string;
  path: string;
  token?: string;
  json?: unknown;
  form?: FormData;
  headers?: Record<string, string>;
};

async function call(node: Node, c: Call): Promise<Response> {
  return fetch(`${node.url}${c.path}`, {
    method: c.method ?? 'GET',
    headers: {
      ...(c.token ? { authorization: `Bearer ${c.token}` } : {}),
      ...(c.json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...c.headers,
    },
    body: c.form ?? (c.json !== undefined ? JSON.stringify(c.json) : undefined),
  });
}

function socketOn(node: Node, token: string): Promise<Socket> {
  const socket = connect(node.url, { transports: ['websocket'], reconnection: false, query: { token } });
  return new Promise((done, fail) => {
    socket.once('auth/result', () => done(socket));
    socket.once('connect_error', fail);
  });
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const photo = (seed: number) =>
  sharp({ create: { width: 320, height: 200, channels: 3, background: { r: seed % 256, g: 90, b: 200 } } })
    .png()
    .toBuffer();

const photoForm = async (seed: number) => {
  const fd = new FormData();
  fd.append('file', new Blob([new Uint8Array(await photo(seed))], { type: 'image/png' }), `p${seed}.png`);
  return fd;
};

async function cast() {
  const creator = await buildCreator(db.db, { monthlyPrice: 10 });
  const fan = await buildFan(db.db);
  await grantWalletCredit(walletCtx(), {
    userId: fan.id,
    amountCents: 100_000,
    reason: 'test',
    initiatorId: null,
  });
  return {
    creator,
    fan,
    creatorTokenA: await login(a, creator.username!),
    fanTokenA: await login(a, fan.username!),
  };
}

describe.runIf(serverUrl && redisUrl)('two API nodes on one PostgreSQL, Redis and bucket', () => {
  it('serves on B a photo uploaded on A, and shares sessions', async () => {
    const { creatorTokenA } = await cast();
    const up = await call(a, {
      method: 'POST',
      path: '/api/performer/feeds/photo/upload',
      token: creatorTokenA,
      form: await photoForm(1),
    });
    expect(up.status).toBe(200);
    const file = ((await up.json()) as { data: { _id: string } }).data;
    // The session made on A works on B, and B reads the file A stored in the bucket.
    const status = await call(b, { path: `/api/files/${file._id}/status`, token: creatorTokenA });
    expect(status.status).toBe(200);
    expect(((await status.json()) as { data: { status: string } }).data.status).toBe('ready');
    const [row] = await db.db.select().from(files).where(eq(files.id, file._id));
    const bucket = createS3Storage({
      bucket: testBucket,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
    });
    expect((await bucket.stat(row!.storageKey))?.size).toBeGreaterThan(0);
    // A's and B's disks hold no copy: the bucket is the only store.
    const avatar = await call(a, {
      method: 'POST',
      path: '/api/users/avatar/upload',
      token: creatorTokenA,
      form: await photoForm(2),
    });
    expect(avatar.status).toBe(200);
    const avatarUrl = ((await avatar.json()) as { data: { url: string } }).data.url;
    const served = await fetch(new URL(new URL(avatarUrl, b.url).pathname, b.url));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
  });

  it('delivers chat across nodes: a message sent through A reaches a socket on B', async () => {
    const { creator, fanTokenA } = await cast();
    const creatorTokenB = await login(b, creator.username!);
    const opened = await call(a, {
      method: 'POST',
      path: '/api/conversations',
      token: fanTokenA,
      json: { source: 'performer', sourceId: creator.username! },
    });
    expect(opened.status).toBe(200);
    const conversationId = ((await opened.json()) as { data: { _id: string } }).data._id;
    const inbox = await socketOn(b, creatorTokenB);
    const received: string[] = [];
    inbox.on('message/created', (e: { message: { text: string } }) => received.push(e.message.text));
    try {
      const sent = await call(a, {
        method: 'POST',
        path: `/api/messages/conversations/${conversationId}`,
        token: fanTokenA,
        json: { text: 'hello across nodes' },
      });
      expect(sent.status).toBe(200);
      await until(() => received.includes('hello across nodes'), 'the message on B');
    } finally {
      inbox.disconnect();
    }
  });

  it("carries a live show's chat between viewers on different nodes", async () => {
    const { creator, fan, creatorTokenA } = await cast();
    // A show is for the creator's subscribers.
    await buildSubscription(db.db, {
      fanId: fan.id,
      performerId: creator.id,
      expiredAt: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000),
    });
    const fanTokenB = await login(b, fan.username!);
    const live = await call(a, {
      method: 'POST',
      path: '/api/streaming/live',
      token: creatorTokenA,
      json: { title: 'Across', price: 0 },
    });
    expect(live.status).toBe(200);
    const show = ((await live.json()) as { data: { _id: string; conversationId: string } }).data;
    const viewer = await socketOn(b, fanTokenB);
    const studio = await socketOn(a, creatorTokenA);
    const heard: string[] = [];
    viewer.on('stream/message', (e: { message: { text: string } }) => heard.push(e.message.text));
    try {
      const joined = await new Promise<{ ok: boolean }>((done) =>
        viewer.emit('stream/join', { streamId: show._id }, done),
      );
      expect(joined).toMatchObject({ ok: true });
      await new Promise((done) => studio.emit('stream/join', { streamId: show._id }, done));
      const posted = await call(a, {
        method: 'POST',
        path: `/api/messages/stream/${show.conversationId}`,
        token: creatorTokenA,
        json: { text: 'welcome, node B' },
      });
      expect(posted.status).toBe(200);
      await until(() => heard.includes('welcome, node B'), 'the show message on B');
    } finally {
      viewer.disconnect();
      studio.disconnect();
    }
  });

  it('renews a due subscription once when both nodes run the renewal job', async () => {
    const { creator, fan, fanTokenA } = await cast();
    const subscribed = await call(a, {
      method: 'POST',
      path: '/api/payment/subscribe/performers',
      token: fanTokenA,
      json: { performerId: creator.id, type: 'monthly' },
    });
    expect(subscribed.status).toBe(200);
    const sub = ((await subscribed.json()) as { data: { _id: string } }).data;
    const due = new Date(Date.now() - 60_000);
    await db.db.update(subscriptions).set({ expiredAt: due }).where(eq(subscriptions.id, sub._id));
    // The job twice at once, as two overlapping schedule turns would; each node's workers take jobs.
    const boss = new PgBoss({ connectionString: databaseUrl, schedule: false, supervise: false, max: 2 });
    await boss.start();
    try {
      const ids = await Promise.all([boss.send(renewalJobName, {}), boss.send(renewalJobName, {})]);
      await until(
        async () => {
          const jobs = await Promise.all(ids.map((id) => boss.getJobById(renewalJobName, id!)));
          return jobs.every((j) => j?.state === 'completed');
        },
        'both renewal jobs done',
        30_000,
      );
    } finally {
      await boss.stop({ graceful: false, wait: true });
    }
    const charges = await db.db.select().from(earnings).where(eq(earnings.performerId, creator.id));
    expect(charges).toHaveLength(2); // the first month and one renewal
    const [row] = await db.db.select().from(subscriptions).where(eq(subscriptions.id, sub._id));
    expect(row!.expiredAt!.getTime()).toBe(due.getTime() + 30 * 24 * 60 * 60 * 1000);
    const [wallet] = await db.db
      .select({ balance: users.balanceCents })
      .from(users)
      .where(eq(users.id, fan.id));
    expect(wallet!.balance).toBe(100_000 - 2 * 1000);
    expect((await reconcileLedger(db.db)).problems).toEqual([]);
  });

  it('loses no message, no file and no money when a node is killed under load', async () => {
    const { creator, fan, fanTokenA, creatorTokenA } = await cast();
    const creatorTokenB = await login(b, creator.username!);
    const opened = await call(a, {
      method: 'POST',
      path: '/api/conversations',
      token: fanTokenA,
      json: { source: 'performer', sourceId: creator.username! },
    });
    const conversationId = ((await opened.json()) as { data: { _id: string } }).data._id;
    // The creator reads on B, which stays up.
    const inbox = await socketOn(b, creatorTokenB);
    const delivered = new Set<string>();
    inbox.on('message/created', (e: { message: { text: string } }) => delivered.add(e.message.text));
    const before = (await db.db.select().from(users).where(eq(users.id, fan.id)))[0]!.balanceCents;

    /** Sends through A while it lives, then through B: a request cut by the kill is sent again on B. */
    let aDead = false;
    const acknowledged = { messages: [] as string[], tips: [] as string[], files: [] as string[] };
    let cut = 0;
    async function viaEither(c: Call, preferA: boolean): Promise<Response> {
      if (preferA && !aDead) {
        try {
          return await call(a, c);
        } catch {
          cut += 1; // A died with this request in flight: the client tries the other node
        }
      }
      return call(b, c);
    }
    const tokenOn = { fan: fanTokenA, creator: creatorTokenA };
    const work: Promise<void>[] = [];
    for (let i = 0; i < 60; i++) {
      const preferA = i % 2 === 0;
      const text = `m-${i}`;
      work.push(
        (async () => {
          const res = await viaEither(
            {
              method: 'POST',
              path: `/api/messages/conversations/${conversationId}`,
              token: tokenOn.fan,
              json: { text },
            },
            preferA,
          );
          expect(res.status, text).toBe(200);
          acknowledged.messages.push(text);
        })(),
      );
      const key = randomUUID();
      work.push(
        (async () => {
          const res = await viaEither(
            {
              method: 'POST',
              path: `/api/wallet/charges/tip/${creator.id}`,
              token: tokenOn.fan,
              json: { amount: 10 },
              headers: { 'idempotency-key': key },
            },
            preferA,
          );
          expect(res.status, `tip ${i}`).toBe(200);
          acknowledged.tips.push(key);
        })(),
      );
      if (i % 4 === 0) {
        const form = await photoForm(100 + i);
        work.push(
          (async () => {
            const res = await viaEither(
              { method: 'POST', path: '/api/performer/feeds/photo/upload', token: tokenOn.creator, form },
              preferA,
            );
            expect(res.status, `upload ${i}`).toBe(200);
            acknowledged.files.push(((await res.json()) as { data: { _id: string } }).data._id);
          })(),
        );
      }
      if (i === 20) {
        // Mid-load, without warning.
        a.child.kill('SIGKILL');
        aDead = true;
      }
      await new Promise((r) => setTimeout(r, 15));
    }
    await Promise.all(work);

    // Every message: stored, and delivered to the creator's socket on B (except those sent before
    // the socket's node heard them — all were published through Redis, so B heard them all).
    const stored = await db.db
      .select({ text: messages.text })
      .from(messages)
      .where(eq(messages.conversationId, conversationId));
    const storedTexts = stored.map((m) => m.text);
    for (let i = 0; i < 60; i++) expect(storedTexts, `m-${i}`).toContain(`m-${i}`);
    // A request A committed but could not answer was sent again: at most one extra per cut request.
    expect(storedTexts.length - 60).toBeLessThanOrEqual(cut);
    await until(() => acknowledged.messages.every((t) => delivered.has(t)), 'every message delivered on B');
    inbox.disconnect();

    // Money: each tip charged exactly once (the same Idempotency-Key on the retry), the ledger balanced.
    const tips = await db.db.select().from(earnings).where(eq(earnings.performerId, creator.id));
    expect(tips).toHaveLength(60);
    const after = (await db.db.select().from(users).where(eq(users.id, fan.id)))[0]!.balanceCents;
    expect(before - after).toBe(60 * 1000);
    expect((await reconcileLedger(db.db)).problems).toEqual([]);

    // Files: every acknowledged upload is in the bucket and served through B.
    const rows = await db.db.select().from(files).where(inArray(files.id, acknowledged.files));
    expect(rows).toHaveLength(15);
    for (const id of acknowledged.files) {
      const status = await call(b, { path: `/api/files/${id}/status`, token: creatorTokenB });
      expect(status.status, id).toBe(200);
    }
    const bucket = createS3Storage({
      bucket: testBucket,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
    });
    for (const row of rows) expect((await bucket.stat(row.storageKey))?.size, row.id).toBeGreaterThan(0);
    console.log(
      `two nodes: node A killed with ${cut} requests in flight; 60 messages, 60 tips, 15 uploads all kept`,
    );
  }, 120_000);

  it('drains a node told to stop (SIGTERM): the uploads in flight finish, then it exits cleanly', async () => {
    const creator = await buildCreator(db.db);
    const token = await login(b, creator.username!);
    const big = async (seed: number) => {
      const fd = new FormData();
      const png = await sharp({
        create: { width: 2400, height: 1600, channels: 3, background: { r: seed, g: 40, b: 90 } },
      })
        .png()
        .toBuffer();
      fd.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), `big${seed}.png`);
      return fd;
    };
    const forms = await Promise.all([1, 2, 3, 4].map(big));
    const exited = new Promise<number | null>((done) => b.child.once('exit', (code) => done(code)));
    const uploads = forms.map((form) =>
      call(b, { method: 'POST', path: '/api/performer/feeds/photo/upload', token, form }),
    );
    // Once the node is busy with them (each photo takes a while to re-encode), it is told to stop.
    await new Promise((r) => setTimeout(r, 150));
    b.child.kill('SIGTERM');
    const answers = await Promise.all(uploads);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const ids = await Promise.all(
      answers.map(async (r) => ((await r.json()) as { data: { _id: string } }).data._id),
    );
    const stopping = Date.now();
    expect(await exited).toBe(0);
    // Promptly: no connection kept it waiting for its keep-alive time.
    expect(Date.now() - stopping).toBeLessThan(20_000);
    // What it answered is kept: the rows and the bucket's objects.
    const rows = await db.db.select().from(files).where(inArray(files.id, ids));
    expect(rows).toHaveLength(4);
    const bucket = createS3Storage({
      bucket: testBucket,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
    });
    for (const row of rows) expect((await bucket.stat(row.storageKey))?.size, row.id).toBeGreaterThan(0);
    // And it no longer takes connections.
    await expect(fetch(`${b.url}/api/health`)).rejects.toThrow();
  }, 60_000);
});
