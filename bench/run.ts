// `npm run bench`: the production server against a bare Fastify baseline, on this machine, in one run.
// See README.md for the environment variables and how to read the ratios.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DbHandle, migrateDatabase, openDatabase } from '@fanstage/db';
import autocannon from 'autocannon';
import { explainFeeds } from './explain';
import { goalLines, type Measured, residentMb } from './goals';
import { type LiveAudience, livePhase, seedLiveBuyers } from './live';
import {
  measureTips,
  reconcileBenchLedger,
  runPgbench,
  seedTippingFans,
  type TipFigure,
  type TippingFans,
  tipAmount,
} from './money';
import { baseEnv, Cleanup, findFreePort, startChild, waitUntilReady } from './processes';
import { realtimePhase, type SocketPeople, seedSocketPeople } from './realtime';
import { type BenchData, type BenchSizes, followedByFan, seedBenchData } from './seed-data';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const webServerEntry = join(repoRoot, 'apps/web/build/server/index.js');
const webBuildTimeoutMs = 150_000;

interface Options {
  scale: string;
  sizes: BenchSizes;
  duration: number;
  connections: number;
  databaseUrl: string | undefined;
  ports: string | undefined;
  shouldBuildWeb: boolean;
  shouldExplain: boolean;
  tippingFans: number;
  pgbenchScale: number;
  sockets: number;
  messagePairs: number;
  messageRate: number;
  redisUrl: string | undefined;
  liveViewers: number;
  liveBuyers: number;
  /** Which phases run (the baseline always does): reads, realtime, money, live. */
  phases: Set<string>;
}

/** The issue's data set (PostgreSQL default) and a tenth of it (PGlite default: it loads in about a minute). */
const scales: Record<'full' | 'small', BenchSizes> = {
  full: { fans: 100_000, creators: 10_000, posts: 1_000_000, follows: 2_000_000 },
  small: { fans: 10_000, creators: 1_000, posts: 100_000, follows: 200_000 },
};

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`${name} must be a whole number of 1 or more, not "${raw}"`);
  return n;
}

const allPhases = ['reads', 'realtime', 'money', 'live'];

function readPhases(raw: string | undefined): Set<string> {
  if (!raw) return new Set(allPhases);
  const phases = raw
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const unknown = phases.filter((p) => !allPhases.includes(p));
  if (unknown.length > 0)
    throw new Error(`BENCH_PHASES takes ${allPhases.join(', ')}; not ${unknown.join(', ')}`);
  return new Set(phases);
}

function readOptions(env: NodeJS.ProcessEnv): Options {
  const databaseUrl = env.BENCH_DATABASE_URL || undefined;
  const scale = env.BENCH_SCALE || (databaseUrl ? 'full' : 'small');
  if (scale !== 'full' && scale !== 'small')
    throw new Error(`BENCH_SCALE must be full or small, not "${scale}"`);
  const preset = scales[scale];
  const sizes: BenchSizes = {
    fans: positiveInt(env, 'BENCH_FANS', preset.fans),
    creators: positiveInt(env, 'BENCH_CREATORS', preset.creators),
    posts: positiveInt(env, 'BENCH_POSTS', preset.posts),
    follows: positiveInt(env, 'BENCH_FOLLOWS', preset.follows),
  };
  if (sizes.creators < 2) throw new Error('BENCH_CREATORS must be 2 or more');
  const isCustom = (Object.keys(sizes) as (keyof BenchSizes)[]).some((k) => sizes[k] !== preset[k]);
  return {
    scale: isCustom ? `${scale}, changed` : scale,
    sizes,
    duration: positiveInt(env, 'BENCH_DURATION', 10),
    connections: positiveInt(env, 'BENCH_CONNECTIONS', 50),
    databaseUrl,
    ports: env.BENCH_PORTS || undefined,
    shouldBuildWeb: env.BENCH_WEB_BUILD !== 'false',
    shouldExplain: env.BENCH_EXPLAIN !== 'false',
    tippingFans: positiveInt(env, 'BENCH_TIPPING_FANS', 2000),
    pgbenchScale: positiveInt(env, 'BENCH_PGBENCH_SCALE', 10),
    sockets: Math.min(positiveInt(env, 'BENCH_SOCKETS', scale === 'full' ? 10_000 : 2000), sizes.fans - 1),
    messagePairs: positiveInt(env, 'BENCH_MESSAGE_PAIRS', scale === 'full' ? 5000 : 1000),
    messageRate: positiveInt(env, 'BENCH_MESSAGE_RATE', 2500),
    redisUrl: env.BENCH_REDIS_URL || (databaseUrl ? 'redis://127.0.0.1:6379' : undefined),
    liveViewers: positiveInt(env, 'BENCH_LIVE_VIEWERS', 20),
    liveBuyers: Math.min(positiveInt(env, 'BENCH_LIVE_BUYERS', 200), sizes.fans - 1),
    phases: readPhases(env.BENCH_PHASES),
  };
}

const note = (text: string) => console.log(`# ${text}`);

const serverNodeArgs = () => (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);

/** Builds apps/web when its server bundle is missing; any failure falls back to benchmarking the API alone. */
async function ensureWebBuild(options: Options, cleanup: Cleanup): Promise<string> {
  if (existsSync(webServerEntry)) return 'with the web build';
  if (!options.shouldBuildWeb) return 'API only (BENCH_WEB_BUILD=false)';
  note('apps/web/build is missing: running `npm run build -w apps/web`');
  const output: string[] = [];
  const code = await new Promise<number | null>((done) => {
    // Its own process group, so a timeout or CTRL-C stops the build tool that npm starts, too.
    const build = spawn('npm', ['run', 'build', '-w', 'apps/web'], {
      cwd: repoRoot,
      detached: true,
      stdio: 'pipe',
    });
    const stopGroup = () => {
      if (build.exitCode === null && build.pid) {
        try {
          process.kill(-build.pid, 'SIGTERM');
        } catch {
          // already gone
        }
      }
    };
    cleanup.add('web build', async () => stopGroup());
    const timer = setTimeout(stopGroup, webBuildTimeoutMs);
    const keep = (chunk: Buffer) => output.push(chunk.toString());
    build.stdout.on('data', keep);
    build.stderr.on('data', keep);
    build.once('error', () => done(null));
    build.once('exit', (exitCode) => {
      clearTimeout(timer);
      done(exitCode);
    });
  });
  if (code === 0 && existsSync(webServerEntry)) return 'with the web build (built now)';
  // npm's own error lines and stack frames hide the cause; keep the build tool's message.
  const tail = output
    .join('')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('npm error') && !/^\s+at /.test(l))
    .slice(-6)
    .join('\n  ');
  note(
    `web build failed (exit ${code ?? 'timeout or spawn error'}); continuing with the API only:\n  ${tail}`,
  );
  return 'API only (web build failed)';
}

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/**
 * A fresh database holding the data set, written before the server starts: PGlite lets one process at
 * a time open its files, and doing the same on PostgreSQL keeps both runs alike.
 */
async function prepareDatabase(
  options: Options,
  cleanup: Cleanup,
): Promise<{
  env: Record<string, string>;
  engine: string;
  data: BenchData;
  plans: string[];
  tippers: TippingFans | null;
  socketPeople: SocketPeople;
  liveBuyers: LiveAudience | null;
}> {
  const dataDir = await mkdtemp(join(tmpdir(), 'fanstage-bench-'));
  cleanup.add('temp dir', () => rm(dataDir, { recursive: true, force: true }));
  /** Loads the data set and, while this process still holds the database, explains the timeline. */
  const load = async (db: DbHandle) => {
    const started = Date.now();
    await migrateDatabase(db);
    const data = await seedBenchData(db, options.sizes, (line) => note(`  ${line}`));
    note(`data set written in ${Math.round((Date.now() - started) / 1000)} s`);
    const plans = options.shouldExplain ? await explainFeeds(db, data) : [];
    // The money phase runs on PostgreSQL only (see main), so only there do fans get sessions and money.
    const tippers =
      db.engine === 'postgres'
        ? await seedTippingFans(
            db,
            { fans: options.sizes.fans, creators: options.sizes.creators, count: options.tippingFans },
            (line) => note(`  ${line}`),
          )
        : null;
    const socketPeople = await seedSocketPeople(
      db,
      { fans: options.sockets, creators: Math.min(options.sizes.creators, options.messagePairs) },
      (line) => note(`  ${line}`),
    );
    const liveBuyers = options.phases.has('live')
      ? await seedLiveBuyers(db, {
          fans: options.sizes.fans,
          creators: options.sizes.creators,
          buyers: options.liveBuyers,
        })
      : null;
    return { data, plans, tippers, socketPeople, liveBuyers };
  };

  if (!options.databaseUrl) {
    const db = await openDatabase({ dataDir: join(dataDir, 'db') });
    try {
      return { env: { DATA_DIR: dataDir }, engine: 'embedded PGlite', ...(await load(db)) };
    } finally {
      await db.close();
    }
  }

  const serverUrl = new URL(options.databaseUrl);
  if (!loopbackHosts.has(serverUrl.hostname)) {
    throw new Error(
      `BENCH_DATABASE_URL must point at this machine (127.0.0.1 or localhost), not ${serverUrl.hostname}`,
    );
  }
  const name = `bench_${randomBytes(6).toString('hex')}`;
  const admin = await openDatabase({ url: serverUrl.toString(), poolSize: 1 });
  await admin.exec(`CREATE DATABASE ${name}`);
  cleanup.add(`database ${name}`, async () => {
    try {
      await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await admin.close();
    }
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ url: url.toString(), poolSize: 2 });
  try {
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
      engine: `PostgreSQL (${name})`,
      ...(await load(db)),
    };
  } finally {
    await db.close();
  }
}

/**
 * The tables the realtime phase fills from empty. Their first plans are made while they hold
 * nothing; the phase analyzes them once its conversations are open, as autovacuum would on a live
 * site, so it measures messaging on tables the planner knows.
 */
const conversationTables = ['conversations', 'conversation_members', 'messages', 'message_unread_totals'];

async function analyzeTables(url: string, tables: string[]): Promise<void> {
  const db = await openDatabase({ url, poolSize: 1 });
  try {
    await db.exec(`ANALYZE ${tables.join(', ')}`);
  } finally {
    await db.close();
  }
}

interface Figure {
  name: string;
  requestsPerSecond: number;
  p99: number;
  failures: number;
}

/** Checks that the target answers 2xx, warms it up, then measures it. */
async function measure(
  name: string,
  url: string,
  options: Options,
  headers: Record<string, string> = {},
): Promise<Figure> {
  const probe = await fetch(url, { headers });
  if (!probe.ok)
    throw new Error(`${name} answered ${probe.status} before the run: ${(await probe.text()).slice(0, 300)}`);
  const base = { url, headers, connections: options.connections };
  await autocannon({ ...base, duration: Math.min(2, options.duration) });
  const result = await autocannon({ ...base, duration: options.duration });
  return {
    name,
    requestsPerSecond: result.requests.average,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

async function logIn(apiUrl: string, data: BenchData): Promise<string> {
  const res = await fetch(`${apiUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: data.username, password: data.password, remember: false }),
  });
  const body = (await res.json()) as { data?: { token?: string }; message?: string };
  if (!res.ok || !body.data?.token)
    throw new Error(`login of ${data.username} failed: ${res.status} ${body.message ?? ''}`);
  return body.data.token;
}

/**
 * PostgreSQL only: pgbench tpcb-like on the bench database as the baseline, then tips from many fans to
 * many creators and to one hot creator, then the wallet's reconciliation of the ledger.
 */
async function moneyPhase(
  options: Options,
  apiUrl: string,
  database: { env: Record<string, string>; tippers: TippingFans | null },
): Promise<{ summary: string; failures: number; ok: boolean; figures?: Measured[] }> {
  const url = database.env.DATABASE_URL;
  if (!url || !database.tippers) {
    const why = 'money phase skipped: pgbench and the ledger need PostgreSQL (set BENCH_DATABASE_URL)';
    console.log(`${why}; on PGlite every query shares the server's one thread, so tips/s would not compare`);
    return { summary: why, failures: 0, ok: true };
  }
  const fans = database.tippers;
  note(
    `money phase: pgbench tpcb-like and tips of ${tipAmount.toFixed(2)} by ${fans.tokens.length} fans, ` +
      `${options.connections} clients x ${options.duration} s each`,
  );
  // The server's pool closes connections idle for 10 s: wait, so pgbench finds its clients' slots free.
  await new Promise((resolve) => setTimeout(resolve, 11_000));
  const pgbenchTps = await runPgbench(
    url,
    { scale: options.pgbenchScale, clients: options.connections, seconds: options.duration },
    (line) => note(`  ${line}`),
  );
  const tips: TipFigure[] = [
    await measureTips(
      'wallet tips (many fans → many creators)',
      apiUrl,
      fans,
      () => fans.creatorIds[Math.floor(Math.random() * fans.creatorIds.length)]!,
      options,
    ),
    await measureTips(
      'wallet tips (many fans → one creator)',
      apiUrl,
      fans,
      () => fans.hotCreatorId,
      options,
    ),
  ];
  console.log(
    `pgbench -b tpcb-like (scale ${options.pgbenchScale}, ${options.connections} clients): ${Math.round(pgbenchTps)} tps`,
  );
  const ratios = tips.map((t) => (pgbenchTps > 0 ? t.tipsPerSecond / pgbenchTps : 0));
  tips.forEach((t, k) => {
    const failed = t.failures > 0 ? ` (${t.failures} failed requests)` : '';
    console.log(
      `${t.name}: ${Math.round(t.tipsPerSecond)} tips/s, p99 ${t.p99} ms, ratio ${ratios[k]!.toFixed(2)} ` +
        `of pgbench tpcb-like (${Math.round(pgbenchTps)} tps)${failed}`,
    );
  });
  const ledger = await reconcileBenchLedger(url, fans);
  const answered = tips.reduce((n, t) => n + t.answered, 0);
  // Each run may leave up to one request per connection unanswered but committed when it stops.
  const cutOff = ledger.tips - answered;
  const isCounted = cutOff >= 0 && cutOff <= 4 * options.connections;
  const isBalanced = ledger.ok && isCounted && ledger.walletsMatch;
  console.log(
    `ledger: ${isBalanced ? 'balanced' : 'NOT BALANCED'} (reconcileLedger over ${ledger.transactions} transactions` +
      `${ledger.ok ? ', no problem' : ', problems below'}); ${ledger.tips} tips recorded, ${answered} answered 2xx ` +
      `(${cutOff} cut off in flight at the end of a run${isCounted ? '' : ' — MISMATCH'}); the tipping fans' wallets ` +
      `${ledger.walletsMatch ? 'lost exactly' : 'DO NOT MATCH'} ${tipAmount.toFixed(2)} per recorded tip`,
  );
  for (const problem of ledger.problems) console.log(`  ${problem}`);
  return {
    figures: tips.map((t, k) => ({ name: t.name, ratio: ratios[k]!, p99: t.p99 })),
    summary:
      `money: pgbench ${Math.round(pgbenchTps)} tps, tips ${ratios[0]!.toFixed(2)} and one creator ` +
      `${ratios[1]!.toFixed(2)} of it, ledger ${isBalanced ? 'balanced' : 'NOT BALANCED'}`,
    failures: tips.reduce((n, t) => n + t.failures, 0),
    ok: isBalanced,
  };
}

async function main(cleanup: Cleanup): Promise<boolean> {
  const options = readOptions(process.env);
  const started = Date.now();
  const web = await ensureWebBuild(options, cleanup);
  // The server runs compiled, as in production (apps/api/build.mjs: two seconds of esbuild).
  const compiled = spawnSync(process.execPath, [join(repoRoot, 'apps/api/build.mjs')], { stdio: 'inherit' });
  if (compiled.status !== 0) throw new Error('the API did not compile (apps/api/build.mjs)');

  const helloPort = await findFreePort(options.ports);
  const hello = startChild('hello server', {
    args: ['--import', 'tsx', join(repoRoot, 'bench/hello-server.ts')],
    cwd: repoRoot,
    env: { ...baseEnv(), PORT: String(helloPort) },
  });
  cleanup.add('hello server', () => hello.stop());

  const { sizes } = options;
  note(
    `seeding the ${options.scale} data set: ${sizes.creators} creators, ${sizes.fans} fans, ${sizes.posts} posts, ${sizes.follows} follows`,
  );
  const database = await prepareDatabase(options, cleanup);

  const serverSecret = randomBytes(36).toString('base64url');
  /** Starts one production server on the bench database (more than one share it on PostgreSQL). */
  const startServer = async (name: string, extraEnv: Record<string, string> = {}) => {
    const port = await findFreePort(options.ports);
    const url = `http://127.0.0.1:${port}`;
    const child = startChild(name, {
      // BENCH_SERVER_NODE_ARGS, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof", profiles the server under load.
      args: [...serverNodeArgs(), join(repoRoot, 'apps/api/dist/server.js')],
      cwd: repoRoot,
      env: {
        ...baseEnv(),
        ...database.env,
        NODE_ENV: 'production',
        // glibc's settings of `npm run start -w apps/api`, the Dockerfile and the systemd unit.
        MALLOC_ARENA_MAX: '2',
        MALLOC_MMAP_THRESHOLD_: '131072',
        // The young generation of the Dockerfile and the systemd unit (deploy/; README "Production").
        NODE_OPTIONS: '--max-semi-space-size=64',
        SECRET: serverSecret,
        SEED_DEMO: 'false',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL: url,
        LOG_LEVEL: 'warn',
        // As many database connections as autocannon keeps open, leaving pgbench its clients within
        // PostgreSQL's default 100.
        DATABASE_POOL_SIZE: process.env.BENCH_POOL_SIZE ?? String(Math.min(options.connections, 40)),
        // The bench measures delivery, not the per-account sending limit.
        MESSAGE_RATE_LIMIT_PER_MINUTE: '100000',
        // No media here: the live phase's media part runs its own server with Janus in a private
        // network namespace (live-media.ts); this one only sells the priced show.
        LIVE_MEDIA: 'off',
        ...extraEnv,
      },
    });
    cleanup.add(name, () => child.stop());
    return { url, child };
  };
  const { url: apiUrl, child: api } = await startServer('Fanstage server');
  await waitUntilReady(hello, `http://127.0.0.1:${helloPort}/`, 30_000);
  await waitUntilReady(api, `${apiUrl}/api/ready`, 60_000);
  const { data } = database;
  const token = await logIn(apiUrl, data);
  const bearer = { authorization: `Bearer ${token}` };
  note(
    `servers ready after ${Math.round((Date.now() - started) / 1000)} s; measuring each target for ${options.duration} s`,
  );

  for (const line of database.plans) console.log(line);
  const idleMb = await residentMb(api.process.pid);
  const figures = [await measure('hello GET /', `http://127.0.0.1:${helloPort}/`, options)];
  if (options.phases.has('reads')) {
    figures.push(
      await measure('GET /api/settings/public', `${apiUrl}/api/settings/public`, options),
      await measure('GET /api/users/me', `${apiUrl}/api/users/me`, options, bearer),
      // The issue's figure is a signed-out visitor's view (served from the node's copy of the last
      // few seconds); a signed-in view is always read (one statement), so it is measured too.
      await measure(
        'GET /api/performers/{username} (signed out)',
        `${apiUrl}/api/performers/${encodeURIComponent(data.creatorUsername)}`,
        options,
      ),
      await measure(
        'GET /api/performers/{username} (signed in, no goal of its own)',
        `${apiUrl}/api/performers/${encodeURIComponent(data.creatorUsername)}`,
        options,
        bearer,
      ),
      await measure(
        `GET /api/user/feeds (${followedByFan} follows)`,
        `${apiUrl}/api/user/feeds?limit=20`,
        options,
        bearer,
      ),
      await measure(
        'GET /api/user/feeds/search/{username}',
        `${apiUrl}/api/user/feeds/search/${encodeURIComponent(data.busyCreatorUsername)}?limit=20`,
        options,
        bearer,
      ),
      // The two above are a reader's repeat reads, which a node answers from its copy of the last
      // few seconds (plugins/views.ts); a reload (Cache-Control: no-cache) reads the database each time.
      await measure(
        `read through (no-cache): GET /api/user/feeds (${followedByFan} follows; no goal of its own)`,
        `${apiUrl}/api/user/feeds?limit=20`,
        options,
        { ...bearer, 'cache-control': 'no-cache' },
      ),
      await measure(
        'read through (no-cache): GET /api/user/feeds/search/{username} (no goal of its own)',
        `${apiUrl}/api/user/feeds/search/${encodeURIComponent(data.busyCreatorUsername)}?limit=20`,
        options,
        { ...bearer, 'cache-control': 'no-cache' },
      ),
    );
  }
  const baseline = figures[0]!.requestsPerSecond;
  for (const f of figures) {
    const ratio = baseline > 0 ? f.requestsPerSecond / baseline : 0;
    const failed = f.failures > 0 ? ` (${f.failures} failed requests)` : '';
    console.log(
      `${f.name}: ${Math.round(f.requestsPerSecond)} req/s, p99 ${f.p99} ms, ratio ${ratio.toFixed(2)} of hello${failed}`,
    );
  }
  const realtime = !options.phases.has('realtime')
    ? { lines: [], summary: 'realtime phase not run (BENCH_PHASES)', ok: true, readTarget: null, goal: null }
    : await realtimePhase(
        {
          sockets: options.sockets,
          pairs: options.messagePairs,
          rate: options.messageRate,
          seconds: options.duration,
          redisUrl: options.redisUrl,
          isPostgres: Boolean(options.databaseUrl),
          analyzeConversations: database.env.DATABASE_URL
            ? () => analyzeTables(database.env.DATABASE_URL!, conversationTables)
            : undefined,
        },
        database.socketPeople,
        { url: apiUrl, pid: api.process.pid },
        async (name, env) => {
          const started = await startServer(name, env);
          await waitUntilReady(started.child, `${started.url}/api/ready`, 60_000);
          return { url: started.url, tail: () => started.child.tail(), stop: () => started.child.stop() };
        },
        note,
      );
  for (const line of realtime.lines) console.log(line);
  if (realtime.readTarget) {
    const url = `${apiUrl}/api/messages/conversations/${realtime.readTarget.conversationId}`;
    const authorization = `Bearer ${realtime.readTarget.token}`;
    for (const read of [
      await measure('GET /api/messages/conversations/{id}', url, options, { authorization }),
      await measure(
        'read through (no-cache): GET /api/messages/conversations/{id} (no goal of its own)',
        url,
        options,
        { authorization, 'cache-control': 'no-cache' },
      ),
    ]) {
      figures.push(read);
      console.log(
        `${read.name}: ${Math.round(read.requestsPerSecond)} req/s, p99 ${read.p99} ms, ratio ${(read.requestsPerSecond / figures[0]!.requestsPerSecond).toFixed(2)} of hello${read.failures > 0 ? ` (${read.failures} failed requests)` : ''}`,
      );
    }
  }
  const money = options.phases.has('money')
    ? await moneyPhase(options, apiUrl, database)
    : { summary: 'money phase not run (BENCH_PHASES)', failures: 0, ok: true };
  // Last: on PGlite it stops the server to read the database.
  const live = !database.liveBuyers
    ? { lines: [], summary: 'live phase not run (BENCH_PHASES)', ok: true }
    : await livePhase(
        {
          viewers: options.liveViewers,
          seconds: options.duration,
          databaseUrl: database.env.DATABASE_URL,
          dataDir: database.env.DATA_DIR!,
        },
        apiUrl,
        database.liveBuyers,
        () => api.stop(),
        note,
      );
  for (const line of live.lines) console.log(line);
  // Issue 14's goals beside each figure measured, with the issue's "before".
  const measured: Measured[] = figures
    .slice(1)
    .map((f) => ({ name: f.name, ratio: baseline > 0 ? f.requestsPerSecond / baseline : 0, p99: f.p99 }));
  const goals = goalLines([...measured, ...(money.figures ?? [])]);
  for (const line of goals.lines) console.log(line);
  if (realtime.goal) {
    console.log(realtime.goal.line);
    if (realtime.goal.judged && realtime.goal.met) goals.met += 1;
    else if (realtime.goal.judged) goals.missed += 1;
  }
  console.log(
    `memory: the server held ${idleMb ?? '?'} MB resident when ready on this data set ` +
      `(goal: ≤ 250 MB idle on PostgreSQL, ≤ 400 MB embedded after the demo start; before: ~450 and ~900 MB)`,
  );
  const slowest = figures
    .slice(1)
    .reduce((a, b) => (b.requestsPerSecond < a.requestsPerSecond ? b : a), figures[0]!);
  const failures = figures.reduce((n, f) => n + f.failures, 0) + money.failures;
  console.log(
    `summary: ${database.engine}, ${web}; ${options.scale} data set: ${data.counts.users} accounts ` +
      `(${sizes.creators} creators), ${data.counts.feeds} posts, ${data.counts.follows} follows, ` +
      `${data.counts.subscriptions} subscriptions; ` +
      `${options.connections} connections x ${options.duration} s per target; Node ${process.version}, ` +
      `${availableParallelism()} CPUs; slowest ${slowest.name} at ${(slowest.requestsPerSecond / baseline).toFixed(2)} of hello; ` +
      `${realtime.summary}; ${money.summary}; ${live.summary}; goals met ${goals.met}, not met ${goals.missed}; ` +
      `${failures === 0 ? 'no failed requests' : `${failures} FAILED REQUESTS`}; ${Math.round((Date.now() - started) / 1000)} s in all`,
  );
  return failures === 0 && money.ok && realtime.ok && live.ok;
}

const cleanup = new Cleanup();
let isInterrupted = false;
// CTRL-C reaches this process more than once (from the terminal and relayed by npm and tsx); a second
// signal without a listener would kill it halfway through the cleanup, so every one is caught.
const interrupt = (signal: string) => {
  if (isInterrupted) return;
  isInterrupted = true;
  console.error(`\n${signal}: stopping the servers and removing temporary data`);
  void cleanup.run().then(() => process.exit(130));
};
process.on('SIGINT', () => interrupt('SIGINT'));
process.on('SIGTERM', () => interrupt('SIGTERM'));

let ok = false;
try {
  ok = await main(cleanup);
} catch (err) {
  console.error(`bench failed: ${err instanceof Error ? err.message : String(err)}`);
} finally {
  await cleanup.run();
}
process.exit(ok ? 0 : 1);
