import type { TestApp } from './helpers';

/*
 * Statement budgets (STYLE habit 14): what one request sends to the database, counted by the
 * difference of `ctx.db.statements()` around it while nothing else runs (`app.inject` does not
 * carry AsyncLocalStorage, so the count is by delta).
 */

/**
 * The node's geo-rules cache (access/geo.ts) is read again every few seconds, whatever the
 * requests: its two statements belong to the node, not to the request that happens to refresh it.
 */
const isGeoCacheRefresh = (statement: string) =>
  /from "site_blocked_countries"|^select 1 from "performer_blocked_countries" limit/.test(statement);

/** The statements `run` sent (the SQL text of each), and what it answered. */
export async function countStatements<R>(
  app: TestApp,
  run: () => Promise<R>,
): Promise<{ res: R; sent: string[] }> {
  const before = app.ctx.db.statements();
  const res = await run();
  const sent = app.ctx.db
    .lastStatements(app.ctx.db.statements() - before)
    .filter((s) => !isGeoCacheRefresh(s));
  return { res, sent };
}
