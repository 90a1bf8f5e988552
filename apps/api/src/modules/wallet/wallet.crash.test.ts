import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DbHandle, earnings, eq, migrateDatabase, openDatabase, users } from '@fanstage/db';
import { buildCreator, buildFan } from '@fanstage/db/factories';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletOnlyContext } from '../../../test/helpers';
import { reconcileLedger } from './wallet.reconcile';
import { grantWalletCredit } from './wallet.service';

/*
 * A process killed (SIGKILL) in the middle of a loop of charges leaves no half-done charge: every
 * committed charge is whole, the rest left nothing. A real child process on its own database
 * (a PGlite data directory, or a database on TEST_DATABASE_URL), killed without warning.
 */

const here = dirname(fileURLToPath(import.meta.url));
const serverUrl = process.env.TEST_DATABASE_URL;
let target: string;
let cleanup: () => Promise<void>;

const open = (): Promise<DbHandle> =>
  serverUrl ? openDatabase({ url: target }) : openDatabase({ dataDir: target });

beforeAll(async () => {
  if (serverUrl) {
    const name = `t_crash_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    target = url.toString();
    cleanup = async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    };
  } else {
    target = await mkdtemp(join(tmpdir(), 'fanstage-crash-'));
    cleanup = () => rm(target, { recursive: true, force: true });
  }
});
afterAll(async () => {
  await cleanup();
});

/** Runs the child until it printed `charges` commits, then kills it with SIGKILL. */
function runAndKill(args: string[], charges: number): Promise<number> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', resolve(here, 'wallet.crash-child.ts'), ...args],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let seen = 0;
    let errors = '';
    child.stdout.on('data', (chunk: Buffer) => {
      seen += (chunk.toString().match(/charged/g) ?? []).length;
      if (seen >= charges) child.kill('SIGKILL');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.on('exit', (_code, signal) =>
      signal === 'SIGKILL' ? resolveRun(seen) : reject(new Error(`the child ended by itself: ${errors}`)),
    );
  });
}

describe('a process killed in the middle of charges', () => {
  it('leaves every charge whole or absent, and the ledger balanced', async () => {
    let db = await open();
    await migrateDatabase(db);
    const fan = await buildFan(db.db);
    const creator = await buildCreator(db.db);
    const ctx = walletOnlyContext(db);
    await grantWalletCredit(ctx, {
      userId: fan.id,
      amountCents: 1_000_000,
      reason: 'test',
      initiatorId: null,
    });
    await db.close();

    const printed = await runAndKill([target, fan.id, creator.id, '100'], 25);
    expect(printed).toBeGreaterThanOrEqual(25);

    db = await open();
    try {
      const report = await reconcileLedger(db.db);
      expect(report.problems).toEqual([]);
      const charges = await db.db.select().from(earnings).where(eq(earnings.fanId, fan.id));
      // Every commit it printed is there; at most the one in flight beyond them.
      expect(charges.length).toBeGreaterThanOrEqual(printed);
      const [row] = await db.db.select().from(users).where(eq(users.id, fan.id));
      expect(row!.balanceCents).toBe(1_000_000 - charges.length * 100);
    } finally {
      await db.close();
    }
    // Two child processes start through tsx and open their own database: slow on a busy two-core CI machine.
  }, 180_000);
});
