import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Registry } from 'prom-client';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';

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
