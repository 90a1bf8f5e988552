// The media part of the bench's live phase, run by live.ts under `unshare -n` (root): inside a private
// network namespace it brings lo up and gives one end of a veth pair 127.0.0.2 (Janus gathers no ICE
// candidate on a loopback interface; see LIVE-VIDEO.md), starts the production server with
// LIVE_MEDIA=janus and LIVE_ICE_ENFORCE_LIST=127.0.0.2 on a fresh embedded database, lets a creator go
// live from a headless Chromium page with the fake camera, then opens the show in BENCH_LIVE_VIEWERS
// pages at once and measures each one's time to first frame, and Janus's CPU while they watch.
// Nothing leaves the namespace. Its last line is the summary for live.ts (after the marker).

import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { sessionCookie } from '@fanstage/contract';
import { migrateDatabase, openDatabase } from '@fanstage/db';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import ts from 'typescript';
import { formatMs, liveResultMarker, seedLiveAudience } from './live';
import { baseEnv, Cleanup, findFreePort, startChild, waitUntilReady } from './processes';
import { seedBenchData } from './seed-data';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const innerAddress = '127.0.0.2';
/** Viewers per Chromium process (each viewer its own context, so its own session cookie). */
const viewersPerBrowser = 10;
/** How long a viewer may wait for its first frame before it counts as one without video. */
const firstFrameTimeoutMs = 60_000;

const note = (text: string) => console.log(`# ${text}`);
const finish = (summary: string, code: number): never => {
  console.log(`${liveResultMarker}${summary}`);
  process.exit(code);
};

if (process.env.FANSTAGE_BENCH_NETNS !== '1') {
  console.error('bench/live-media.ts runs inside the namespace live.ts makes; run `npm run bench` instead.');
  process.exit(2);
}
const viewers = Number(process.env.BENCH_LIVE_VIEWERS ?? 20);
/** Fans who open the show's whole page (the React app) at once, after the viewers above joined. */
const fullPages = Number(process.env.BENCH_LIVE_PAGES ?? 3);
const holdSeconds = Number(process.env.BENCH_LIVE_HOLD ?? 10);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

for (const args of [
  ['link', 'set', 'lo', 'up'],
  ['link', 'add', 'live0', 'type', 'veth', 'peer', 'name', 'live1'],
  ['addr', 'add', `${innerAddress}/32`, 'dev', 'live0'],
  ['link', 'set', 'live0', 'up'],
  ['link', 'set', 'live1', 'up'],
]) {
  const r = spawnSync('ip', args, { encoding: 'utf8' });
  if (r.status !== 0) finish(`live media FAILED (ip ${args.join(' ')}: ${r.stderr.trim()})`, 1);
}

/** The clock ticks /proc counts CPU time in (USER_HZ). */
const ticksPerSecond = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** A process's parent and its CPU time (user + system) in seconds, from /proc/<pid>/stat. */
function statOf(pid: number): { comm: string; ppid: number; cpuSeconds: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = text.lastIndexOf(')');
    const comm = text.slice(text.indexOf('(') + 1, close);
    // After "pid (comm) ": state ppid … utime (14th field) stime (15th).
    const fields = text.slice(close + 2).split(' ');
    return {
      comm,
      ppid: Number(fields[1]),
      cpuSeconds: (Number(fields[11]) + Number(fields[12])) / ticksPerSecond,
    };
  } catch {
    return null;
  }
}

/** Our Janus: the `janus` child of the server process. */
function findJanus(serverPid: number): number | null {
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const stat = statOf(pid);
    if (stat && stat.ppid === serverPid && stat.comm.startsWith('janus')) return pid;
  }
  return null;
}

/** Janus's CPU over a stretch of wall time, as % of one core. */
function cpuMeter(pid: number) {
  const start = { cpu: statOf(pid)?.cpuSeconds ?? 0, at: performance.now() };
  return () => {
    const cpu = statOf(pid)?.cpuSeconds ?? start.cpu;
    return (100 * (cpu - start.cpu)) / ((performance.now() - start.at) / 1000);
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** The page's first video element, typed here: the bench compiles without the DOM library. */
type PageGlobals = {
  document: {
    querySelector(s: 'video'): { videoWidth: number; currentTime: number } | null;
    querySelector(s: 'main'): { innerText: string } | null;
    body: { innerText: string } | null;
  };
  performance: {
    now(): number;
    getEntriesByType(type: 'resource'): { name: string; startTime: number }[];
  };
};

const videoState = (page: Page) =>
  page.evaluate(() => {
    const v = (globalThis as unknown as PageGlobals).document.querySelector('video');
    return v ? { width: v.videoWidth, time: v.currentTime } : null;
  });

/**
 * The web app's Janus client (apps/web/app/features/live/janus-client.ts, no imports) as a classic
 * script for a bare page: its types stripped by TypeScript, its class put on `globalThis`.
 */
function janusClientScript(): string {
  const source = readFileSync(join(repoRoot, 'apps/web/app/features/live/janus-client.ts'), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext },
  });
  return `${outputText.replace(/^export /gm, '')}\nglobalThis.JanusSession = JanusSession;`;
}

/**
 * What one viewer's page runs: asks our API for its grant (with its own session cookie), watches the
 * feed with the app's Janus client and waits for a frame. Answers both times in the page's clock.
 * A string: the bench compiles without the DOM library.
 */
const subscribeScript = (showId: string, timeoutMs: number) => `(async () => {
  const started = performance.now();
  const res = await fetch('/api/streaming/join/${encodeURIComponent(showId)}');
  if (!res.ok) throw new Error('grant ' + res.status + ': ' + (await res.text()).slice(0, 200));
  const grantMs = performance.now() - started;
  const grant = (await res.json()).data;
  const session = new globalThis.JanusSession(grant);
  const video = document.createElement('video');
  video.muted = true;
  video.autoplay = true;
  video.playsInline = true;
  document.body.append(video);
  video.srcObject = await session.watch();
  await new Promise((resolve, reject) => {
    const deadline = setTimeout(() => reject(new Error('no frame in ${timeoutMs} ms')), ${timeoutMs});
    const look = () => {
      if (video.videoWidth > 0 && video.currentTime > 0) { clearTimeout(deadline); resolve(); }
      else setTimeout(look, 20);
    };
    look();
  });
  return { grantMs, frameMs: performance.now() - started };
})()`;

async function main(cleanup: Cleanup): Promise<{ summary: string; ok: boolean }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'fanstage-bench-live-'));
  cleanup.add('temp dir', () => rm(dataDir, { recursive: true, force: true }));
  // A small data set of its own: the media path reads a handful of rows per viewer.
  const db = await openDatabase({ dataDir: join(dataDir, 'db') });
  let audience: Awaited<ReturnType<typeof seedLiveAudience>>;
  try {
    await migrateDatabase(db);
    await seedBenchData(db, {
      fans: viewers + fullPages + 1,
      creators: 2,
      posts: 20,
      follows: viewers + fullPages + 1,
    });
    audience = await seedLiveAudience(db, {
      creator: 1,
      firstFan: 1,
      count: viewers + fullPages,
      balanceCents: 0,
    });
  } finally {
    await db.close();
  }

  const port = await findFreePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startChild('Fanstage server (live media)', {
    args: [join(repoRoot, 'apps/api/dist/server.js')],
    cwd: repoRoot,
    env: {
      ...baseEnv(),
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      SECRET: randomBytes(36).toString('base64url'),
      SEED_DEMO: 'false',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base,
      LOG_LEVEL: process.env.BENCH_SERVER_LOG_LEVEL ?? 'warn',
      LIVE_MEDIA: 'janus',
      LIVE_ICE_ENFORCE_LIST: innerAddress,
    },
  });
  cleanup.add('server', () => server.stop());
  await waitUntilReady(server, `${base}/api/ready`, 120_000);

  const launch = async () => {
    const browser = await chromium.launch({
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        '--autoplay-policy=no-user-gesture-required',
      ],
    });
    cleanup.add('chromium', () => browser.close());
    return browser;
  };
  const signedIn = async (browser: Browser, token: string): Promise<BrowserContext> => {
    const context = await browser.newContext();
    await context.addCookies([{ name: sessionCookie, value: token, url: base }]);
    return context;
  };

  // The creator goes live from the studio, as a person would.
  const studioBrowser = await launch();
  const studio = await (await signedIn(studioBrowser, audience.creatorToken)).newPage();
  await studio.goto(`${base}/creator/live`);
  await studio.getByLabel('Title').fill('Bench live show');
  const wentLive = studio.waitForResponse(
    (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/streaming/live',
  );
  const clicked = performance.now();
  await studio.getByRole('button', { name: 'Go live' }).click();
  const showId = ((await (await wentLive).json()) as { data: { _id: string } }).data._id;
  await studio.getByText('Your camera is on air.').waitFor({ timeout: 30_000 });
  const onAirMs = performance.now() - clicked;
  const janusPid = findJanus(server.process.pid ?? -1);
  if (!janusPid) throw new Error('no janus child of the server after going live');

  // Viewers' browsers, made as needed: viewersPerBrowser contexts each.
  const browsers: Browser[] = [];
  const browserFor = async (k: number) => {
    const index = Math.floor(k / viewersPerBrowser);
    while (browsers.length <= index) browsers.push(await launch());
    return browsers[index]!;
  };

  // Janus with the publisher alone, as the baseline of its CPU.
  const alone = cpuMeter(janusPid);
  await sleep(3000);
  const aloneCpu = alone();

  // 1. The media path, BENCH_LIVE_VIEWERS viewers at once: each its own fan, browser context and
  // renderer, asking our API for its grant and subscribing to Janus with the web app's own client
  // (janus-client.ts), on a bare page of the site. Twenty full copies of the React app on two cores
  // measure the machine's JavaScript, not the media (they did: pages still loading after a minute).
  const watchers: Page[] = [];
  for (let k = 0; k < viewers; k++) {
    const browser = await browserFor(k);
    const page = await (await signedIn(browser, audience.tokens[k]!)).newPage();
    await page.goto(`${base}/api/ready`);
    await page.addScriptTag({ content: janusClientScript() });
    watchers.push(page);
  }
  note(`live media: creator on air ${formatMs(onAirMs)} after Go live; ${viewers} viewers joining at once`);
  const watching = cpuMeter(janusPid);
  const watchStarted = performance.now();
  let whyNot: string | null = null;
  const firsts = await Promise.all(
    watchers.map(async (page) => {
      try {
        const r = (await page.evaluate(subscribeScript(showId, firstFrameTimeoutMs))) as {
          grantMs: number;
          frameMs: number;
        };
        return { ...r, state: await videoState(page) };
      } catch (error) {
        whyNot ??= String(error).split('\n')[0] ?? 'unknown';
        return null;
      }
    }),
  );
  // Everyone keeps watching for the hold, so Janus's figure is of steady forwarding too.
  await sleep(Math.max(3000, holdSeconds * 1000 - (performance.now() - watchStarted)));
  const watchingCpu = watching();
  const watchSeconds = (performance.now() - watchStarted) / 1000;
  const laters = await Promise.all(watchers.map((page) => videoState(page).catch(() => null)));
  const playing = firsts.filter((f, k) => f?.state && (laters[k]?.time ?? 0) > f.state.time).length;
  const frames = firsts.flatMap((f) => (f ? [f.frameMs] : [])).sort((a, b) => a - b);
  const grants = firsts.flatMap((f) => (f ? [f.grantMs] : [])).sort((a, b) => a - b);
  console.log(
    `live time to first frame (${viewers} viewers joining at once, grant request → videoWidth > 0 and currentTime > 0): ` +
      `p50 ${formatMs(percentile(frames, 50))}, p99 ${formatMs(percentile(frames, 99))}, fastest ${formatMs(frames[0] ?? 0)}; ` +
      `${frames.length} of ${viewers} got video, ${playing} still playing after ${Math.round(watchSeconds)} s`,
  );
  console.log(
    `live grant (GET /api/streaming/join/{id}, ${viewers} at once): p50 ${formatMs(percentile(grants, 50))}, p99 ${formatMs(percentile(grants, 99))}`,
  );
  if (whyNot) console.log(`  a viewer without video: ${whyNot}`);
  console.log(
    `janus CPU: ${aloneCpu.toFixed(1)} % of one core with the publisher alone, ${watchingCpu.toFixed(1)} % ` +
      `with ${viewers} viewers (over ${watchSeconds.toFixed(1)} s)`,
  );

  // 2. The whole page, as a fan opens it: BENCH_LIVE_PAGES more fans open the show's page at once
  // (app loaded, signed in, grant, Janus, first frame) while the viewers above keep watching.
  const pageTimes: number[] = [];
  let pageWhyNot: string | null = null;
  if (fullPages > 0) {
    const pages: Page[] = [];
    for (let k = 0; k < fullPages; k++) {
      const browser = await browserFor(viewers + k);
      pages.push(await (await signedIn(browser, audience.tokens[viewers + k]!)).newPage());
    }
    await Promise.all(
      pages.map(async (page) => {
        const opened = performance.now();
        try {
          await page.goto(`${base}/live/${showId}`, { waitUntil: 'commit', timeout: firstFrameTimeoutMs });
          await page.waitForFunction(
            () => {
              const v = (globalThis as unknown as PageGlobals).document.querySelector('video');
              return !!v && v.videoWidth > 0 && v.currentTime > 0;
            },
            null,
            { polling: 50, timeout: Math.max(1, firstFrameTimeoutMs - (performance.now() - opened)) },
          );
          pageTimes.push(performance.now() - opened);
        } catch (error) {
          const shown = await page
            .evaluate(() => (globalThis as unknown as PageGlobals).document.body?.innerText)
            .catch(() => null);
          pageWhyNot ??= `${String(error).split('\n')[0]}; the page showed: ${(shown ?? '(nothing)').replace(/\s+/g, ' ').slice(0, 200)}`;
        }
      }),
    );
    pageTimes.sort((a, b) => a - b);
    console.log(
      `live page open → first frame (${fullPages} fans opening the show's page at once, cold cache, ${viewers} watching): ` +
        `p50 ${formatMs(percentile(pageTimes, 50))}, slowest ${formatMs(pageTimes.at(-1) ?? 0)}; ${pageTimes.length} of ${fullPages} got video`,
    );
    if (pageWhyNot) console.log(`  a page without video: ${pageWhyNot}`);
  }

  // A figure, not a test: viewers left without video show in the count; only none at all (the media
  // path broken) fails the run.
  const ok = playing > 0;
  return {
    ok,
    summary:
      `live media: ${frames.length}/${viewers} viewers, first frame p50 ${formatMs(percentile(frames, 50))} ` +
      `p99 ${formatMs(percentile(frames, 99))}, janus ${watchingCpu.toFixed(0)} % of a core` +
      (fullPages > 0
        ? `; page open → frame p50 ${formatMs(percentile(pageTimes, 50))} (${pageTimes.length}/${fullPages})`
        : ''),
  };
}

const cleanup = new Cleanup();
process.on('SIGTERM', () => void cleanup.run().then(() => process.exit(130)));
process.on('SIGINT', () => void cleanup.run().then(() => process.exit(130)));
let result = { summary: 'live media FAILED', ok: false };
try {
  result = await main(cleanup);
} catch (err) {
  console.log(`live media failed: ${err instanceof Error ? err.message : String(err)}`);
  result = { summary: 'live media FAILED', ok: false };
} finally {
  await cleanup.run();
}
finish(result.summary, result.ok ? 0 : 1);
