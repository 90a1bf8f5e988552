import { BlockList, isIP } from 'node:net';
import { liveSessions, sql } from '@fanstage/db';
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import type { Config } from '../../config';
import { safeEqual } from '../../lib/crypto';
import { streamRoom } from '../streaming/streaming.realtime';
import { reconcileLedger } from '../wallet';
import type { Metrics } from './metrics.types';
import { createRequestDurations } from './request-durations';

/*
 * What GET /api/metrics shows Prometheus (README "Operations"). Counters and histograms are this
 * node's since it started; gauges read the database or this node's sockets when scraped. The
 * ledger check reads every entry, so its result is kept for five minutes.
 */

const ledgerEveryMs = 5 * 60_000;
const showRoomPrefix = streamRoom('');

/** The process's own figures (memory, CPU, event loop), collected once per process. */
let processRegistry: Registry | null = null;

/** METRICS_ALLOW's addresses and CIDRs (config.ts checked them) as a set to test a client's address in. */
function allowList(entries: string): BlockList {
  const list = new BlockList();
  for (const entry of entries
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

export type { Metrics } from './metrics.types';

export function createMetrics(config: Pick<Config, 'METRICS_TOKEN' | 'METRICS_ALLOW'>): Metrics {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: 'fanstage_' });
  }
  const registry = new Registry();
  const requestSeconds = createRequestDurations(registry);
  let mailFailed = 0;
  let ledgerOf: () => Promise<{ problems: number; at: number } | null> = async () => null;
  const mailFailures = new Counter({
    name: 'fanstage_mail_failures_total',
    help: 'Mails the mail transport refused or could not deliver.',
    registers: [registry],
  });
  const allowed = allowList(config.METRICS_ALLOW);
  const isAllowed = (ip: string) => {
    // An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d.
    const plain = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
    const type = isIP(plain);
    return type !== 0 && allowed.check(plain, type === 6 ? 'ipv6' : 'ipv4');
  };

  return {
    registry,
    text: () => Registry.merge([processRegistry!, registry]).metrics(),
    countMailFailures: (mailer) => ({
      transport: mailer.transport,
      send: async (message) => {
        try {
          await mailer.send(message);
        } catch (err) {
          mailFailures.inc();
          mailFailed += 1;
          throw err;
        }
      },
    }),
    instrument: (app) => {
      // A callback hook, not an async one: it runs on every answer and should cost no promise.
      app.addHook('onResponse', (request, reply, done) => {
        // Only the API's routes: pages and static files would bury them.
        const route = request.routeOptions.url;
        if (route?.startsWith('/api/')) {
          requestSeconds.observe(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
        }
        done();
      });
    },
    watch: (ctx) => {
      new Gauge({
        name: 'fanstage_db_statements_total',
        help: 'SQL statements this node sent (divide its rate by the request rate for statements per request).',
        registers: [registry],
        collect() {
          this.set(ctx.db.statements());
        },
      });
      new Gauge({
        name: 'fanstage_sockets_connected',
        help: 'Realtime (socket.io) connections open on this node.',
        registers: [registry],
        collect() {
          this.set(ctx.realtime.io.engine?.clientsCount ?? 0);
        },
      });
      new Gauge({
        name: 'fanstage_live_viewer_sockets',
        help: "Sockets in live shows' rooms on this node (creators' own included).",
        registers: [registry],
        collect() {
          let n = 0;
          for (const [room, sockets] of ctx.realtime.io.of('/').adapter.rooms) {
            if (room.startsWith(showRoomPrefix)) n += sockets.size;
          }
          this.set(n);
        },
      });
      new Gauge({
        name: 'fanstage_live_shows',
        help: 'Live shows running on the site now.',
        registers: [registry],
        async collect() {
          const [row] = await ctx.db.db
            .select({ n: sql<number>`count(*)::int` })
            .from(liveSessions)
            .where(sql`${liveSessions.status} = 'live'`);
          this.set(Number(row?.n ?? 0));
        },
      });
      // Each queue gauge asks on its own (prom-client collects them side by side): one small query each.
      const waiting = () =>
        ctx.queue.waiting().catch((err) => {
          ctx.log.warn({ err }, 'metrics: could not count the waiting jobs');
          return [];
        });
      new Gauge({
        name: 'fanstage_job_queue_depth',
        help: 'Jobs waiting to run (created or to retry), by queue.',
        labelNames: ['queue'] as const,
        registers: [registry],
        async collect() {
          this.reset();
          for (const row of await waiting()) this.set({ queue: row.name }, Number(row.n));
        },
      });
      new Gauge({
        name: 'fanstage_job_queue_oldest_seconds',
        help: 'Age of the oldest waiting job, by queue.',
        labelNames: ['queue'] as const,
        registers: [registry],
        async collect() {
          this.reset();
          for (const row of await waiting()) this.set({ queue: row.name }, Math.max(0, Number(row.age)));
        },
      });
      let ledger: { at: number; problems: number; balanced: boolean } | null = null;
      let checking: Promise<void> | null = null;
      const checkLedger = () => {
        checking ??= reconcileLedger(ctx.db.db)
          .then((report) => {
            ledger = { at: Date.now(), problems: report.problems.length, balanced: report.ok };
          })
          .catch((err) => ctx.log.warn({ err }, 'metrics: the ledger check failed'))
          .finally(() => {
            checking = null;
          });
        return checking;
      };
      ledgerOf = async () => {
        if (!ledger) await checkLedger();
        else if (Date.now() - ledger.at > ledgerEveryMs) void checkLedger();
        return ledger;
      };
      new Gauge({
        name: 'fanstage_ledger_problems',
        help: 'Problems the last ledger reconciliation found (0: every balance matches its entries).',
        registers: [registry],
        async collect() {
          // The first scrape waits for a result; later ones answer at once and refresh behind.
          const state = await ledgerOf();
          if (state) this.set(state.problems);
        },
      });
      new Gauge({
        name: 'fanstage_ledger_checked_seconds_ago',
        help: 'Seconds since that reconciliation ran.',
        registers: [registry],
        collect() {
          if (ledger) this.set((Date.now() - ledger.at) / 1000);
        },
      });
    },
    ledger: () => ledgerOf(),
    mailFailures: () => mailFailed,
    mayRead: (request) => {
      const header = request.headers.authorization;
      if (config.METRICS_TOKEN && header?.startsWith('Bearer ')) {
        return safeEqual(header.slice(7).trim(), config.METRICS_TOKEN);
      }
      return isAllowed(request.ip);
    },
  };
}
