import { openDatabase, statementName, users } from '@fanstage/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers';

// packages/db/src/prepared.ts: on PostgreSQL every data statement is prepared once per connection.
describe('prepared statements', () => {
  it('names a data statement by its text, the same text always the same name', () => {
    const a = statementName('select "id" from "users" where "id" = $1');
    expect(a).toMatch(/^q_[\w-]{32}$/);
    expect(statementName('select "id" from "users" where "id" = $1')).toBe(a);
    expect(statementName('select "id" from "users" where "email" = $1')).not.toBe(a);
    expect(statementName('  WITH x as (select 1) select * from x')).toBeDefined();
    expect(statementName('update "users" set "name" = $1')).toBeDefined();
  });

  it('sends schema changes and transaction control unnamed', () => {
    expect(statementName('create table t (id int)')).toBeUndefined();
    expect(statementName('alter table "users" add column x int')).toBeUndefined();
    expect(statementName('begin')).toBeUndefined();
    expect(statementName('set local statement_timeout = 1000')).toBeUndefined();
  });

  // packages/db/src/client.ts: the planner prices a look-up by key for memory, not spinning disks.
  it("prices out-of-order page reads at 1.1 on the server's connections", async () => {
    const t = await createTestApp();
    try {
      const { rows } = await t.ctx.db.query<{ cost: string }>(
        "select current_setting('random_page_cost') as cost",
      );
      expect(rows[0]?.cost).toBe('1.1');
    } finally {
      await t.close();
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)('keeps the options a DATABASE_URL brings', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.searchParams.set('options', '-c random_page_cost=2.5');
    const db = await openDatabase({ url: url.toString(), poolSize: 1 });
    try {
      const { rows } = await db.query<{ cost: string }>("select current_setting('random_page_cost') as cost");
      expect(rows[0]?.cost).toBe('2.5');
    } finally {
      await db.close();
    }
  });

  describe.runIf(process.env.TEST_DATABASE_URL)('on PostgreSQL', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('prepares a statement once on a connection and reuses it', async () => {
      const query = t.ctx.db.db.select({ id: users.id }).from(users).limit(1);
      const name = statementName(query.toSQL().sql);
      await t.ctx.db.db.transaction(async (tx) => {
        const seen = async () => {
          const result = await tx.execute(
            sql`select name, generic_plans + custom_plans as calls from pg_prepared_statements`,
          );
          return (result as unknown as { rows: { name: string; calls: string }[] }).rows;
        };
        await tx.select({ id: users.id }).from(users).limit(1);
        await tx.select({ id: users.id }).from(users).limit(1);
        await tx.select({ id: users.id }).from(users).limit(1);
        const prepared = (await seen()).find((r) => r.name === name);
        expect(prepared, 'the select is prepared on the connection').toBeDefined();
        expect(Number(prepared?.calls)).toBeGreaterThanOrEqual(3);
      });
    });

    it('closes an idle connection after idleTimeoutMs, and keeps one with a longer time', async () => {
      // The server keeps its connections for minutes (server.ts): a new one is a cold backend.
      const url = process.env.TEST_DATABASE_URL!;
      const brief = await openDatabase({ url, poolSize: 1, idleTimeoutMs: 150 });
      const kept = await openDatabase({ url, poolSize: 1, idleTimeoutMs: 60_000 });
      try {
        const pidOf = async (handle: typeof brief) =>
          (await handle.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
        const [briefPid, keptPid] = [await pidOf(brief), await pidOf(kept)];
        const alive = async () => {
          const { rows } = await kept.query<{ pid: number }>(
            'select pid from pg_stat_activity where pid = any($1::int[])',
            [[briefPid, keptPid]],
          );
          return rows.map((r) => r.pid).sort();
        };
        expect(await alive()).toEqual([briefPid, keptPid].sort());
        await vi.waitFor(async () => expect(await alive()).toEqual([keptPid]), {
          timeout: 5000,
          interval: 100,
        });
        expect(await pidOf(kept), 'the same connection, not a new one').toBe(keptPid);
      } finally {
        await brief.close();
        await kept.close();
      }
    });

    it('answers requests on the pool as before (a page read twice, the same answer)', async () => {
      const first = await t.app.inject({ method: 'GET', url: '/api/settings/public' });
      const second = await t.app.inject({ method: 'GET', url: '/api/settings/public' });
      expect(first.statusCode).toBe(200);
      expect(second.json()).toEqual(first.json());
    });
  });
});
