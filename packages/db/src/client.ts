import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { PreparingClient } from './prepared';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A database or a transaction: repositories accept either. */
export type Executor = Database | Transaction;

export const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), '../migrations');

export interface DbHandle {
  db: Database;
  engine: 'pglite' | 'postgres';
  /** Runs SQL text that may hold several statements and no parameters. */
  exec(sqlText: string): Promise<void>;
  /** Runs one parameterised statement. */
  query<T = Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<{ rows: T[] }>;
  close(): Promise<void>;
  /**
   * PostgreSQL only: runs `fn` while this process holds the session advisory lock `key` on a
   * connection of its own, so nodes starting together take turns (migrations).
   */
  withAdvisoryLock?<T>(key: number, fn: () => Promise<T>): Promise<T>;
  /** PGlite only: the whole cluster as a tarball, for `loadDataDir`. */
  dump?(): Promise<Blob>;
  /**
   * How many statements `db` has sent so far (Drizzle's, transactions included): tests hold a
   * request or a function to its statement budget by the difference.
   */
  statements(): number;
  /**
   * The SQL text of the last `count` statements (at most `keptStatements`), oldest first: a test
   * whose budget concerns some tables only (background jobs send their own statements meanwhile)
   * looks at which ones a request sent.
   */
  lastStatements(count: number): string[];
}

const keptStatements = 200;

/** Counts the statements Drizzle sends (its logger hook is called once per statement). */
const statementCounter = () => {
  let count = 0;
  const recent: string[] = [];
  return {
    logger: {
      logQuery: (query: string) => {
        count++;
        recent.push(query);
        if (recent.length > keptStatements) recent.shift();
      },
    },
    statements: () => count,
    lastStatements: (n: number) => (n <= 0 ? [] : recent.slice(-n)),
  };
};

export interface OpenDatabaseOptions {
  /** postgres:// URL; when absent the embedded PGlite is used. */
  url?: string;
  /** PGlite data directory; absent means in memory. */
  dataDir?: string;
  /** PGlite only: start from this dump (`dumpDataDir`) instead of an empty cluster; tests use it. */
  loadDataDir?: Blob;
  poolSize?: number;
  /**
   * PostgreSQL only: how long a connection may sit idle before the pool closes it (pg's own default
   * is 10 s). The server keeps its connections for minutes: under a load that ebbs and flows, pg's
   * default closed a connection after every lull and opened a new one at the next burst, and a new
   * connection is a new backend with cold catalog caches and every statement prepared again (with
   * 10 000 sockets open, chat sends stalled for up to a second at each such turn; bench/README.md).
   */
  idleTimeoutMs?: number;
}

/**
 * The planner's price of reading a page out of order, against 1 for a page read in sequence.
 * PostgreSQL's default (4) is priced for spinning disks; a site's working set lives in memory (and
 * on SSD), where the two cost about the same. With the default, the grouped statements of the hot
 * paths (a group of chat messages, of send checks, of charges: rows from a JSON parameter the
 * planner counts as 100) read the whole conversations and members tables of a small site once per
 * group instead of looking each row up by its key: the check of 20 sends ran 2.0 ms instead of
 * 0.4 ms on 5 000 conversations (bench/README.md, "Planner").
 */
const randomPageCost = 1.1;
const sessionSettings = `-c random_page_cost=${randomPageCost}`;

/** Opens PostgreSQL (when a URL is given) or the embedded PGlite. */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<DbHandle> {
  if (options.url) {
    // Every data statement is prepared once per connection (prepared.ts), and PostgreSQL's own plan
    // cache decides when one plan for any values will do (after five runs, when it costs no more than
    // the plans made for the values). Planning took as long as running on the hot pages, and the
    // timeline's page reads a bounded window of entries, so its plan for any values reads no more
    // than the values' own (bench/README.md, "Prepared").
    const pool = new pg.Pool({
      connectionString: options.url,
      // Set for each connection unless the URL brings its own `options` (which then win).
      options: sessionSettings,
      max: options.poolSize ?? 10,
      idleTimeoutMillis: options.idleTimeoutMs ?? 10_000,
      Client: PreparingClient,
    });
    // An idle client that errors (server restart) must not crash the process.
    pool.on('error', () => {});
    const counter = statementCounter();
    const db = drizzleNodePg(pool, { schema, logger: counter.logger }) as unknown as Database;
    return {
      db,
      engine: 'postgres',
      statements: counter.statements,
      lastStatements: counter.lastStatements,
      exec: async (sqlText) => {
        await pool.query(sqlText);
      },
      query: async <T>(sqlText: string, params?: unknown[]) => {
        const r = await pool.query(sqlText, params as unknown[]);
        return { rows: r.rows as T[] };
      },
      close: () => pool.end(),
      withAdvisoryLock: async (key, fn) => {
        // A connection outside the pool: `fn` needs the pool's (a pool of one would wait forever).
        const client = new pg.Client({ connectionString: options.url });
        client.on('error', () => {});
        await client.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [key]);
          return await fn();
        } finally {
          // Ending the session releases the lock too, also when the unlock cannot be sent.
          await client.end().catch(() => {});
        }
      },
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
    // PGlite keeps PostgreSQL's shared buffers inside its WebAssembly memory, which never shrinks:
    // 128 MB by default, far more than one embedded site's working set needs.
    postgresqlconf: [
      `shared_buffers = ${process.env.PGLITE_SHARED_BUFFERS ?? '32MB'}`,
      `random_page_cost = ${randomPageCost}`,
    ],
  });
  const counter = statementCounter();
  const db = drizzlePglite(client, { schema, logger: counter.logger }) as unknown as Database;
  return {
    db,
    engine: 'pglite',
    statements: counter.statements,
    lastStatements: counter.lastStatements,
    exec: async (sqlText) => {
      await client.exec(sqlText);
    },
    query: async <T>(sqlText: string, params?: unknown[]) => {
      const r = await client.query<T>(sqlText, params);
      return { rows: r.rows };
    },
    close: () => client.close(),
    dump: async () => (await client.dumpDataDir('none')) as Blob,
  };
}

/**
 * Applies the committed SQL migrations; safe to run on every start. Tests of a migration pass a
 * folder holding only the migrations before it, to fill the tables as they were.
 */
/** The advisory lock migrations run under ("fanstage" as a number). */
export const migrationLockKey = 0x66616e73;

export async function migrateDatabase(
  handle: DbHandle,
  options: { migrationsFolder?: string } = {},
): Promise<void> {
  const config = { migrationsFolder: options.migrationsFolder ?? migrationsFolder };
  if (handle.engine === 'postgres') {
    // Several nodes may start at once on one database: one migrates, the others wait and then find
    // nothing left to do (without the lock two would apply the same migration and one would crash).
    const migrate = () => migrateNodePg(handle.db as never, config);
    await (handle.withAdvisoryLock ? handle.withAdvisoryLock(migrationLockKey, migrate) : migrate());
  } else {
    // One process owns a PGlite directory; calls within it still take turns.
    const previous = pgliteMigrations.get(handle) ?? Promise.resolve();
    const turn = previous.catch(() => {}).then(() => migratePglite(handle.db as never, config));
    pgliteMigrations.set(handle, turn);
    await turn;
  }
}

const pgliteMigrations = new WeakMap<DbHandle, Promise<unknown>>();
