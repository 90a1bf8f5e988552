// The live phase of `npm run bench` (issue 11, acceptance 9). See README.md, "Live".
//
// - Media: time to first frame for BENCH_LIVE_VIEWERS headless Chromium viewers of one publisher through
//   our own Janus, and Janus's CPU. It runs in bench/live-media.ts, re-executed under `unshare -n` (a
//   private network namespace, like e2e/live-netns.mjs), with its own server and embedded database.
// - Money: BENCH_LIVE_BUYERS subscribed fans pay for one priced show at the same moment, each twice
//   with different Idempotency-Keys, on the bench's own server and database; then the purchases, the
//   fans' debits and the wallet's reconcileLedger.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DbHandle, openDatabase } from '@fanstage/db';
import { fanWallet, gatewayClearing, postTransaction } from '../apps/api/src/modules/wallet/wallet.ledger';
import { reconcileLedger } from '../apps/api/src/modules/wallet/wallet.reconcile';
import { benchIdOf } from './seed-data';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The price of the priced show: 4.99 a session. */
export const livePriceCents = 499;
/** What each buying fan holds before the burst: enough for the show, nowhere near the money limits. */
const buyerBalanceCents = 5_000;
/** Fans credited per ledger transaction while seeding. */
const creditChunk = 500;
/** Where a line of the media run's result starts (the rest of its output is printed as it comes). */
export const liveResultMarker = 'BENCH_LIVE_RESULT ';

export interface LiveAudience {
  creatorId: string;
  creatorToken: string;
  fanIds: string[];
  /** One bearer token per fan, in the order of fanIds. */
  tokens: string[];
}

/**
 * A creator and `count` fans (from fan `firstFan` on) with a session each (a row as login writes it, the token
 * kept as its SHA-256), every fan subscribed to that creator now (any earlier subscription of theirs
 * to them replaced) and, with `balanceCents`, that much in the wallet through balanced `top_up`
 * ledger transactions posted by the wallet's own `postTransaction`.
 */
export async function seedLiveAudience(
  db: DbHandle,
  options: { creator: number; firstFan: number; count: number; balanceCents: number },
): Promise<LiveAudience> {
  const prefix = `fanstage-bench-live-${randomBytes(12).toString('hex')}-`;
  const creatorId = benchIdOf('creator', options.creator);
  const fanIds = Array.from({ length: options.count }, (_, k) => benchIdOf('fan', options.firstFan + k));
  const tokens = fanIds.map((_, k) => `${prefix}${options.firstFan + k}`);
  const creatorToken = `${prefix}creator`;
  const fanIdExpr = `(overlay(overlay(md5('fan:' || i::text) placing '4' from 13) placing '8' from 17)::uuid)`;
  await db.query(
    `insert into sessions (id, user_id, token_hash, expires_at)
     select gen_random_uuid(), ${fanIdExpr}, encode(sha256(convert_to($1 || i::text, 'UTF8')), 'hex'),
            now() + interval '1 day'
       from generate_series(${options.firstFan}, ${options.firstFan + options.count - 1}) i
     union all
     select gen_random_uuid(), $2::uuid, encode(sha256(convert_to($3, 'UTF8')), 'hex'), now() + interval '1 day'`,
    [prefix, creatorId, creatorToken],
  );
  await db.query(`delete from subscriptions where performer_id = $1 and fan_id = any($2::uuid[])`, [
    creatorId,
    fanIds,
  ]);
  await db.query(
    `insert into subscriptions (id, fan_id, performer_id, type, started_at, expired_at)
     select gen_random_uuid(), f, $1, 'monthly', now() - interval '1 day', now() + interval '29 days'
       from unnest($2::uuid[]) f`,
    [creatorId, fanIds],
  );
  if (options.balanceCents > 0) {
    const now = new Date();
    const key = randomBytes(6).toString('hex');
    for (let from = 0; from < fanIds.length; from += creditChunk) {
      const chunk = fanIds.slice(from, from + creditChunk);
      await db.db.transaction((tx) =>
        postTransaction(tx, {
          kind: 'top_up',
          reference: 'bench:live-top-up',
          idempotencyKey: `bench:live-top-up:${key}:${from}`,
          metadata: { reason: 'bench' },
          lines: [
            { account: gatewayClearing, amountCents: -options.balanceCents * chunk.length },
            ...chunk.map((id) => ({ account: fanWallet(id), amountCents: options.balanceCents })),
          ],
          now,
        }),
      );
    }
  }
  return { creatorId, creatorToken, fanIds, tokens };
}

/**
 * The buyers of the money part, seeded before the server starts (PGlite lets one process in): the
 * last fans of the data set (the money and realtime phases use the first ones, and check their
 * wallets) and the last creator (not the busy one of the read targets).
 */
export const seedLiveBuyers = (db: DbHandle, options: { fans: number; creators: number; buyers: number }) =>
  seedLiveAudience(db, {
    creator: options.creators - 1,
    firstFan: options.fans - options.buyers,
    count: options.buyers,
    balanceCents: buyerBalanceCents,
  });

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export const formatMs = (ms: number) => `${Math.round(ms)} ms`;

export interface LivePhaseResult {
  lines: string[];
  summary: string;
  ok: boolean;
}

interface MediaResult {
  summary: string;
  ok: boolean;
}

const onPath = (cmd: string) =>
  spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;

/** Why the media part cannot run here, or null when it can. */
function mediaObstacles(chromium: string): string | null {
  const missing: string[] = [];
  if (process.getuid?.() !== 0) missing.push('not root (unshare -n needs it)');
  if (!existsSync('/usr/bin/janus') && !onPath('janus')) missing.push('no janus (apt-get install janus)');
  if (!existsSync(chromium)) missing.push(`no Chromium at ${chromium} (CHROMIUM_PATH)`);
  if (!onPath('unshare') || !onPath('ip')) missing.push('no unshare or ip (util-linux, iproute2)');
  if (!existsSync(join(repoRoot, 'apps/web/build/server/index.js')))
    missing.push('no web build (the viewers open the web pages)');
  return missing.length > 0 ? missing.join('; ') : null;
}

/**
 * Runs bench/live-media.ts in a private network namespace and relays its output; its last line
 * (after `liveResultMarker`) is the summary.
 */
async function mediaPart(
  options: { viewers: number; seconds: number },
  note: (text: string) => void,
): Promise<MediaResult> {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const obstacle = mediaObstacles(chromium);
  if (obstacle) {
    console.log(`live phase skipped: ${obstacle}`);
    return { summary: `live media skipped (${obstacle})`, ok: true };
  }
  note(
    `live phase: 1 publisher and ${options.viewers} viewers through our Janus, in a private network namespace`,
  );
  const child = spawn(
    'unshare',
    ['-n', process.execPath, '--import', 'tsx', join(repoRoot, 'bench/live-media.ts')],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        FANSTAGE_BENCH_NETNS: '1',
        CHROMIUM_PATH: chromium,
        BENCH_LIVE_VIEWERS: String(options.viewers),
        BENCH_LIVE_HOLD: String(options.seconds),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let summary = 'live media: no result (the namespace run stopped early)';
  let pending = '';
  child.stdout.on('data', (chunk: Buffer) => {
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (line.startsWith(liveResultMarker)) summary = line.slice(liveResultMarker.length);
      else console.log(line);
    }
  });
  const code = await new Promise<number>((done) => {
    const forward = () => child.kill('SIGTERM');
    process.once('SIGINT', forward);
    process.once('SIGTERM', forward);
    child.once('exit', (exitCode, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      done(exitCode ?? (signal ? 1 : 0));
    });
  });
  if (pending.startsWith(liveResultMarker)) summary = pending.slice(liveResultMarker.length);
  else if (pending) console.log(pending);
  return { summary, ok: code === 0 };
}

interface Answer {
  fan: number;
  status: number;
  ms: number;
  message: string;
}

/**
 * The priced show: the creator goes live at `livePriceCents`, every fan sends two charges at once
 * (different Idempotency-Keys), then the database says what was bought and debited.
 */
async function moneyPart(
  apiUrl: string,
  audience: LiveAudience,
  openDb: () => Promise<DbHandle>,
  lines: string[],
): Promise<{ ok: boolean; summary: string }> {
  const creatorAuth = {
    authorization: `Bearer ${audience.creatorToken}`,
    'content-type': 'application/json',
  };
  const went = await fetch(`${apiUrl}/api/streaming/live`, {
    method: 'POST',
    headers: creatorAuth,
    body: JSON.stringify({ title: 'Bench priced show', price: livePriceCents / 100 }),
  });
  const wentBody = (await went.json()) as { data?: { _id: string }; message?: string };
  if (!went.ok || !wentBody.data)
    throw new Error(`going live with a price answered ${went.status}: ${wentBody.message ?? ''}`);
  const showId = wentBody.data._id;
  const keyPrefix = randomBytes(6).toString('hex');
  const charge = async (fan: number, attempt: string): Promise<Answer> => {
    const started = performance.now();
    const res = await fetch(`${apiUrl}/api/wallet/charges/stream/${showId}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${audience.tokens[fan]}`,
        'idempotency-key': `bench-live-${keyPrefix}-${fan}-${attempt}`,
      },
    });
    const body = (await res.json().catch(() => ({}))) as { message?: string };
    return { fan, status: res.status, ms: performance.now() - started, message: body.message ?? '' };
  };
  const buyers = audience.tokens.length;
  const burstStarted = performance.now();
  const answers = await Promise.all(
    audience.tokens.flatMap((_, fan) => [charge(fan, 'a'), charge(fan, 'b')]),
  );
  const burstMs = performance.now() - burstStarted;
  await fetch(`${apiUrl}/api/streaming/live/${showId}/end`, {
    method: 'POST',
    headers: creatorAuth,
    body: '{}',
  }).catch(() => undefined);

  const latencies = answers.map((a) => a.ms).sort((a, b) => a - b);
  const byStatus = new Map<number, number>();
  for (const a of answers) byStatus.set(a.status, (byStatus.get(a.status) ?? 0) + 1);
  const statusText = [...byStatus.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${n} × ${status}`)
    .join(', ');
  // Exactly one charge answered 200 per fan; its second request refused (409: already bought).
  const paidOnce = audience.tokens.every((_, fan) => {
    const mine = answers.filter((a) => a.fan === fan);
    return mine.filter((a) => a.status === 200).length === 1 && mine.some((a) => a.status === 409);
  });
  lines.push(
    `stream charge burst: ${answers.length} requests (${buyers} fans × 2 Idempotency-Keys, all at once) in ` +
      `${formatMs(burstMs)}: ${Math.round(answers.length / (burstMs / 1000))} req/s, p50 ${formatMs(percentile(latencies, 50))}, ` +
      `p99 ${formatMs(percentile(latencies, 99))}; answers ${statusText}`,
  );
  const refusal = answers.find((a) => a.status === 409)?.message;
  if (refusal) lines.push(`  second request answered: 409 "${refusal}"`);
  const odd = answers.find((a) => a.status !== 200 && a.status !== 409);
  if (odd) lines.push(`  unexpected answer: ${odd.status} "${odd.message}"`);

  const db = await openDb();
  try {
    const one = async <T>(text: string, params: unknown[]) => (await db.query<T>(text, params)).rows[0]!;
    const purchases = await one<{ n: string; fans: string }>(
      `select count(*)::text as n, count(distinct fan_id)::text as fans from purchases
        where target_type = 'stream' and target_id = $1 and fan_id = any($2::uuid[])`,
      [showId, audience.fanIds],
    );
    const debits = await one<{ n: string; fans: string; low: string | null; high: string | null }>(
      `select count(*)::text as n, count(distinct a.user_id)::text as fans,
              min(e.amount_cents)::text as low, max(e.amount_cents)::text as high
         from ledger_entries e
         join ledger_transactions t on t.id = e.transaction_id
         join ledger_accounts a on a.id = e.account_id
        where t.reference = $1 and a.kind = 'fan_wallet' and a.user_id = any($2::uuid[])`,
      [`stream:${showId}`, audience.fanIds],
    );
    const wallets = await one<{ held: string }>(
      `select coalesce(sum(balance_cents), 0)::text as held from users where id = any($1::uuid[])`,
      [audience.fanIds],
    );
    const report = await reconcileLedger(db.db);
    const nPurchases = Number(purchases.n);
    const nDebits = Number(debits.n);
    const isOneEach =
      nPurchases === buyers &&
      Number(purchases.fans) === buyers &&
      nDebits === buyers &&
      Number(debits.fans) === buyers &&
      Number(debits.low) === -livePriceCents &&
      Number(debits.high) === -livePriceCents;
    const walletsMatch = Number(wallets.held) === buyers * (buyerBalanceCents - livePriceCents);
    const ok = isOneEach && walletsMatch && paidOnce && report.ok;
    const price = `$${(livePriceCents / 100).toFixed(2)}`;
    lines.push(
      `stream charges: ${buyers} fans, ${nPurchases} purchases, ${nDebits} debits of ${
        Number(debits.low) === Number(debits.high)
          ? `$${(-Number(debits.low) / 100).toFixed(2)}`
          : 'DIFFERENT AMOUNTS'
      }, ${ok ? 'ledger balanced' : 'NOT BALANCED'} (reconcileLedger over ${report.transactions} transactions` +
        `${report.ok ? ', no problem' : ', problems below'}; the fans' wallets ${walletsMatch ? 'lost exactly' : 'DO NOT MATCH'} ` +
        `${price} each; ${paidOnce ? 'one 200 and one 409 per fan' : 'NOT ONE 200 AND ONE 409 PER FAN'})`,
    );
    for (const problem of report.problems) lines.push(`  ${problem}`);
    return {
      ok,
      summary: `stream charges ${buyers} fans ${nPurchases} purchases ${nDebits} debits, ${ok ? 'balanced' : 'NOT BALANCED'}`,
    };
  } finally {
    await db.close();
  }
}

/**
 * The live phase: the media part in its namespace (or the line saying why it is skipped), then the
 * money part on the bench's server. On PGlite the database is read after `stopApi` (one process at
 * a time), so this phase runs last.
 */
export async function livePhase(
  options: {
    viewers: number;
    seconds: number;
    databaseUrl: string | undefined;
    dataDir: string;
  },
  apiUrl: string,
  audience: LiveAudience,
  stopApi: () => Promise<void>,
  note: (text: string) => void,
): Promise<LivePhaseResult> {
  const media = await mediaPart(options, note);
  note(
    `live phase: a show at $${(livePriceCents / 100).toFixed(2)}, ${audience.tokens.length} fans paying at once`,
  );
  const lines: string[] = [];
  const openDb = async () => {
    if (options.databaseUrl) return openDatabase({ url: options.databaseUrl, poolSize: 1 });
    await stopApi();
    return openDatabase({ dataDir: join(options.dataDir, 'db') });
  };
  const money = await moneyPart(apiUrl, audience, openDb, lines);
  return {
    lines,
    summary: `${media.summary}; ${money.summary}`,
    ok: media.ok && money.ok,
  };
}
