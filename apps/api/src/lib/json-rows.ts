import { sql } from '@fanstage/db';
import { getTableColumns, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/*
 * Rows of another table carried inside one query's row as JSON (a post's files, a profile's welcome
 * video), so a page or a profile is one statement: `jsonOf` builds the object in SQL, `decodeRow`
 * reads it back as Drizzle would have read the table (dates, numbers, jsonb).
 */

/** `json_build_object` of every column of a table under its TypeScript name (decoded by `decodeRow`). */
export function jsonOf(table: PgTable, alias: string): SQL {
  const parts = Object.entries(getTableColumns(table)).map(
    ([key, column]) => `'${key}', ${alias}."${(column as PgColumn).name}"`,
  );
  return sql.raw(`json_build_object(${parts.join(', ')})`);
}

/** A row read back from `jsonOf`, with each column's own decoding (dates, numbers, jsonb). */
export function decodeRow<T>(table: PgTable, raw: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[key];
    out[key] = value === null || value === undefined ? null : (column as PgColumn).mapFromDriverValue(value);
  }
  return out as T;
}

/** A json column as the driver hands it: parsed already, or as text. */
export const parsed = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
