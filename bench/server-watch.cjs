// A diagnostic preload for a bench server: BENCH_SERVER_NODE_ARGS="--require ./bench/server-watch.cjs"
// (a path from the repository's root). Every half second it appends one line to
// /tmp/server-watch.<pid>.log: the event loop's delay (max and p99, ms), the process's CPU (% of one
// core), the statements sent to PostgreSQL, how many were single session look-ups and the V8 heap in
// use; and, as they happen, every garbage collection pause over 4 ms (kind, heap after) and every
// stretch of 60 ms or more in which a 10 ms timer could not run. Lay it next to BENCH_DELIVERY_LOG's lines (same machine clock)
// to see what the server was doing when sends were slow. Nothing of the bench or the server reads it.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { monitorEventLoopDelay, PerformanceObserver, constants } = require('node:perf_hooks');

const out = path.join(require('node:os').tmpdir(), `server-watch.${process.pid}.log`);
const write = (line) => fs.appendFile(out, `${line}\n`, () => {});

const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();

let profiler = null;
let statements = 0;
/** While the heap profiler samples (below): how often each statement was sent (named ones by name). */
const statementTexts = new Map();
let sessionLookups = 0;
try {
  // The server's own pg (apps/api), patched before the server loads it.
  const pg = require(require.resolve('pg', { paths: [path.join(process.cwd(), 'apps/api'), process.cwd()] }));
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function watchedQuery(config, ...rest) {
    statements += 1;
    if (config && config.name === 'session_by_token') sessionLookups += 1;
    if (profiler) {
      const text =
        typeof config === 'string' ? config : config?.name ? `[${config.name}]` : String(config?.text);
      const key = text.replace(/\s+/g, ' ').slice(0, 160);
      statementTexts.set(key, (statementTexts.get(key) ?? 0) + 1);
    }
    return query.call(this, config, ...rest);
  };
} catch (error) {
  write(`statements not counted: ${error}`);
}

let cpu = process.cpuUsage();
setInterval(() => {
  const used = process.cpuUsage(cpu);
  cpu = process.cpuUsage();
  write(
    `${Date.now()} loop max ${(delay.max / 1e6).toFixed(0)} p99 ${(delay.percentile(99) / 1e6).toFixed(0)} ` +
      `cpu ${((used.user + used.system) / 5000).toFixed(0)}% statements ${statements} session-lookups ${sessionLookups} ` +
      `heap ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB`,
  );
  delay.reset();
  statements = 0;
  sessionLookups = 0;
}, 500).unref();

const kinds = {
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak-callbacks',
};
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.duration <= 4) continue;
    const heap = (process.memoryUsage().heapUsed / 1e6).toFixed(0);
    write(
      `gc ${Math.round(performance.timeOrigin + entry.startTime)} ${entry.duration.toFixed(0)} ms ` +
        `${kinds[entry.detail?.kind] ?? entry.detail?.kind} heap ${heap} MB`,
    );
  }
}).observe({ entryTypes: ['gc'] });

let tick = Date.now();
setInterval(() => {
  const now = Date.now();
  if (now - tick >= 70) write(`stall ${tick} ${now - tick - 10} ms`);
  tick = now;
}, 10).unref();

// SIGUSR2 starts V8's CPU profiler and its sampling heap profiler (every allocation counts, also
// those the collectors free later) and counts the statements sent by text; the next SIGUSR2 writes
// /tmp/server-watch.<pid>.<n>.cpuprofile and .heapprofile (Chromium's DevTools open both) and the
// 30 most sent statements to the log. The first also logs the live heap (after a full collection). A bench run signals the server itself (bench/README.md).
const inspector = require('node:inspector');
require('node:v8').setFlagsFromString('--expose-gc');
const collectAll = require('node:vm').runInNewContext('gc');
let profiles = 0;
process.on('SIGUSR2', () => {
  if (!profiler) {
    profiler = new inspector.Session();
    profiler.connect();
    profiler.post('Profiler.enable');
    profiler.post('Profiler.start');
    profiler.post('HeapProfiler.startSampling', {
      samplingInterval: 8192,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
    write(`heap sampling started ${Date.now()}`);
    // What is live at that moment (a full collection first): the heap a full collection marks.
    const before = Date.now();
    collectAll();
    write(
      `live heap ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB (full collection of ${Date.now() - before} ms)`,
    );
    return;
  }
  const session = profiler;
  profiler = null;
  profiles += 1;
  const n = profiles;
  session.post('Profiler.stop', (error, result) => {
    if (!error) fs.writeFileSync(out.replace(/\.log$/, `.${n}.cpuprofile`), JSON.stringify(result.profile));
  });
  session.post('HeapProfiler.stopSampling', (error, result) => {
    const file = out.replace(/\.log$/, `.${n}.heapprofile`);
    if (!error) fs.writeFileSync(file, JSON.stringify(result.profile));
    write(`heap sampling stopped ${Date.now()}: ${error ? error.message : file}`);
    for (const [text, count] of [...statementTexts].sort((a, b) => b[1] - a[1]).slice(0, 30)) {
      write(`statement ${count} ${text}`);
    }
    statementTexts.clear();
    session.disconnect();
  });
});
