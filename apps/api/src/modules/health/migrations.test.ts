import { migrateDatabase, sql } from '@fanstage/db';
import { createTestDatabase } from '@fanstage/db/testing';
import { describe, expect, it } from 'vitest';

describe('migrations at start', () => {
  it('let nodes that start together on one database take turns: each finishes, each migration applied once', async () => {
    const db = await createTestDatabase({ migrate: false });
    try {
      // Three "nodes" migrating at once (on PostgreSQL each on connections of its own).
      await Promise.all([migrateDatabase(db), migrateDatabase(db), migrateDatabase(db)]);
      const applied = await db.db.execute(
        sql`select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash`,
      );
      const rows = (applied as unknown as { rows: { n: number }[] }).rows;
      expect(rows.length).toBeGreaterThan(30);
      expect(rows.every((r) => r.n === 1)).toBe(true);
      // A node started later finds nothing to do.
      await migrateDatabase(db);
    } finally {
      await db.close();
    }
  });
});
