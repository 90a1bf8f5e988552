// A diagnostic preload for a bench server: BENCH_SERVER_NODE_ARGS="--require ./bench/server-watch.cjs"
// (a path from the repository's root). Every half second it appends one line to
// /tmp/server-watch.<pid>.log: the event loop's delay (max and p99, ms), the process's CPU (% of one
// core), the statements sent to PostgreSQL and how many were single session look-ups; and, as they
// happen, every garbage collection pause over 4 ms (kind, heap after) and every stretch of 60 ms or more
// in which a 10 ms timer could not run. Lay it next to BENCH_DELIVERY_LOG's lines (same machine clock)
// to see what the server was doing when sends were slow. Nothing of the bench or the server reads it.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { monitorEventLoopDelay, PerformanceObserver, constants } = require('node:perf_hooks');

const out = path.join(require('node:os').tmpdir(), `server-watch.${process.pid}.log`);
const write = (line) => fs.appendFile(out, `${line}\n`, () => {});

const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();

let statements = 0;
let sessionLookups = 0;
try {
  // The server's own pg (apps/api), patched before the server loads it.
  const pg = require(require.resolve('pg', { paths: [path.join(process.cwd(), 'apps/api'), process.cwd()] }));
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function watchedQuery(config, ...rest) {
    statements += 1;
    if (config && config.name === 'session_by_token') sessionLookups += 1;
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
      `cpu ${((used.user + used.system) / 5000).toFixed(0)}% statements ${statements} session-lookups ${sessionLookups}`,
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
