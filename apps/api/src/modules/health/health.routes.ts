import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { collectDefaultMetrics, register } from 'prom-client';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';

let metricsStarted = false;

export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  if (!metricsStarted) {
    collectDefaultMetrics();
    metricsStarted = true;
  }
  const ZStatus = z.object({ status: z.string() });

  /** Liveness: the process answers. */
  app.get('/health', { schema: { tags: ['Health'], response: { 200: ZStatus } } }, async () => ({
    status: 'ok',
  }));

  /** Readiness: the database answers. */
  app.get('/ready', { schema: { tags: ['Health'], response: { 200: ZStatus } } }, async () => {
    try {
      await ctx.db.query('select 1');
    } catch {
      throw new AppError('UNAVAILABLE', 'The database is not reachable.');
    }
    return { status: 'ready' };
  });

  app.get('/metrics', { schema: { hide: true } }, async (_req, reply) =>
    reply.type(register.contentType).send(await register.metrics()),
  );
};
