#!/usr/bin/env node
// Builds the web app (apps/web/build) unless the build there was made from the same sources: `npm start`
// the second time, and CI's fresh-machine check after the test pass that built it, start at once.
// The fingerprint covers the web app, the shared contract, the build configs and the lockfile;
// `--force` builds whatever it says.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const sources = [
  'apps/web/app',
  'apps/web/public',
  'apps/web/package.json',
  'apps/web/react-router.config.ts',
  'apps/web/vite.config.ts',
  'apps/web/vite',
  'apps/web/scripts',
  'apps/web/tsconfig.json',
  'packages/contract/src',
  'packages/contract/package.json',
  'package-lock.json',
];
const stamp = join(root, 'apps/web/build/.sources');

function fingerprint() {
  const hash = createHash('sha256');
  const walk = (path) => {
    if (!existsSync(path)) return;
    const entries = (() => {
      try {
        return readdirSync(path, { withFileTypes: true });
      } catch {
        return null;
      }
    })();
    if (!entries) {
      hash.update(path).update(readFileSync(path));
      return;
    }
    for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (e.name === 'node_modules' || e.name.startsWith('.react-router')) continue;
      walk(join(path, e.name));
    }
  };
  for (const s of sources) walk(join(root, s));
  return hash.digest('hex');
}

const wanted = fingerprint();
const built = existsSync(join(root, 'apps/web/build/server/index.js')) && existsSync(stamp);
if (!process.argv.includes('--force') && built && readFileSync(stamp, 'utf8').trim() === wanted) {
  console.log('web app: the build in apps/web/build is from these sources, not building again');
  process.exit(0);
}
const r = spawnSync('npm', ['run', 'build', '--silent', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
if (r.status !== 0) process.exit(r.status ?? 1);
writeFileSync(stamp, `${wanted}\n`);
