#!/usr/bin/env node
// Live media browser tests (e2e/live-media) inside a private network namespace this script makes:
// it re-runs itself under `unshare -n` (root), brings lo up, gives one end of a veth pair 127.0.0.2
// (Janus never gathers ICE candidates on a loopback interface; see LIVE-VIDEO.md) and runs run.mjs
// there twice: with LIVE_MEDIA=janus and LIVE_ICE_ENFORCE_LIST=127.0.0.2, then with LIVE_MEDIA=p2p. The
// app, its Janus and Chromium all run inside: no media and no ICE check can leave the namespace.
//
// TEST_DATABASE_URL / TEST_REDIS_URL (the PostgreSQL pass) point at 127.0.0.1 outside, which a new
// namespace cannot reach: the outer process relays each through a Unix socket (files cross network
// namespaces) to a TCP port on the inner loopback.
//
// Outside CI, without root, janus, chromium, unshare or ip it prints why it skips and exits 0; with
// CI=true it fails instead.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const self = fileURLToPath(import.meta.url);
const suite = process.env.SUITE_NAME ?? `live-${process.env.TEST_DATABASE_URL ? 'postgres' : 'embedded'}`;
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const innerAddress = '127.0.0.2';
const relayed = ['TEST_DATABASE_URL', 'TEST_REDIS_URL'];

const onPath = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;

/** Pipes every connection a server takes to a new connection made by `open`. */
const relay = (open) =>
  createServer((incoming) => {
    const outgoing = open();
    incoming.pipe(outgoing).pipe(incoming);
    const drop = () => {
      incoming.destroy();
      outgoing.destroy();
    };
    incoming.on('error', drop);
    outgoing.on('error', drop);
  });

const listening = (server, ...args) =>
  new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(...args, () => ok(server));
  });

const run = (cmd, args, env) =>
  new Promise((ok) => {
    const child = spawn(cmd, args, { stdio: 'inherit', env });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('exit', (code, signal) => ok(code ?? (signal ? 1 : 0)));
  });

if (process.env.FANSTAGE_LIVE_NETNS !== '1') {
  const missing = [];
  if (process.getuid?.() !== 0) missing.push('not root (unshare -n needs it)');
  if (!existsSync('/usr/bin/janus') && !onPath('janus')) missing.push('no janus (apt-get install janus)');
  if (!existsSync(chromium)) missing.push(`no Chromium at ${chromium}`);
  if (!onPath('unshare') || !onPath('ip')) missing.push('no unshare or ip (util-linux, iproute2)');
  if (missing.length > 0) {
    if (process.env.CI) {
      console.log(`\n${suite}: 0 passed, 1 failed (${missing.join('; ')}; CI must run the live media tests)`);
      process.exit(1);
    }
    console.log(`== ${suite}: skipped, ${missing.join('; ')}`);
    process.exit(0);
  }

  // Outer ends of the database and Redis relays: a Unix socket per service, to its real address.
  const socketDir = mkdtempSync(join(tmpdir(), 'fanstage-live-relay-'));
  const servers = [];
  const env = { ...process.env, FANSTAGE_LIVE_NETNS: '1', SUITE_NAME: suite };
  for (const name of relayed) {
    if (!process.env[name]) continue;
    const url = new URL(process.env[name]);
    const port = Number(url.port || (url.protocol.startsWith('redis') ? 6379 : 5432));
    const path = join(socketDir, `${name}.sock`);
    servers.push(
      await listening(
        relay(() => connect(port, url.hostname)),
        path,
      ),
    );
    env[`${name}_SOCKET`] = path;
  }
  const code = await run('unshare', ['-n', process.execPath, self, ...process.argv.slice(2)], env);
  for (const s of servers) s.close();
  rmSync(socketDir, { recursive: true, force: true });
  process.exit(code);
}

// Inside the namespace: only lo, plus a veth end that carries 127.0.0.2 for ICE.
for (const args of [
  ['link', 'set', 'lo', 'up'],
  ['link', 'add', 'live0', 'type', 'veth', 'peer', 'name', 'live1'],
  ['addr', 'add', `${innerAddress}/32`, 'dev', 'live0'],
  ['link', 'set', 'live0', 'up'],
  ['link', 'set', 'live1', 'up'],
]) {
  const r = spawnSync('ip', args, { encoding: 'utf8' });
  if (r.status !== 0) {
    console.log(`\n${suite}: 0 passed, 1 failed (ip ${args.join(' ')}: ${r.stderr.trim()})`);
    process.exit(1);
  }
}

// Inner ends of the relays: a loopback port per service, to the Unix socket outside.
const base = {
  ...process.env,
  // No demo videos: their transcodes would compete with the camera's encoder for the CPU.
  SEED_DEMO_VIDEOS: 'false',
  E2E_CONFIG: 'e2e/playwright.live.config.ts',
  // One server and one browser at a time: the fake camera's encoder wants the CPU to itself.
  E2E_WORKERS: '1',
};
for (const name of relayed) {
  const path = process.env[`${name}_SOCKET`];
  delete base[`${name}_SOCKET`];
  if (!path) continue;
  const server = await listening(
    relay(() => connect(path)),
    0,
    '127.0.0.1',
  );
  server.unref();
  const url = new URL(process.env[name]);
  url.hostname = '127.0.0.1';
  url.port = String(server.address().port);
  base[name] = url.toString();
}

// Two passes, each on a server of its own: through our Janus (ICE on the veth end), then peer to
// peer between the two browsers (loopback). Each prints its own closing line.
const passes = [
  { media: 'janus', env: { LIVE_ICE_ENFORCE_LIST: innerAddress } },
  { media: 'p2p', env: {} },
];
let failed = 0;
for (const pass of passes) {
  const env = {
    ...base,
    ...pass.env,
    LIVE_MEDIA: pass.media,
    SUITE_NAME: suite.replace(/^live-/, `live-${pass.media}-`),
  };
  console.log(`\n== live media through ${pass.media === 'p2p' ? 'peer to peer' : 'our Janus'}`);
  if ((await run(process.execPath, [join(here, 'run.mjs'), ...process.argv.slice(2)], env)) !== 0) failed++;
  // The second pass reuses the web build the first one made (or was told to reuse).
  base.E2E_SKIP_BUILD = '1';
}
process.exit(failed === 0 ? 0 : 1);
