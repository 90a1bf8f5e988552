import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  callSessions,
  type DbHandle,
  earnings,
  eq,
  migrateDatabase,
  openDatabase,
  users,
} from '@fanstage/db';
import { buildCreator, buildFan } from '@fanstage/db/factories';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletOnlyContext } from '../../../test/helpers';
import { grantWalletCredit, reconcileLedger } from '../wallet';

/*
 * Acceptance: killing the API (SIGKILL) in the middle of billing calls and starting it again bills
 * no minute twice and none after a call's end. The real server (src/server.ts) runs as a child
 * process on its own database (a PGlite data folder, or a database on TEST_DATABASE_URL); the
 * calls' minutes fall due at once because they started 65 s ago, so the first ticker pass charges
 * forty minutes one transaction after another, and the kill lands among them.
 */

const here = dirname(fileURLToPath(import.meta.url));
const serverEntry = resolve(here, '../../server.ts');
const serverUrl = process.env.TEST_DATABASE_URL;
const sessions = 40;
/** Minutes 1 and 2 have begun when the test starts; minute 3 may begin while it runs. */
const minutesDue = 2;
const priceCents = 100;
const startBalanceCents = 1_000;

let dataDir: string;
let databaseUrl: string | undefined;
let dropDatabase = async () => {};

const open = (): Promise<DbHandle> =>
  databaseUrl
    ? openDatabase({ url: databaseUrl, poolSize: 2 })
    : openDatabase({ dataDir: join(dataDir, 'db') });

const freePort = () =>
  new Promise<number>((ok, fail) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => ok(typeof address === 'object' && address ? address.port : 0));
    });
    s.on('error', fail);
  });

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'fanstage-call-crash-'));
  if (serverUrl) {
    const name = `t_callcrash_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    };
  }
});
afterAll(async () => {
  await dropDatabase();
  await rm(dataDir, { recursive: true, force: true });
});

interface Run {
  child: ChildProcess;
  /** Minutes this run logged as committed. */
  charged: () => number;
  exited: Promise<NodeJS.Signals | null>;
}

/** Starts the server; `stopAt(n)` SIGKILLs it as soon as it logged n charged minutes. */
async function startServer(stopAt: number): Promise<Run> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'debug',
    LIVE_MEDIA: 'off',
    // The ticker is recurring work, which NODE_ENV=test leaves off unless asked.
    JOB_SCHEDULES: 'true',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let charged = 0;
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    log = (log + text).slice(-4000);
    charged += (text.match(/"msg":"call minute charged"/g) ?? []).length;
    if (charged >= stopAt) child.kill('SIGKILL');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<NodeJS.Signals | null>((ok, fail) =>
    child.on('exit', (code, signal) =>
      signal ? ok(signal) : fail(new Error(`the server stopped by itself (${code}):\n${log}`)),
    ),
  );
  return { child, charged: () => charged, exited };
}

describe('the API killed in the middle of billing calls', () => {
  it('bills no minute twice after the restart, and none after a call ended', async () => {
    let db = await open();
    await migrateDatabase(db);
    const now = Date.now();
    const walletCtx = walletOnlyContext(db);
    const credited = async (fanId: string) =>
      grantWalletCredit(walletCtx, {
        userId: fanId,
        amountCents: startBalanceCents,
        reason: 'test',
        initiatorId: null,
      });
    const startedAt = new Date(now - 65_000); // minutes 1 and 2 have begun
    const live: string[] = [];
    for (let i = 0; i < sessions; i++) {
      const fan = await buildFan(db.db);
      await credited(fan.id);
      const creator = await buildCreator(db.db);
      const [row] = await db.db
        .insert(callSessions)
        .values({
          kind: 'call',
          fanId: fan.id,
          performerId: creator.id,
          status: 'live',
          priceCents,
          startedAt,
          // The fan's page keeps answering for the whole test.
          fanSeenAt: new Date(now + 3_600_000),
          creatorSeenAt: new Date(now + 3_600_000),
        })
        .returning({ id: callSessions.id });
      live.push(row!.id);
    }
    // A call that ended after its first minute: no ticker of either run may charge it again.
    const endedFan = await buildFan(db.db);
    await credited(endedFan.id);
    const endedCreator = await buildCreator(db.db);
    const [ended] = await db.db
      .insert(callSessions)
      .values({
        kind: 'call',
        fanId: endedFan.id,
        performerId: endedCreator.id,
        status: 'finished',
        endReason: 'ended_by_fan',
        priceCents,
        startedAt,
        endedAt: new Date(now - 60_000),
        billedMinutes: 1,
        totalSpentCents: priceCents,
      })
      .returning({ id: callSessions.id });
    await db.close();

    // Run 1: killed halfway through the first ticker pass.
    const first = await startServer(sessions / 2);
    expect(await first.exited).toBe('SIGKILL');
    const beforeKill = first.charged();
    expect(beforeKill).toBeGreaterThanOrEqual(sessions / 2);

    // Run 2: catches up. The minute in flight at the kill either committed (unlogged) or left nothing.
    const total = sessions * minutesDue;
    const second = await startServer(Number.POSITIVE_INFINITY);
    const deadline = Date.now() + 90_000;
    while (second.charged() < total - beforeKill - 1 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
    }
    // Two more ticker passes (every 5 s) to see that nothing beyond is charged.
    await new Promise((r) => setTimeout(r, 11_000));
    second.child.kill('SIGKILL');
    await second.exited;
    // Minutes begun by the time of the last kill: at least the two due at the start.
    const begun = Math.floor((Date.now() - startedAt.getTime()) / 60_000) + 1;
    const logged = beforeKill + second.charged();

    db = await open();
    try {
      expect((await reconcileLedger(db.db)).problems).toEqual([]);
      let billed = 0;
      for (const id of live) {
        const [session] = await db.db.select().from(callSessions).where(eq(callSessions.id, id));
        const minutes = session!.billedMinutes;
        billed += minutes;
        expect(session!.status).toBe('live');
        // Every begun minute paid by the end (the ticker runs every 5 s), none ahead of time.
        expect(minutes).toBeGreaterThanOrEqual(minutesDue);
        expect(minutes).toBeLessThanOrEqual(begun);
        expect(session!.totalSpentCents).toBe(minutes * priceCents);
        const rows = await db.db.select().from(earnings).where(eq(earnings.sourceId, id));
        expect(rows, `call ${id}: one earning per minute`).toHaveLength(minutes);
        const [fan] = await db.db.select().from(users).where(eq(users.id, session!.fanId));
        expect(fan!.balanceCents).toBe(startBalanceCents - minutes * priceCents);
      }
      // What the two runs logged as committed is what the database holds (the minute in flight at
      // the kill may have committed without its line).
      expect(billed - logged).toBeGreaterThanOrEqual(0);
      expect(billed - logged).toBeLessThanOrEqual(1);
      const [after] = await db.db.select().from(callSessions).where(eq(callSessions.id, ended!.id));
      expect(after).toMatchObject({ status: 'finished', billedMinutes: 1, totalSpentCents: priceCents });
      expect(await db.db.select().from(earnings).where(eq(earnings.sourceId, ended!.id))).toHaveLength(0);
      const [endedFanRow] = await db.db.select().from(users).where(eq(users.id, endedFan.id));
      expect(endedFanRow!.balanceCents).toBe(startBalanceCents);
    } finally {
      await db.close();
    }
    // Two server starts through tsx on a busy two-core CI machine.
  }, 240_000);
});
