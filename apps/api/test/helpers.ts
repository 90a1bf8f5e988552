import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildAdmin, buildCreator, buildFan, factoryPassword } from '@fanstage/db/factories';
import { createTestDatabase } from '@fanstage/db/testing';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { type BuildAppOptions, buildApp } from '../src/app';
import { testConfig } from '../src/config';
import type { AppContext } from '../src/context';
import type { Clock } from '../src/lib/clock';
import { createViewCache } from '../src/lib/view-cache';
import { createSession } from '../src/modules/auth/sessions';
import { createAccountCache } from '../src/modules/users/account-cache';
import { grantWalletCredit } from '../src/modules/wallet';
import { startS3 } from './s3';

/** A clock tests can move: `clock.advance(ms)`. */
export class TestClock implements Clock {
  constructor(private current = new Date('2026-06-01T12:00:00Z')) {}
  now() {
    return new Date(this.current);
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
  set(date: Date) {
    this.current = new Date(date);
  }
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** inject with a Bearer token (or none). */
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  /** A fan made by the factory, with a live session token. */
  fan(
    overrides?: Parameters<typeof buildFan>[1],
  ): Promise<{ user: Awaited<ReturnType<typeof buildFan>>; token: string }>;
  creator(
    overrides?: Parameters<typeof buildCreator>[1],
  ): Promise<{ user: Awaited<ReturnType<typeof buildCreator>>; token: string }>;
  admin(): Promise<{ user: Awaited<ReturnType<typeof buildAdmin>>; token: string }>;
  /** Opens (or finds) the fan's conversation with a creator through the API; answers its id. */
  conversation(fan: { token: string }, creator: { user: { id: string } }): Promise<string>;
  /** Credits a person's wallet with `amount` (as the admin's credit does: a ledger transaction). */
  fund(user: { id: string }, amount: number): Promise<unknown>;
  close(): Promise<void>;
}

/** A whole app on a clean database (PGlite, or PostgreSQL with TEST_DATABASE_URL) for one test file. */
/** The realtime prefix of each test database: one per database, shared by the nodes on it. */
const redisPrefixes = new WeakMap<object, string>();
function redisPrefixOf(db: object): string {
  let prefix = redisPrefixes.get(db);
  if (!prefix) {
    prefix = `fanstage-test-${randomBytes(6).toString('hex')}`;
    redisPrefixes.set(db, prefix);
  }
  return prefix;
}

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    clock?: Clock;
    web?: boolean;
    beforeReady?: (app: FastifyInstance) => void;
    logStream?: BuildAppOptions['logStream'];
    idleTimeoutMs?: number;
    /** Another test app's database: a second node of the same platform (closed by its owner only). */
    sharedDb?: AppContext['db'];
  } = {},
): Promise<TestApp> {
  const db = options.sharedDb ?? (await createTestDatabase());
  const dataDir = await mkdtemp(join(tmpdir(), 'fanstage-test-'));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    // Each test app counts its own rate limits, also when they live in a shared Redis.
    RATE_LIMIT_PREFIX: `rl-test-${randomBytes(4).toString('hex')}-`,
    // Each database is a platform of its own, with its own realtime channels in the shared Redis: the
    // test files that run at once must not hear each other's broadcasts (an admin's change in one
    // forgot every page copy of another's nodes, and its "no SQL on a repeat read" failed). A second
    // node on the same database (sharedDb) shares its channels, as a second node of one site does.
    REDIS_PREFIX: redisPrefixOf(db),
    ...options.env,
  };
  if (process.env.TEST_REDIS_URL && !env.REDIS_URL) env.REDIS_URL = process.env.TEST_REDIS_URL;
  // TEST_STORAGE=s3: uploads go to a local S3-compatible server of this app's own (npm run test:s3).
  const s3 = process.env.TEST_STORAGE === 's3' && !env.S3_BUCKET ? await startS3() : undefined;
  if (s3) Object.assign(env, s3.env, options.env);
  const { app, ctx } = await buildApp({
    config: testConfig(env),
    db,
    clock: options.clock,
    web: options.web,
    logStream: options.logStream,
    idleTimeoutMs: options.idleTimeoutMs,
  });
  options.beforeReady?.(app);
  await app.ready();
  const withSession = async <T extends { id: string }>(user: T) => ({
    user,
    token: (await createSession(ctx, { userId: user.id, remember: false })).token,
  });
  return {
    app,
    ctx,
    request: ({ token, headers, ...rest }) =>
      app.inject({
        ...rest,
        headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      }),
    fan: async (o) => withSession(await buildFan(db.db, o)),
    creator: async (o) => withSession(await buildCreator(db.db, o)),
    admin: async () => withSession(await buildAdmin(db.db)),
    conversation: async (fan, creator) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/conversations',
        headers: { authorization: `Bearer ${fan.token}` },
        payload: { source: 'performer', sourceId: creator.user.id },
      });
      if (res.statusCode !== 200)
        throw new Error(`opening a conversation answered ${res.statusCode}: ${res.body}`);
      return res.json().data._id as string;
    },
    fund: (user, amount) =>
      grantWalletCredit(ctx, {
        userId: user.id,
        amountCents: Math.round(amount * 100),
        reason: 'test',
        initiatorId: null,
      }),
    close: async () => {
      await app.close();
      if (!options.sharedDb) await db.close();
      await s3?.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export { factoryPassword };

/**
 * The part of a context the wallet's own functions use, for tests that run them on a database
 * without an app (the crash tests): one process, so no other node to tell about changed accounts.
 */
export const walletOnlyContext = (db: AppContext['db']): AppContext =>
  ({
    db,
    clock: { now: () => new Date() },
    accountCache: createAccountCache(),
    views: createViewCache(),
    realtime: { announceAccountsChanged: () => {}, announceViewsChanged: () => {} },
  }) as unknown as AppContext;
