// The money phase of `npm run bench` (PostgreSQL only): wallet tips against `pgbench -b tpcb-like` on the
// same database. See README.md, "Money".
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { type DbHandle, openDatabase } from '@fanstage/db';
import autocannon from 'autocannon';
import { fanWallet, gatewayClearing, postTransaction } from '../apps/api/src/modules/wallet/wallet.ledger';
import { reconcileLedger } from '../apps/api/src/modules/wallet/wallet.reconcile';
import { benchIdOf } from './seed-data';

/** What each tipping fan holds before the run: 10 000.00, a thousand tips, more than the rate limit lets through. */
const fanBalanceCents = 1_000_000;
/** Every tip: 10.00 (the site's default minimum tip). */
export const tipAmount = 10;
export interface TippingFans {
  /** One bearer token per tipping fan (fans 1..count; fan 0 stays the read targets' fan). */
  tokens: string[];
  fanIds: string[];
  creatorIds: string[];
  hotCreatorId: string;
}

/**
 * Gives `count` fans a live session with a known token and a wallet balance. Sessions are rows like
 * the ones login writes (token kept as its SHA-256); each fan's balance is their own `top_up` ledger
 * transaction (gateway clearing −x, the fan's wallet +x), posted by the wallet's own
 * `postTransaction`, so accounts, entries and users.balance_cents are exactly what top-ups leave.
 * One transaction per fan, as on a live site, and then ANALYZE, as autovacuum would have run by
 * then: a ledger of a handful of rows makes every connection plan the entries' foreign-key check
 * as a sequential scan and keep that plan while the table grows under the run (seen: 0.3 ms per
 * check instead of 0.004, a third of a tip's database time).
 */
export async function seedTippingFans(
  db: DbHandle,
  options: { fans: number; creators: number; count: number },
  log: (line: string) => void,
): Promise<TippingFans> {
  const count = Math.min(options.count, options.fans - 1);
  if (count < 1) throw new Error('the money phase needs BENCH_FANS of 2 or more');
  const started = Date.now();
  const prefix = `fanstage-bench-tip-${randomBytes(12).toString('hex')}-`;
  await db.query(
    `insert into sessions (id, user_id, token_hash, expires_at)
     select gen_random_uuid(),
            (overlay(overlay(md5('fan:' || i::text) placing '4' from 13) placing '8' from 17)::uuid),
            encode(sha256(convert_to($1 || i::text, 'UTF8')), 'hex'), now() + interval '1 day'
       from generate_series(1, ${count}) i`,
    [prefix],
  );
  const fanIds = Array.from({ length: count }, (_, k) => benchIdOf('fan', k + 1));
  const now = new Date();
  const topUp = (id: string) =>
    db.db.transaction((tx) =>
      postTransaction(tx, {
        kind: 'top_up',
        reference: 'bench:top-up',
        idempotencyKey: `bench:top-up:${id}`,
        metadata: { reason: 'bench' },
        lines: [
          { account: gatewayClearing, amountCents: -fanBalanceCents },
          { account: fanWallet(id), amountCents: fanBalanceCents },
        ],
        now,
      }),
    );
  // Two at a time (the seeding handle's pool); each fan's transaction is its own.
  for (let from = 0; from < count; from += 2) await Promise.all(fanIds.slice(from, from + 2).map(topUp));
  await db.exec('ANALYZE ledger_transactions, ledger_entries, ledger_accounts, users, sessions');
  log(
    `${count} tipping fans with sessions and ${(fanBalanceCents / 100).toFixed(2)} each in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return {
    tokens: Array.from({ length: count }, (_, k) => `${prefix}${k + 1}`),
    fanIds,
    creatorIds: Array.from({ length: options.creators }, (_, k) => benchIdOf('creator', k)),
    hotCreatorId: benchIdOf('creator', 0),
  };
}

const run = (args: string[], timeoutMs: number) =>
  new Promise<string>((done, fail) => {
    execFile(
      '/usr/bin/pgbench',
      args,
      { timeout: timeoutMs, maxBuffer: 10 * 1024 * 1024 },
      (err, stdout, stderr) => {
        if (err) fail(new Error(`pgbench ${args[0]} failed: ${err.message}\n${stderr.slice(-1000)}`));
        else done(`${stdout}\n${stderr}`);
      },
    );
  });

/** `pgbench -i -s <scale>` then `pgbench -b tpcb-like -c <clients> -j 2 -T <seconds> -n`; its tps. */
export async function runPgbench(
  url: string,
  options: { scale: number; clients: number; seconds: number },
  log: (line: string) => void,
): Promise<number> {
  const started = Date.now();
  await run(['-i', '-q', '-s', String(options.scale), url], 600_000);
  log(`pgbench tables (scale ${options.scale}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const output = await run(
    ['-b', 'tpcb-like', '-c', String(options.clients), '-j', '2', '-T', String(options.seconds), '-n', url],
    (options.seconds + 120) * 1000,
  );
  const match = /tps = ([\d.]+)/.exec(output);
  if (!match) throw new Error(`no tps in the pgbench output:\n${output.slice(-1000)}`);
  return Number(match[1]);
}

export interface TipFigure {
  name: string;
  tipsPerSecond: number;
  p99: number;
  failures: number;
  /** 2xx answers, the probe and the warm-up included: each one is a tip the ledger must hold. */
  answered: number;
}

/**
 * Tips under load. Every request takes the next fan of the pool (round robin over a shared counter,
 * so the connections' requests in flight are always different fans, and no fan comes near the
 * per-account limit of 300 a minute) and sends its own Idempotency-Key, as the web client does.
 */
export async function measureTips(
  name: string,
  apiUrl: string,
  fans: TippingFans,
  pickCreator: () => string,
  options: { connections: number; duration: number },
): Promise<TipFigure> {
  const keyPrefix = randomBytes(6).toString('hex');
  let next = 0;
  const body = JSON.stringify({ amount: tipAmount });
  const headersFor = () => {
    const n = next++;
    return {
      authorization: `Bearer ${fans.tokens[n % fans.tokens.length]}`,
      'content-type': 'application/json',
      'idempotency-key': `bench-${keyPrefix}-${n}`,
    };
  };
  const probe = await fetch(`${apiUrl}/api/wallet/charges/tip/${pickCreator()}`, {
    method: 'POST',
    headers: headersFor(),
    body,
  });
  if (!probe.ok)
    throw new Error(`${name} answered ${probe.status} before the run: ${(await probe.text()).slice(0, 300)}`);
  const base = {
    url: apiUrl,
    connections: options.connections,
    requests: [
      {
        method: 'POST' as const,
        setupRequest: (req: autocannon.Request) => ({
          ...req,
          path: `/api/wallet/charges/tip/${pickCreator()}`,
          headers: headersFor(),
          body,
        }),
      },
    ],
  };
  const warmUp = await autocannon({ ...base, duration: Math.min(2, options.duration) });
  const result = await autocannon({ ...base, duration: options.duration });
  return {
    name,
    tipsPerSecond: result['2xx'] / result.duration,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
    answered: 1 + warmUp['2xx'] + result['2xx'],
  };
}

/**
 * The wallet's own reconciliation on the bench database, and the tips it holds. Requests still in
 * flight when autocannon stops are answered to no one but commit, so it first waits until the count of
 * tips stops moving; then the tipping fans' wallets must have lost exactly 10.00 per recorded tip.
 */
export async function reconcileBenchLedger(
  url: string,
  fans: TippingFans,
): Promise<{ ok: boolean; problems: string[]; tips: number; transactions: number; walletsMatch: boolean }> {
  const db = await openDatabase({ url, poolSize: 1 });
  try {
    const countTips = async () =>
      Number(
        (await db.query<{ n: string }>(`select count(*)::text as n from earnings where source_type = 'tip'`))
          .rows[0]?.n ?? 0,
      );
    let tips = await countTips();
    for (let settled = 0; settled < 3; ) {
      await sleep(500);
      const now = await countTips();
      settled = now === tips ? settled + 1 : 0;
      tips = now;
    }
    const report = await reconcileLedger(db.db);
    const { rows } = await db.query<{ held: string }>(
      `select coalesce(sum(balance_cents), 0)::text as held from users
        where id = any($1::uuid[])`,
      [fans.fanIds],
    );
    const held = Number(rows[0]?.held ?? 0);
    const walletsMatch = held === fanBalanceCents * fans.fanIds.length - tips * tipAmount * 100;
    return {
      ok: report.ok,
      problems: report.problems,
      tips,
      transactions: report.transactions,
      walletsMatch,
    };
  } finally {
    await db.close();
  }
}
