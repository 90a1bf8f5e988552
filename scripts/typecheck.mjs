#!/usr/bin/env node
// `npm run typecheck`: each workspace's `tsc`, two at a time (one per core of a small CI machine;
// run one after another they took half as long again). Prints each failure's output whole.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const root = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const workspaces = root.workspaces.filter((w) => {
  const pkg = JSON.parse(readFileSync(new URL(`../${w}/package.json`, import.meta.url), 'utf8'));
  return Boolean(pkg.scripts?.typecheck);
});
// The slowest first, so the two lanes end together.
const order = ['apps/web', 'apps/api'];
workspaces.sort((a, b) => (order.indexOf(b) + 1 || 0) - (order.indexOf(a) + 1 || 0));

const check = (workspace) =>
  new Promise((resolve) => {
    const child = spawn('npm', ['run', 'typecheck', '--silent', '-w', workspace], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('close', (code) => resolve({ workspace, ok: code === 0, output }));
  });

const queue = [...workspaces];
const results = [];
const lane = async () => {
  for (let w = queue.shift(); w; w = queue.shift()) results.push(await check(w));
};
await Promise.all([lane(), lane()]);
for (const r of results) {
  if (!r.ok) console.log(`\n${r.workspace}: type errors\n${r.output}`);
}
process.exit(results.every((r) => r.ok) ? 0 : 1);
