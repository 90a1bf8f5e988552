import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DbHandle, migrateDatabase, migrationsFolder } from '@fanstage/db';
import { createTestDatabase } from '@fanstage/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * Migration 0019 (order_numbers) on a database that already holds orders: the orders placed
 * before it are numbered oldest first from 1001, and new orders continue after them.
 */

const numbersMigration = '0019_order_numbers';

let db: DbHandle;
let before: string;

/** A copy of the migrations folder that stops just before the order numbers. */
async function migrationsBeforeNumbers(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'fanstage-migrations-'));
  const journal = JSON.parse(await readFile(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const cut = journal.entries.findIndex((e) => e.tag === numbersMigration);
  expect(cut).toBeGreaterThan(0);
  const entries = journal.entries.slice(0, cut);
  await mkdir(join(folder, 'meta'));
  await writeFile(join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const entry of entries) {
    await cp(join(migrationsFolder, `${entry.tag}.sql`), join(folder, `${entry.tag}.sql`));
  }
  return folder;
}

beforeAll(async () => {
  before = await migrationsBeforeNumbers();
  db = await createTestDatabase({ migrate: false });
  await migrateDatabase(db, { migrationsFolder: before });
});
afterAll(async () => {
  await db.close();
  await rm(before, { recursive: true, force: true });
});

/**
 * A person as the users table was before the migration, in plain SQL: the factories write today's
 * schema, whose later columns this database does not have yet.
 */
async function insertUser(name: string): Promise<string> {
  const {
    rows: [user],
  } = await db.query<{ id: string }>(
    'INSERT INTO users (id, name) VALUES (gen_random_uuid(), $1) RETURNING id',
    [name],
  );
  return user!.id;
}

/** An order row as the table was before the migration (no number column yet). */
async function insertOrder(options: { fanId: string; performerId: string; name: string; placedAt: string }) {
  const {
    rows: [charge],
  } = await db.query<{ id: string }>(
    `INSERT INTO ledger_transactions (id, kind) VALUES (gen_random_uuid(), 'charge') RETURNING id`,
  );
  const {
    rows: [order],
  } = await db.query<{ id: string }>(
    `INSERT INTO orders (id, fan_id, performer_id, product_name, product_type, quantity, unit_price_cents,
       total_cents, delivery_status, transaction_id, created_at, updated_at)
     VALUES (gen_random_uuid(), $1, $2, $3, 'digital', 1, 500, 500, 'delivered', $4, $5, $5)
     RETURNING id`,
    [options.fanId, options.performerId, options.name, charge!.id, options.placedAt],
  );
  return order!.id;
}

describe('migration 0019_order_numbers', () => {
  it('numbers the orders placed before it oldest first from 1001, and new orders after them', async () => {
    const fan = await insertUser('Fan');
    const creator = await insertUser('Creator');
    const people = { fanId: fan, performerId: creator };
    // Stored newest first, so that numbering in storage order would give the wrong answer.
    const newest = await insertOrder({ ...people, name: 'Newest', placedAt: '2026-03-01T00:00:00Z' });
    const oldest = await insertOrder({ ...people, name: 'Oldest', placedAt: '2026-01-01T00:00:00Z' });
    const middle = await insertOrder({ ...people, name: 'Middle', placedAt: '2026-02-01T00:00:00Z' });

    await migrateDatabase(db);

    const numberOf = async (id: string) =>
      (await db.query<{ number: number }>('SELECT "number" FROM orders WHERE id = $1', [id])).rows[0]?.number;
    expect([await numberOf(oldest), await numberOf(middle), await numberOf(newest)]).toEqual([
      1001, 1002, 1003,
    ]);
    const next = await insertOrder({ ...people, name: 'After', placedAt: '2026-04-01T00:00:00Z' });
    expect(await numberOf(next)).toBe(1004);
  });
});
