import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type DbHandle, migrateDatabase, migrationsFolder, openDatabase } from './client';

/**
 * The migrations' fingerprint: a snapshot or template made from other migrations is never reused.
 */
function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(entry.name).update(readFileSync(path));
    }
  };
  walk(migrationsFolder);
  return hash.digest('hex').slice(0, 16);
}

/**
 * A migrated PGlite cluster as a tarball, made once per set of migrations and kept in the temp
 * folder: starting from it takes half a second where initdb plus the migrations take five.
 * Two test workers that miss it at once both build it; the rename makes either copy whole.
 */
async function migratedPgliteSnapshot(): Promise<Blob> {
  const dir = join(tmpdir(), 'fanstage-test-snapshots');
  const file = join(dir, `pglite-${migrationsHash()}.tar`);
  try {
    return new Blob([await readFile(file)]);
  } catch {
    const handle = await openDatabase();
    await migrateDatabase(handle);
    const dump = await handle.dump?.();
    await handle.close();
    if (!dump) throw new Error('PGlite gave no dump');
    await mkdir(dir, { recursive: true });
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
    return dump;
  }
}

/**
 * A migrated template database on the test server, made once per set of migrations (under an
 * advisory lock, so parallel workers wait for one another); each test database is a copy of it.
 */
async function migratedTemplate(serverUrl: string): Promise<string> {
  const name = `fanstage_tpl_${migrationsHash()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query('SELECT pg_advisory_lock(727001)');
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      const building = `${name}_building`;
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${building}`);
      const url = new URL(serverUrl);
      url.pathname = `/${building}`;
      const handle = await openDatabase({ url: url.toString(), poolSize: 1 });
      await migrateDatabase(handle);
      await handle.close();
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    }
  } finally {
    await admin.query('SELECT pg_advisory_unlock(727001)').catch(() => {});
    await admin.end();
  }
  return name;
}

/**
 * A clean, migrated database for one test file: a fresh in-memory PGlite, or, when
 * TEST_DATABASE_URL is set, a new database created on that server and dropped on close.
 * Both start from a migrated copy (a PGlite snapshot, a PostgreSQL template) made once.
 * `migrate: false` leaves it empty, for tests that apply migrations themselves.
 */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<DbHandle> {
  const shouldMigrate = options.migrate ?? true;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    if (!shouldMigrate) return openDatabase();
    return openDatabase({ loadDataDir: await migratedPgliteSnapshot() });
  }
  const template = shouldMigrate ? await migratedTemplate(serverUrl) : undefined;
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize: 5 });
  const close = handle.close;
  handle.close = async () => {
    await close();
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  };
  return handle;
}
