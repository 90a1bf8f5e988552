import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type DbHandle, migrateDatabase, openDatabase } from './client';

/**
 * A clean, migrated database for one test file: a fresh in-memory PGlite, or, when
 * TEST_DATABASE_URL is set, a new database created on that server and dropped on close.
 * `migrate: false` leaves it empty, for tests that apply migrations themselves.
 */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<DbHandle> {
  const shouldMigrate = options.migrate ?? true;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase();
    if (shouldMigrate) await migrateDatabase(handle);
    return handle;
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize: 5 });
  if (shouldMigrate) await migrateDatabase(handle);
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
