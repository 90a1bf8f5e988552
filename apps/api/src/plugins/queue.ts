import type { DbHandle } from '@fanstage/db';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';

/** What a job handler gets besides its data. */
export interface JobContext {
  id: string;
  /** Aborted when the app shuts down: long work (ffmpeg) stops and the job is retried later. */
  signal: AbortSignal;
}

export type JobHandler<T> = (data: T, job: JobContext) => Promise<void>;

export interface JobOptions {
  /** Retries after a thrown error (a handler that records its own failure does not throw). */
  retryLimit?: number;
  /** How long one run may take before the queue gives it up. */
  expireInSeconds?: number;
}

/**
 * The Postgres-backed job queue (pg-boss). Handlers must be idempotent: a job may run twice
 * (a retry after a crash, or a run cut short by a shutdown).
 */
export interface JobQueue {
  /** Enqueues a job; starts the queue on first use. */
  send<T extends object>(name: string, data: T, options?: JobOptions): Promise<string | null>;
  /** Registers the handler of a queue; it runs once the queue has started. */
  work<T extends object>(name: string, handler: JobHandler<T>, options?: JobOptions): Promise<void>;
  /** Starts the queue and its workers; safe to call many times. */
  start(): Promise<void>;
  /** Stops the workers (running jobs are aborted and retried later); call before closing the database. */
  stop(): Promise<void>;
}

interface Registered {
  handler: JobHandler<object>;
  options: JobOptions;
}

/**
 * pg-boss over PostgreSQL (its own pool, from DATABASE_URL) or over the app's database handle:
 * the embedded PGlite, or a PostgreSQL whose URL the app was not given (the test databases).
 * The queue starts lazily so that processes and test files that never send a job pay nothing.
 */
export function createJobQueue(options: {
  db: DbHandle;
  databaseUrl?: string;
  log: FastifyBaseLogger;
  pollingIntervalSeconds: number;
  /** The PostgreSQL schema of the queue's tables (pg-boss's default is `pgboss`). */
  schema?: string;
}): JobQueue {
  const { log } = options;
  const boss = new PgBoss({
    ...(options.schema ? { schema: options.schema } : {}),
    ...(options.databaseUrl && options.db.engine === 'postgres'
      ? { connectionString: options.databaseUrl, max: 4 }
      : { db: { executeSql: adaptHandle(options.db) } }),
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));

  const registered = new Map<string, Registered>();
  const createdQueues = new Set<string>();
  let starting: Promise<void> | null = null;
  let started = false;
  let stopped = false;
  const shutdown = new AbortController();

  const ensureQueue = async (name: string, jobOptions: JobOptions) => {
    if (createdQueues.has(name)) return;
    // createQueue is idempotent in pg-boss 10 (ON CONFLICT DO NOTHING).
    await boss.createQueue(name, {
      name,
      retryLimit: jobOptions.retryLimit ?? 2,
      expireInSeconds: jobOptions.expireInSeconds ?? 15 * 60,
    });
    createdQueues.add(name);
  };

  const attach = async (name: string, { handler, options: jobOptions }: Registered) => {
    await ensureQueue(name, jobOptions);
    await boss.work<object>(
      name,
      { pollingIntervalSeconds: options.pollingIntervalSeconds, batchSize: 1 },
      async (jobs) => {
        for (const job of jobs) {
          await handler(job.data, { id: job.id, signal: shutdown.signal });
        }
      },
    );
  };

  const start = () => {
    if (stopped) return Promise.reject(new Error('The job queue has been stopped.'));
    starting ??= (async () => {
      await boss.start();
      for (const [name, entry] of registered) await attach(name, entry);
      started = true;
    })().catch((err) => {
      // A database that was down must not leave the queue broken for good: the next call retries.
      starting = null;
      throw err;
    });
    return starting;
  };

  return {
    start,
    send: async (name, data, jobOptions = {}) => {
      await start();
      await ensureQueue(name, registered.get(name)?.options ?? jobOptions);
      return boss.send(name, data, {
        ...(jobOptions.retryLimit !== undefined ? { retryLimit: jobOptions.retryLimit } : {}),
        ...(jobOptions.expireInSeconds !== undefined ? { expireInSeconds: jobOptions.expireInSeconds } : {}),
      });
    },
    work: async (name, handler, jobOptions = {}) => {
      const entry: Registered = { handler: handler as JobHandler<object>, options: jobOptions };
      registered.set(name, entry);
      if (started) await attach(name, entry);
    },
    stop: async () => {
      if (stopped) return;
      stopped = true;
      if (!starting) return;
      // A start in progress must finish before pg-boss can stop cleanly.
      await starting.catch(() => {});
      shutdown.abort();
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}

/**
 * pg-boss's `executeSql` over our handle. pg-boss sends its schema set-up and maintenance as
 * several statements in one text without parameters, which PGlite's `query` (extended protocol)
 * refuses, so those go through `exec`; every other statement goes through `query`, which also
 * returns the rows that pg-boss reads back (versions, queue lists), parameters or not.
 */
function adaptHandle(db: DbHandle) {
  return async (text: string, values?: unknown[]): Promise<{ rows: unknown[] }> => {
    if ((!values || values.length === 0) && holdsSeveralStatements(text)) {
      await db.exec(text);
      return { rows: [] };
    }
    return db.query(text, values);
  };
}

/**
 * pg-boss wraps every multi-statement text in `BEGIN; … COMMIT;` (its advisory-locked
 * migrations and set-up); single statements never start with BEGIN.
 */
const holdsSeveralStatements = (text: string) => /^\s*BEGIN\s*;/i.test(text);
