import { writeFileSync } from 'node:fs';
const { default: lighthouse } = await import('lighthouse');
const { launch } = await import('chrome-launcher');
const chrome = await launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless','--no-sandbox','--disable-gpu','--disable-dev-shm-usage'], logLevel: 'error' });
for (const [name, url] of [['login', 'http://127.0.0.1:4310/auth/login'], ['creator', 'http://127.0.0.1:4310/luna.rivers']]) {
  const run = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  writeFileSync(`/tmp/lh-${name}.json`, JSON.stringify(run.lhr));
  const a = run.lhr.audits;
  console.log(name, run.lhr.categories.performance.score, 'FCP', a['first-contentful-paint'].numericValue|0, 'LCP', a['largest-contentful-paint'].numericValue|0, 'TBT', a['total-blocking-time'].numericValue|0, 'SI', a['speed-index'].numericValue|0, 'CLS', (a['cumulative-layout-shift']?.numericValue ?? 0));
  for (const id of ['render-blocking-resources','render-blocking-insight','network-dependency-tree-insight','lcp-breakdown-insight','largest-contentful-paint-element','bootup-time','mainthread-work-breakdown']) { const x=a[id]; if (x) console.log('  ', id, x.score, x.displayValue ?? '', JSON.stringify(x.details?.items?.slice?.(0,6) ?? '').slice(0,600)); }
}
await chrome.kill();
