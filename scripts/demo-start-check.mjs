#!/usr/bin/env node
// CI's fresh-machine check: `npm start` with the ffmpeg and ffprobe shipped in npm packages (the only
// ones a machine without Debian's ffmpeg has), on an empty data folder and a free port. It passes when
// the server says where it is ready, serves the home page, the demo logins work, the demo creators'
// video and audio posts are there and their transcodes end ready, and the server is still up.
// Prints `demo-start: N passed, N failed`.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'apps/api/package.json'));
const ffmpeg = require('@ffmpeg-installer/ffmpeg').path;
const ffprobe = require('@ffprobe-installer/ffprobe').path;

const port = await new Promise((ok, fail) => {
  const s = createServer();
  s.listen(0, '127.0.0.1', () => {
    const { port } = s.address();
    s.close(() => ok(port));
  });
  s.on('error', fail);
});
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'fanstage-demo-start-'));
const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, DATA_DIR: dataDir };
env.FFMPEG_PATH = ffmpeg;
env.FFPROBE_PATH = ffprobe;
for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'NODE_ENV', 'SEED_DEMO', 'LOG_LEVEL'])
  delete env[name];

console.log(`== demo start with the npm ffmpeg (${ffmpeg}) on ${base}`);
const server = spawn('npm', ['start'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
let log = '';
let exited = null;
server.stdout.on('data', (d) => (log += d));
server.stderr.on('data', (d) => (log += d));
server.on('exit', (code, signal) => (exited = { code, signal }));

const results = [];
const check = (name, ok, detail = '') => {
  results.push(ok);
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` (${detail})` : ''}`);
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const until = async (seconds, probe) => {
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end && !exited) {
    const value = await probe().catch(() => null);
    if (value) return value;
    await sleep(1000);
  }
  return null;
};
const api = async (path, token, init = {}) => {
  const res = await fetch(`${base}${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: res.status, body: await res.json().catch(() => null) };
};
const login = async (username, password) =>
  (await api('/api/auth/login', null, { method: 'POST', body: JSON.stringify({ username, password }) })).body
    ?.data?.token;

try {
  // The web build and the first seed take a few minutes on two CPUs.
  const ready = await until(600, async () => (await api('/api/ready')).status === 200);
  check('the server answers /api/ready', Boolean(ready), exited ? `exited ${JSON.stringify(exited)}` : '');
  if (ready) {
    check('the console says where it is ready', log.includes(`ready at ${base}`));
    check('the console prints the demo logins', /fan\s+ava\.thompson\s+\S+\s+fanpass123/.test(log));
    const home = await fetch(`${base}/`);
    check('the home page is served', home.status === 200 && (await home.text()).includes('<html'));
    const fan = await login('ava.thompson', 'fanpass123');
    check('a demo fan logs in', Boolean(fan));
    const creator = await login('luna.rivers', 'creatorpass123');
    check('a demo creator logs in', Boolean(creator));
    // Luna's own feed shows her posts whatever their state; her video and audio come from the npm ffmpeg.
    const media = await until(300, async () => {
      const feed = (await api('/api/user/feeds/search/luna.rivers?limit=50', creator)).body?.data ?? [];
      const posts = feed.filter((p) => p.type === 'video' || p.type === 'audio');
      const states = posts.flatMap((p) => p.files.map((f) => f.status));
      return states.length >= 2 && states.every((s) => s === 'ready' || s === 'failed') ? states : null;
    });
    check('the demo video and audio posts exist and their transcodes end', Boolean(media), String(media));
    check('every demo transcode ended ready', Boolean(media?.every((s) => s === 'ready')), String(media));
    check('the server is still up after the seed and its jobs', (await api('/api/ready')).status === 200);
  }
} finally {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {}
  await sleep(1500);
  try {
    process.kill(-server.pid, 'SIGKILL');
  } catch {}
  rmSync(dataDir, { recursive: true, force: true });
}
const failed = results.filter((ok) => !ok).length;
if (failed > 0) console.log(`\n-- server output (tail)\n${log.slice(-6000)}`);
console.log(`\ndemo-start: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
