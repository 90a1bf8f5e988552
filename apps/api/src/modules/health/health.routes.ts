import { hostname } from 'node:os';
import { type TAdminHealth, ZAdminHealthResponse } from '@fanstage/contract';
import { liveSessions, sql } from '@fanstage/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Registry } from 'prom-client';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { requireRole } from '../../plugins/auth';

export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const ZStatus = z.object({ status: z.string() });

  /** Liveness: the process answers. */
  app.get('/health', { schema: { tags: ['Health'], response: { 200: ZStatus } } }, async () => ({
    status: 'ok',
  }));

  /**
   * Readiness, for a proxy or orchestrator choosing where to send people: fails (503) while this
   * node shuts down, when the database does not answer, and when its Redis is unreachable (it
   * would then miss the other nodes' messages and count rate limits alone).
   */
  app.get('/ready', { schema: { tags: ['Health'], response: { 200: ZStatus } } }, async () => {
    if (ctx.lifecycle.draining || ctx.realtime.isClosing) {
      throw new AppError('UNAVAILABLE', 'This node is shutting down.');
    }
    if (!ctx.realtime.isRedisReady) throw new AppError('UNAVAILABLE', 'Redis is not reachable.');
    try {
      await ctx.db.query('select 1');
    } catch {
      throw new AppError('UNAVAILABLE', 'The database is not reachable.');
    }
    return { status: 'ready' };
  });

  /** The admin health page: this node, its dependencies, the queues and the ledger, as sentences. */
  app.get(
    '/admin/health',
    {
      preHandler: requireRole('admin'),
      schema: { tags: ['Health'], response: { 200: ZAdminHealthResponse } },
    },
    async (req) => ({ data: await healthOf(ctx, req.id) }),
  );

  /** Prometheus: for METRICS_TOKEN's bearer or an address of METRICS_ALLOW (loopback by default). */
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!ctx.metrics.mayRead(req)) {
      throw new AppError(
        'FORBIDDEN',
        'The metrics are only for the monitoring system (METRICS_TOKEN or METRICS_ALLOW).',
      );
    }
    return reply
      .type(Registry.PROMETHEUS_CONTENT_TYPE)
      .header('cache-control', 'no-store')
      .send(await ctx.metrics.text());
  });
};

const startedAt = new Date();

/** Every check answers, failing ones with the reason: the page shows what is wrong, never a 500. */
async function healthOf(ctx: AppContext, requestId: string): Promise<TAdminHealth> {
  const failure = (err: unknown) => (err instanceof Error ? err.message : String(err));
  const timed = Date.now();
  const database = await ctx.db.query('select 1').then(
    () => ({ ok: true, detail: 'Answers queries.' }),
    (err: unknown) => ({ ok: false, detail: `Does not answer: ${failure(err)}` }),
  );
  const latencyMs = Date.now() - timed;
  const s3 = 'client' in ctx.storage;
  const storage = await ctx.storage.stat('health/probe').then(
    () => ({
      ok: true,
      detail: s3 ? `Bucket ${ctx.config.S3_BUCKET} answers.` : 'The local folder is readable.',
    }),
    (err: unknown) => ({ ok: false, detail: `Cannot be read: ${failure(err)}` }),
  );
  const [ledger, queues, liveShows] = await Promise.all([
    ctx.metrics.ledger().catch(() => null),
    ctx.queue.waiting().catch(() => []),
    ctx.db.db
      .select({ n: sql<number>`count(*)::int` })
      .from(liveSessions)
      .where(sql`${liveSessions.status} = 'live'`)
      .then((rows) => Number(rows[0]?.n ?? 0)),
  ]);
  const failures = ctx.metrics.mailFailures();
  return {
    node: {
      hostname: hostname(),
      pid: process.pid,
      startedAt: startedAt.toISOString(),
      uptimeSeconds: Math.floor(process.uptime()),
      memoryMb: Math.round(process.memoryUsage.rss() / 1024 / 1024),
      nodeVersion: process.version,
      requestId,
    },
    checks: {
      database: { ...database, engine: ctx.db.engine, latencyMs },
      redis: ctx.config.REDIS_URL
        ? {
            configured: true,
            ok: ctx.realtime.isRedisReady,
            detail: ctx.realtime.isRedisReady ? 'Connected.' : 'Not reachable: this node is not ready.',
          }
        : { configured: false, ok: true, detail: 'Not configured: one node only.' },
      storage: { ...storage, kind: s3 ? 's3' : 'local' },
      mail: {
        transport: ctx.mailer.transport,
        failures,
        ok: failures === 0,
        detail:
          ctx.mailer.transport === 'outbox'
            ? 'No mail server: mail goes to the outbox.'
            : failures === 0
              ? 'Every mail was accepted.'
              : `${failures} mails were refused since this node started.`,
      },
      ledger: ledger
        ? {
            ok: ledger.problems === 0,
            problems: ledger.problems,
            checkedSecondsAgo: Math.floor((Date.now() - ledger.at) / 1000),
            detail:
              ledger.problems === 0
                ? 'Every balance matches its entries.'
                : 'Balances drifted: see the ledger page.',
          }
        : { ok: false, problems: 0, checkedSecondsAgo: 0, detail: 'The reconciliation could not run.' },
    },
    sockets: ctx.realtime.io.engine?.clientsCount ?? 0,
    liveShows,
    queues: queues.map((q) => ({ name: q.name, waiting: q.n, oldestSeconds: Math.round(q.age) })),
  };
}
