import { createHash } from 'node:crypto';
import pg from 'pg';

/*
 * Prepared statements on every path, without naming them one by one: each data statement Drizzle
 * sends gets a name made from its text, so a connection parses and plans it once and afterwards
 * only binds and executes it (PostgreSQL keeps the plan per connection; node-postgres remembers
 * which names each connection has prepared). The page queries of the timeline, the feeds and the
 * profile take longer to plan than to run, so this matters most there.
 *
 * Only SELECT, INSERT, UPDATE, DELETE and WITH statements are named (DDL and transaction control
 * are sent as they are), and only the first `maxNamedStatements` distinct texts of the process: a
 * text built with a variable-length list (`in ($1, $2, …)`) could otherwise name without end.
 */
export const maxNamedStatements = 2000;
const names = new Map<string, string>();
const dataStatement = /^\s*(select|insert|update|delete|with)\b/i;

/** The name a statement's text is prepared under, or undefined when it is sent unnamed. */
export function statementName(text: string): string | undefined {
  const known = names.get(text);
  if (known) return known;
  if (names.size >= maxNamedStatements || !dataStatement.test(text)) return undefined;
  const name = `q_${createHash('sha256').update(text).digest('base64url').slice(0, 32)}`;
  names.set(text, name);
  return name;
}

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
  submit?: unknown;
}

const baseQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;

/** A node-postgres client that names data statements (see above); the pool makes its clients with it. */
export class PreparingClient extends pg.Client {}

(PreparingClient.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (
  this: pg.Client,
  config: unknown,
  ...rest: unknown[]
) {
  const c = config as QueryConfigLike | null;
  if (c && typeof c === 'object' && typeof c.text === 'string' && !c.name && typeof c.submit !== 'function') {
    const name = statementName(c.text);
    if (name) return baseQuery.call(this, { ...c, name }, ...rest);
  }
  return baseQuery.call(this, config, ...rest);
};
