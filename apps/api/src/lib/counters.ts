import { sql, type Transaction } from '@fanstage/db';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';

/** A cached counter column on some table, found by the row's key column. */
export interface CounterColumn {
  table: PgTable;
  key: AnyPgColumn;
  counter: AnyPgColumn;
}

/**
 * Adds `by` to one row's counter inside the caller's transaction (so the counter moves with the fact it
 * counts) and answers the new value, or 0 when the row is gone.
 */
export async function bumpCounter(
  tx: Transaction,
  column: CounterColumn,
  id: string,
  by: number,
): Promise<number> {
  const { table, key, counter } = column;
  const result = await tx.execute(
    sql`update ${table} set ${sql.identifier(counter.name)} = ${counter} + ${by} where ${key} = ${id} returning ${counter} as n`,
  );
  // node-postgres and PGlite both answer { rows }.
  const rows = (result as unknown as { rows: { n: number | string }[] }).rows;
  return Number(rows[0]?.n ?? 0);
}
