import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { geoDataFiles, loadGeoDatabase } from '../lib/geoip';

// Usage: npm run geoip:refresh -w apps/api            moves @ip-location-db/dbip-country to its latest
//                                                      release (package.json and the lockfile), then checks it
//        npm run geoip:refresh -w apps/api -- --check  only checks the installed data
// Exit 0: the data loads and places each range's first address in its country; 1 otherwise.

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const packageName = '@ip-location-db/dbip-country';

const installedVersion = () =>
  (
    JSON.parse(
      readFileSync(createRequire(import.meta.url).resolve(`${packageName}/package.json`), 'utf8'),
    ) as { version: string }
  ).version;

if (!process.argv.includes('--check')) {
  const before = installedVersion();
  execFileSync('npm', ['install', `${packageName}@latest`, '-w', 'apps/api'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  console.log(`${packageName}: ${before} → ${installedVersion()}`);
}

const collect = () => (globalThis as { gc?: () => void }).gc?.();
collect();
const heapBefore = process.memoryUsage();
const started = performance.now();
const database = await loadGeoDatabase();
const loadMs = Math.round(performance.now() - started);
// The CSV buffers are garbage once the tables are built: measure what stays.
collect();
const heapAfter = process.memoryUsage();
const usedMb =
  (heapAfter.heapUsed + heapAfter.arrayBuffers - heapBefore.heapUsed - heapBefore.arrayBuffers) / 1e6;

// Every 1000th range of each file must come back as its own country.
let checked = 0;
const wrong: string[] = [];
for (const file of Object.values(geoDataFiles())) {
  const lines = readFileSync(file, 'latin1').split('\n');
  for (let i = 0; i < lines.length; i += 1000) {
    const [start, , code] = (lines[i] ?? '').trim().split(',');
    if (!start || !code) continue;
    checked++;
    const found = database.countryOf(start);
    if (found !== code && !(found === null && isLocal(start)))
      wrong.push(`${start}: ${found} (data says ${code})`);
  }
}

/** The look-up never gives local addresses a country; the data may still list some. */
function isLocal(ip: string): boolean {
  return (
    database.countryOf(ip) === null && /^(10\.|127\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|f[cde])/i.test(ip)
  );
}

console.log(
  `${packageName} ${installedVersion()}: ${database.size.ipv4} IPv4 and ${database.size.ipv6} IPv6 ranges, loaded in ${loadMs} ms, about ${usedMb.toFixed(1)} MB; ${checked} sample ranges checked`,
);
if (wrong.length > 0 || database.size.ipv4 < 100_000 || database.size.ipv6 < 100_000) {
  console.error(`The geo data does not look right:\n  ${wrong.slice(0, 20).join('\n  ')}`);
  process.exit(1);
}
