import { z } from 'zod';
import { dataOf } from './common';

/** One dependency's state on the node that answered. */
export const ZHealthCheck = z.object({
  ok: z.boolean(),
  /** What was checked, or why it failed, as a sentence. */
  detail: z.string(),
});

/** GET /api/admin/health: how the node that answered, and the site, are doing (admin health page). */
export const ZAdminHealth = z.object({
  node: z.object({
    hostname: z.string(),
    pid: z.number().int(),
    startedAt: z.string(),
    uptimeSeconds: z.number().int(),
    memoryMb: z.number().int(),
    nodeVersion: z.string(),
    /** The request id of this answer (the same id is in the node's log line). */
    requestId: z.string(),
  }),
  checks: z.object({
    database: ZHealthCheck.extend({ engine: z.enum(['pglite', 'postgres']), latencyMs: z.number() }),
    redis: ZHealthCheck.extend({ configured: z.boolean() }),
    storage: ZHealthCheck.extend({ kind: z.enum(['local', 's3']) }),
    mail: ZHealthCheck.extend({ transport: z.enum(['smtp', 'outbox']), failures: z.number().int() }),
    ledger: ZHealthCheck.extend({ problems: z.number().int(), checkedSecondsAgo: z.number().int() }),
  }),
  /** Connections and shows: sockets on this node, live shows on the site. */
  sockets: z.number().int(),
  liveShows: z.number().int(),
  /** Jobs waiting to run, by queue (none: every queue is empty). */
  queues: z.array(z.object({ name: z.string(), waiting: z.number().int(), oldestSeconds: z.number() })),
});
export type TAdminHealth = z.infer<typeof ZAdminHealth>;
export const ZAdminHealthResponse = dataOf(ZAdminHealth);
