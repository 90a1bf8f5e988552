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

/**
 * When recurring work runs. `cron` (UTC, minute precision) is a pg-boss schedule: a row in the
 * queue's tables that the one node holding pg-boss's cron lock turns into one job per time, so two
 * nodes on one database never both run it. `everySeconds` (below a minute, which cron cannot do):
 * every node asks for the job on a timer, but the job is a pg-boss singleton of its time slot
 * (`singletonKey` + `singletonSeconds`, a unique index), so the work still runs once per slot.
 */
export type JobSchedule = { cron: string } | { everySeconds: number };

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
  /**
   * Registers recurring work: its handler (a worker, like `work`) and when it runs. The schedules
   * are written when the queue starts (`server.ts` starts it at boot); with `schedules: false`
   * (tests) only the worker is registered, so a test runs the job by sending it.
   */
  schedule(name: string, when: JobSchedule, handler: JobHandler<object>, options?: JobOptions): Promise<void>;
  /** The recurring work registered on this node, by name (ARCHITECTURE.md lists them). */
  schedules(): ReadonlyMap<string, JobSchedule>;
  /** Jobs waiting to run (created or to retry) by queue, and the age of the oldest in seconds; none before the queue started. */
  waiting(): Promise<{ name: string; n: number; age: number }[]>;
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
/** The advisory lock a node holds while it sets the queue up ("fanstage" + 1 as a number). */
const queueStartLockKey = 0x66616e74;

export function createJobQueue(options: {
  db: DbHandle;
  databaseUrl?: string;
  log: FastifyBaseLogger;
  pollingIntervalSeconds: number;
  /** The PostgreSQL schema of the queue's tables (pg-boss's default is `pgboss`). */
  schema?: string;
  /** Whether this node takes part in recurring work (cron and sub-minute triggers); off in tests. */
  schedules?: boolean;
}): JobQueue {
  const { log } = options;
  const runSchedules = options.schedules ?? true;
  // pg-boss's cron check (once a minute at most per schedule) and the worker that turns a due
  // schedule into its job: both poll, so a short poll in tests makes a schedule run promptly.
  const cronWorkerIntervalSeconds = Math.min(45, Math.max(1, Math.ceil(options.pollingIntervalSeconds)));
  // How often each node tries to take the cron turn (pg-boss's default, 30 s, at the usual 2 s poll).
  // A schedule first written at boot is due at the next turn after it, so a short poll means a short wait.
  const cronMonitorIntervalSeconds = Math.min(
    30,
    Math.max(1, Math.ceil(options.pollingIntervalSeconds * 15)),
  );
  /** Set once pg-boss has stopped: a timer of its that fires later touches no database (it may be closed). */
  let finished = false;
  const boss = new PgBoss({
    ...(options.schema ? { schema: options.schema } : {}),
    schedule: runSchedules,
    cronWorkerIntervalSeconds,
    cronMonitorIntervalSeconds,
    ...(options.databaseUrl && options.db.engine === 'postgres'
      ? { connectionString: options.databaseUrl, max: 4 }
      : { db: { executeSql: adaptHandle(options.db, () => finished) } }),
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));

  const registered = new Map<string, Registered>();
  const recurring = new Map<string, JobSchedule>();
  const triggers: NodeJS.Timeout[] = [];
  const createdQueues = new Set<string>();
  let starting: Promise<void> | null = null;
  let started = false;
  let stopped = false;
  const shutdown = new AbortController();

  const ensureQueue = async (name: string, jobOptions: JobOptions) => {
    if (createdQueues.has(name)) return;
    // createQueue is idempotent in pg-boss 10 (ON CONFLICT DO NOTHING), but it creates the queue's
    // table: two nodes creating the same queue at once can deadlock, or find the table made
    // between their check and their CREATE. Both are safe to try again.
    for (let attempt = 1; ; attempt++) {
      try {
        await boss.createQueue(name, {
          name,
          retryLimit: jobOptions.retryLimit ?? 2,
          expireInSeconds: jobOptions.expireInSeconds ?? 15 * 60,
        });
        break;
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (attempt >= 5 || !(code === '40P01' || code === '42P07' || code === '23505')) throw err;
        await new Promise((r) => setTimeout(r, 50 * attempt + Math.random() * 100));
      }
    }
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

  /** A sub-minute job of its time slot: however many nodes ask, one job per slot exists. */
  const sendSlot = (name: string, everySeconds: number) =>
    boss.send(name, {}, { singletonKey: name, singletonSeconds: everySeconds });

  /** Writes this node's schedules and starts its sub-minute triggers (`only`: one registered late). */
  const applySchedules = async (only?: string) => {
    if (!runSchedules) return;
    const mine = [...recurring].filter(([name]) => only === undefined || name === only);
    if (only === undefined) {
      // A schedule that no node registers any more (a renamed job) goes; the others are upserted.
      for (const { name } of await boss.getSchedules()) if (!recurring.has(name)) await boss.unschedule(name);
    }
    for (const [name, when] of mine) {
      if ('cron' in when) {
        // The same row from every node: an upsert by name.
        await boss.schedule(name, when.cron, {}, { tz: 'UTC' });
        continue;
      }
      const trigger = () => {
        sendSlot(name, when.everySeconds).catch((err: unknown) =>
          log.error({ err }, `could not queue ${name}`),
        );
      };
      trigger();
      const timer = setInterval(trigger, when.everySeconds * 1000);
      timer.unref();
      triggers.push(timer);
    }
  };

  const start = () => {
    if (stopped) return Promise.reject(new Error('The job queue has been stopped.'));
    const startUp = async () => {
      await boss.start();
      for (const [name, entry] of registered) await attach(name, entry);
      await applySchedules();
    };
    starting ??= (async () => {
      // Nodes starting together take turns creating pg-boss's tables and queues (at once they
      // deadlocked: "deadlock detected" in createQueue, and the node stopped).
      const lock = options.db.withAdvisoryLock;
      await (lock ? lock(queueStartLockKey, startUp) : startUp());
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
    schedule: async (name, when, handler, jobOptions = {}) => {
      if ('everySeconds' in when && !(when.everySeconds >= 1 && when.everySeconds < 60)) {
        throw new Error(`${name}: everySeconds is for sub-minute work (1–59); use a cron expression.`);
      }
      const entry: Registered = { handler, options: jobOptions };
      recurring.set(name, when);
      registered.set(name, entry);
      if (started) {
        await attach(name, entry);
        await applySchedules(name);
      }
    },
    schedules: () => recurring,
    waiting: async () => {
      // Before the start finished, pg-boss may be creating its tables on this very connection.
      if (!started || stopped) return [];
      const { rows } = await boss.getDb().executeSql(
        `select name, count(*)::int as n, extract(epoch from now() - min(created_on))::float8 as age
             from ${options.schema ?? 'pgboss'}.job where state in ('created', 'retry') group by name`,
        [],
      );
      return rows.map((r) => ({ name: String(r.name), n: Number(r.n), age: Number(r.age) }));
    },
    stop: async () => {
      if (stopped) return;
      stopped = true;
      for (const timer of triggers) clearInterval(timer);
      if (!starting) return;
      // A start in progress must finish before pg-boss can stop cleanly.
      await starting.catch(() => {});
      shutdown.abort();
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      finished = true;
    },
  };
}

/**
 * pg-boss's `executeSql` over our handle. pg-boss sends its schema set-up and maintenance as
 * several statements in one text without parameters, which PGlite's `query` (extended protocol)
 * refuses, so those go through `exec`; every other statement goes through `query`, which also
 * returns the rows that pg-boss reads back (versions, queue lists), parameters or not.
 */
export function adaptHandle(db: DbHandle, isFinished: () => boolean) {
  return async (text: string, values?: unknown[]): Promise<{ rows: unknown[] }> => {
    // After the queue stopped, whoever opened the handle may close it; a statement pg-boss still sends
    // then (a poll or maintenance timer that outlived its stop, or the complete or fail of a job that
    // ran past the stop's wait, which pg-boss sends without awaiting) finds nothing, instead of failing
    // unhandled on a closed pool. A count it reads (complete and fail read `rows[0].count`) is 0.
    if (isFinished()) return { rows: countsRows(text) ? [{ count: '0' }] : [] };
    if ((!values || values.length === 0) && holdsSeveralStatements(text)) {
      await db.exec(text);
      return { rows: [] };
    }
    return db.query(text, values);
  };
}

/** A statement whose answer is one row with a count (pg-boss's complete, fail, cancel, queue size). */
const countsRows = (text: string) => /\bselect\s+count\(\*\)(\s+as\s+count)?\s+from\b/i.test(text);

/**
 * pg-boss wraps every multi-statement text in `BEGIN; … COMMIT;` (its advisory-locked
 * migrations and set-up); single statements never start with BEGIN.
 */
const holdsSeveralStatements = (text: string) => /^\s*BEGIN\s*;/i.test(text);
