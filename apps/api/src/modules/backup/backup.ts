import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createGzip, gunzip } from 'node:zlib';
import { type DbHandle, migrateDatabase, openDatabase, sql } from '@fanstage/db';
import { z } from 'zod';
import { createLocalStorage, type Storage } from '../files/storage';
import { type LedgerReport, reconcileLedger, rowsOf } from '../wallet';

/** The newest backup layout this code writes and reads. */
export const backupFormatVersion = 1;

/** Bad input or a target that must not be touched, said in one sentence; nothing was changed. */
export class BackupRefusal extends Error {
  override name = 'BackupRefusal';
}

const databaseFiles = { postgres: 'database.pgdump', pglite: 'database.pglite.tar.gz' } as const;

const ledgerFigures = z.object({
  ok: z.boolean(),
  transactions: z.number().int().nonnegative(),
  entries: z.number().int().nonnegative(),
  accounts: z.number().int().nonnegative(),
  totalsByKind: z.record(z.string(), z.number().int()),
});

const manifestSchema = z.object({
  format: z.literal('fanstage-backup'),
  version: z.number().int().positive(),
  createdAt: z.iso.datetime(),
  engine: z.enum(['postgres', 'pglite']),
  database: z.object({
    file: z.enum([databaseFiles.postgres, databaseFiles.pglite]),
    bytes: z.number().int().nonnegative(),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  files: z.object({ count: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() }),
  ledger: ledgerFigures,
});

/** manifest.json: what a backup holds, and the ledger's figures when it was taken. */
export type BackupManifest = z.infer<typeof manifestSchema>;

/** Programs to run instead of pg_dump and pg_restore from PATH. */
export interface PgTools {
  pgDump?: string;
  pgRestore?: string;
}

export interface FileProgress {
  count: number;
  bytes: number;
}

export interface BackupOptions {
  db: DbHandle;
  storage: Storage;
  /** PostgreSQL: the URL pg_dump reads, the site's DATABASE_URL. */
  databaseUrl?: string;
  /** The backup folder: made when missing, refused when it holds anything. */
  to: string;
  onFile?: (key: string, done: FileProgress) => void;
  tools?: PgTools;
}

export interface BackupResult {
  dir: string;
  manifest: BackupManifest;
  /** The reconciliation the manifest's figures come from, with its problems if any. */
  ledger: LedgerReport;
  /** Keys listed but gone before they could be read (removed while the backup ran). */
  vanished: string[];
}

/**
 * Writes a backup folder: the database (pg_dump's custom format, or PGlite's data directory as a
 * tarball), files/<key> for every stored key, and manifest.json, written last: a folder without
 * one is a backup that did not finish.
 */
export async function backupSite(options: BackupOptions): Promise<BackupResult> {
  const dir = resolve(options.to);
  const existed = await ensureEmptyFolder(dir);
  try {
    return await writeBackup(dir, options);
  } catch (err) {
    // An unfinished backup is no backup: leave the folder as it was.
    await rm(dir, { recursive: true, force: true });
    if (existed) await mkdir(dir, { recursive: true });
    throw err;
  }
}

async function writeBackup(dir: string, options: BackupOptions): Promise<BackupResult> {
  const engine = options.db.engine;
  const databaseFile = join(dir, databaseFiles[engine]);

  // The database goes first, then the files. The site writes a file before the row that names it,
  // so every file the dump refers to is already stored when the files are copied; a file written
  // later is only an orphan in the backup. Copying the files first could miss files of rows the
  // dump then holds.
  let ledger: LedgerReport;
  if (engine === 'postgres') {
    if (!options.databaseUrl) {
      throw new BackupRefusal('A PostgreSQL site needs its DATABASE_URL to be backed up.');
    }
    const url = options.databaseUrl;
    // pg_dump reads the snapshot this transaction exported, so the ledger's figures in the manifest
    // are those of the dump even while the site takes payments.
    ledger = await options.db.db.transaction(
      async (tx) => {
        const [row] = rowsOf<{ id: string }>(await tx.execute(sql`SELECT pg_export_snapshot() AS id`));
        // Both settle before the transaction ends, so pg_dump never outlives its snapshot.
        const [report, dumped] = await Promise.allSettled([
          reconcileLedger(tx),
          runPgTool('pg_dump', options.tools?.pgDump, url, [
            '--format=custom',
            '--no-owner',
            '--no-privileges',
            `--snapshot=${row?.id}`,
            `--file=${databaseFile}`,
          ]),
        ]);
        if (dumped.status === 'rejected') throw dumped.reason;
        if (report.status === 'rejected') throw report.reason;
        return report.value;
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  } else {
    // The embedded database belongs to this one process (the CLI runs with the site stopped).
    ledger = await reconcileLedger(options.db.db);
    await options.db.exec('CHECKPOINT');
    const dump = await options.db.dump?.();
    if (!dump) throw new Error('This PGlite handle cannot dump its data directory.');
    await pipeline(Readable.fromWeb(dump.stream() as never), createGzip(), createWriteStream(databaseFile));
  }

  const into = createLocalStorage(join(dir, 'files'));
  const done: FileProgress = { count: 0, bytes: 0 };
  const vanished: string[] = [];
  for await (const key of options.storage.list()) {
    const file = await options.storage.read(key);
    if (!file) {
      vanished.push(key);
      continue;
    }
    await into.putStream(key, file.stream);
    done.count += 1;
    done.bytes += file.size;
    options.onFile?.(key, done);
  }

  const manifest: BackupManifest = {
    format: 'fanstage-backup',
    version: backupFormatVersion,
    createdAt: new Date().toISOString(),
    engine,
    database: { file: databaseFiles[engine], ...(await fingerprint(databaseFile)) },
    files: { ...done },
    ledger: {
      ok: ledger.ok,
      transactions: ledger.transactions,
      entries: ledger.entries,
      accounts: ledger.accounts,
      totalsByKind: ledger.totalsByKind,
    },
  };
  const part = join(dir, 'manifest.json.part');
  await writeFile(part, `${JSON.stringify(manifest, null, 2)}\n`);
  await rename(part, join(dir, 'manifest.json'));
  return { dir, manifest, ledger, vanished };
}

export interface RestoreOptions {
  /** A folder written by backupSite. */
  from: string;
  /** Where the files go (the target site's storage). */
  storage: Storage;
  /** PostgreSQL: the target database, which must hold no tables. */
  databaseUrl?: string;
  /** Embedded: the PGlite data directory to create (DATA_DIR/db), which must be missing or empty. */
  dataDir?: string;
  onFile?: (key: string, done: FileProgress) => void;
  tools?: PgTools;
}

export interface RestoreResult {
  /** The ledger balances and its figures are those of the backup. */
  ok: boolean;
  manifest: BackupManifest;
  files: FileProgress;
  ledger: LedgerReport;
  /** Sentences naming each ledger figure that differs from the backup's; empty when they match. */
  differences: string[];
}

/**
 * Restores a backup into an empty database and a storage: the database (then the migrations this
 * version adds), then the files, then the ledger is reconciled and compared with the manifest.
 * Everything is checked before anything is written: a bad folder or a target that already holds a
 * database is refused with a BackupRefusal.
 */
export async function restoreSite(options: RestoreOptions): Promise<RestoreResult> {
  const from = resolve(options.from);
  const manifest = await readManifest(from);
  if (manifest.engine === 'postgres' && !options.databaseUrl) {
    throw new BackupRefusal(
      'This is a backup of a PostgreSQL site: set DATABASE_URL to the empty database to restore it into.',
    );
  }
  if (manifest.engine === 'pglite' && (options.databaseUrl || !options.dataDir)) {
    throw new BackupRefusal(
      'This is a backup of the embedded database (PGlite): restore it without DATABASE_URL, into a new DATA_DIR.',
    );
  }
  const databaseFile = join(from, manifest.database.file);
  const found = await fingerprint(databaseFile).catch(() => null);
  if (!found) {
    throw new BackupRefusal(`The backup's database file ${manifest.database.file} is missing.`);
  }
  if (found.bytes !== manifest.database.bytes || found.sha256 !== manifest.database.sha256) {
    throw new BackupRefusal(
      `The backup's database file ${manifest.database.file} does not match its manifest: it is damaged or was changed.`,
    );
  }
  const source = createLocalStorage(join(from, 'files'));
  const held = await measure(source);
  if (held.count !== manifest.files.count || held.bytes !== manifest.files.bytes) {
    throw new BackupRefusal(
      `The backup's files folder holds ${held.count} files (${held.bytes} bytes) where its manifest lists ${manifest.files.count} (${manifest.files.bytes} bytes): the backup is incomplete or was changed.`,
    );
  }

  const handle =
    manifest.engine === 'postgres'
      ? await restorePostgres(databaseFile, options.databaseUrl as string, options.tools)
      : await restorePglite(databaseFile, options.dataDir as string);
  try {
    // A backup of an older version gets the migrations added since.
    await migrateDatabase(handle);
    const done: FileProgress = { count: 0, bytes: 0 };
    for await (const key of source.list()) {
      const file = await source.read(key);
      if (!file) continue;
      await options.storage.putStream(key, file.stream);
      done.count += 1;
      done.bytes += file.size;
      options.onFile?.(key, done);
    }
    const ledger = await reconcileLedger(handle.db);
    const differences = compareLedger(manifest.ledger, ledger);
    return { ok: ledger.ok && differences.length === 0, manifest, files: done, ledger, differences };
  } finally {
    await handle.close();
  }
}

/** Reads and checks manifest.json; any fault is a BackupRefusal naming it. */
export async function readManifest(from: string): Promise<BackupManifest> {
  const folder = await stat(from).catch(() => null);
  if (!folder?.isDirectory()) throw new BackupRefusal(`There is no backup folder at ${from}.`);
  let text: string;
  try {
    text = await readFile(join(from, 'manifest.json'), 'utf8');
  } catch {
    throw new BackupRefusal(
      `${from} has no manifest.json: it is not a backup, or the backup did not finish.`,
    );
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new BackupRefusal(`${join(from, 'manifest.json')} is damaged: it is not valid JSON.`);
  }
  const version = (data as { version?: unknown } | null)?.version;
  if (typeof version === 'number' && version > backupFormatVersion) {
    throw new BackupRefusal(
      `This backup has format ${version}, newer than this version of Fanstage reads (${backupFormatVersion}): update Fanstage first.`,
    );
  }
  const parsed = manifestSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` (at ${issue.path.join('.')})` : '';
    throw new BackupRefusal(
      `${join(from, 'manifest.json')} is not a Fanstage backup manifest${where}: ${issue?.message ?? 'unreadable'}.`,
    );
  }
  return parsed.data;
}

/** Sentences for each figure of `now` that differs from the backup's. */
function compareLedger(backup: BackupManifest['ledger'], now: LedgerReport): string[] {
  const differences: string[] = [];
  for (const name of ['transactions', 'entries', 'accounts'] as const) {
    if (backup[name] !== now[name]) {
      differences.push(
        `The backup had ${backup[name]} ledger ${name}; the restored database has ${now[name]}.`,
      );
    }
  }
  const kinds = new Set([...Object.keys(backup.totalsByKind), ...Object.keys(now.totalsByKind)]);
  for (const kind of [...kinds].sort()) {
    const [was, is] = [backup.totalsByKind[kind] ?? 0, now.totalsByKind[kind] ?? 0];
    if (was !== is) {
      differences.push(`The ${kind} accounts held ${was} cents in the backup; they hold ${is} now.`);
    }
  }
  return differences;
}

async function restorePostgres(file: string, url: string, tools: PgTools | undefined): Promise<DbHandle> {
  const handle = await openDatabase({ url, poolSize: 2 });
  try {
    const { rows } = await handle.query<{ name: string }>(
      `SELECT schemaname || '.' || tablename AS name FROM pg_tables
       WHERE schemaname NOT IN ('pg_catalog', 'information_schema')
       ORDER BY schemaname <> 'public', 1`,
    );
    if (rows.length > 0) {
      const names = rows.map((r) => r.name);
      const shown = names.length > 3 ? `${names.slice(0, 3).join(', ')}, …` : names.join(', ');
      throw new BackupRefusal(
        `The target database is not empty (it holds ${rows.length} table${rows.length === 1 ? '' : 's'}: ${shown}): restore only into a new, empty database, never over a live site.`,
      );
    }
    // One transaction: when pg_restore fails, the database is left as empty as it was.
    await runPgTool('pg_restore', tools?.pgRestore, url, [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      file,
    ]);
    return handle;
  } catch (err) {
    await handle.close();
    throw err;
  }
}

async function restorePglite(file: string, dataDir: string): Promise<DbHandle> {
  const dir = resolve(dataDir);
  const entries = await readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw err;
  });
  if (entries && entries.length > 0) {
    throw new BackupRefusal(
      `${dir} is not empty (a database lives there): restore only into a new DATA_DIR, never over a live site.`,
    );
  }
  let tarball: Buffer;
  try {
    tarball = await promisify(gunzip)(await readFile(file));
  } catch {
    throw new BackupRefusal(
      `The backup's database file ${basename(file)} is damaged: it is not a gzip file.`,
    );
  }
  try {
    return await openDatabase({ dataDir: dir, loadDataDir: new Blob([new Uint8Array(tarball)]) });
  } catch (err) {
    // Leave the folder as it was: missing, or empty.
    await rm(dir, { recursive: true, force: true });
    if (entries) await mkdir(dir, { recursive: true });
    throw err;
  }
}

/** Runs pg_dump or pg_restore on `url` with `args` (no shell); rejects with its error output. */
function runPgTool(name: string, command: string | undefined, url: string, args: string[]): Promise<void> {
  const { dbname, env } = connectionOf(url);
  return new Promise((done, fail) => {
    const child = spawn(command ?? name, [...args, `--dbname=${dbname}`], {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      errors = (errors + chunk).slice(-4000);
    });
    child.on('error', (err: NodeJS.ErrnoException) => {
      fail(
        err.code === 'ENOENT'
          ? new BackupRefusal(
              `${name} is not installed: install PostgreSQL's client tools (Debian: postgresql-client)`,
            )
          : err,
      );
    });
    child.on('close', (code, signal) => {
      if (code === 0) done();
      else fail(new Error(`${name} failed (${signal ?? `exit ${code}`}): ${errors.trim() || 'no message'}`));
    });
  });
}

/** The password travels in PGPASSWORD, not in the arguments, which every user's `ps` shows. */
function connectionOf(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  try {
    const parsed = new URL(url);
    if (parsed.password) {
      const password = decodeURIComponent(parsed.password);
      parsed.password = '';
      return { dbname: parsed.toString(), env: { ...process.env, PGPASSWORD: password } };
    }
  } catch {
    // Not a URL (a libpq key=value string): passed on as it is.
  }
  return { dbname: url, env: process.env };
}

/** Makes `dir` unless it is there and empty; says whether it was there. */
async function ensureEmptyFolder(dir: string): Promise<boolean> {
  const entries = await readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    if (err.code === 'ENOTDIR')
      throw new BackupRefusal(`${dir} is a file: back up into a new or empty folder.`);
    throw err;
  });
  if (entries && entries.length > 0) {
    throw new BackupRefusal(`${dir} is not empty: back up into a new or empty folder.`);
  }
  await mkdir(dir, { recursive: true });
  return entries !== null;
}

async function fingerprint(path: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

async function measure(storage: Storage): Promise<FileProgress> {
  const total: FileProgress = { count: 0, bytes: 0 };
  for await (const key of storage.list()) {
    total.count += 1;
    total.bytes += (await storage.stat(key))?.size ?? 0;
  }
  return total;
}
