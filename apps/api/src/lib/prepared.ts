import type { DbHandle } from '@fanstage/db';
import type { Placeholder, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/*
 * Hot queries built once and then only executed. Building a select in Drizzle (walking its SQL
 * chunks, checking each entity, naming each column) cost the server more time per request than
 * PostgreSQL took to run the statement. A query whose text depends on the request's options
 * (a filter present or not) is built once per *shape*: the options that change the text make the
 * shape's key, every value travels as a placeholder. Each built query is a named prepared
 * statement, so each connection also parses and plans it once.
 */

/** A value of a query that is built either with the value itself or with a placeholder for it. */
export type Param<T> = T | Placeholder;

/**
 * A cache of built queries per database handle and shape: `build(handle, shape)` runs once for each
 * pair, and the shape (a short string of the options that change the text) names the statement.
 */
export function preparedPerShape<Q>(build: (handle: DbHandle, shape: string) => Q) {
  const byHandle = new WeakMap<DbHandle, Map<string, Q>>();
  return (handle: DbHandle, shape: string): Q => {
    let shapes = byHandle.get(handle);
    if (!shapes) {
      shapes = new Map();
      byHandle.set(handle, shapes);
    }
    let query = shapes.get(shape);
    if (query === undefined) {
      query = build(handle, shape);
      shapes.set(shape, query);
    }
    return query;
  };
}

/** A timestamp parameter as PostgreSQL reads it (`${timestamp(now)}::timestamptz` in raw SQL). */
export const timestampParam = (value: Param<Date>): Param<string> =>
  value instanceof Date ? value.toISOString() : value;

const dialect = new PgDialect();

/**
 * A raw statement (`sql` with placeholders) built once and prepared under `name` on the handle's own
 * session, for the hot writes no query builder expresses (a data-modifying WITH). Executing it answers
 * the driver's result (`rows` as objects), like `db.execute`, and counts as one statement.
 */
export function preparedSql<Row>(handle: DbHandle, statement: SQL, name: string) {
  const query = handle.db._.session.prepareQuery(dialect.sqlToQuery(statement), undefined, name, false);
  return {
    execute: async (values: Record<string, unknown>) =>
      (await query.execute(values)) as unknown as { rows: Row[] },
  };
}
