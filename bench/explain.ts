import { type DbHandle, sql } from '@fanstage/db';
import {
  creatorFeedPageQuery,
  timelinePageQuery,
  timelineWindow,
} from '../apps/api/src/modules/feeds/feeds.repo';

type Query = ReturnType<typeof timelinePageQuery> | ReturnType<typeof creatorFeedPageQuery>;

async function explain(db: DbHandle, title: string, query: Query): Promise<string[]> {
  // The first run reads the pages into the cache; the second is the one a busy server would see.
  await query;
  const result = (await db.db.execute(sql`explain (analyze, buffers) ${query.getSQL()}`)) as unknown as {
    rows: { 'QUERY PLAN': string }[];
  };
  return [`plan: ${title}`, ...result.rows.map((r) => `  ${r['QUERY PLAN']}`)];
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the page queries of `GET /api/user/feeds?limit=20` for the bench fan
 * and of `GET /api/user/feeds/search/{busy creator}?limit=20`, built by the API's own repository
 * functions with the values the service passes, so each plan is that of the SQL the server sends.
 */
export async function explainFeeds(
  db: DbHandle,
  options: { fanId: string; busyCreatorId: string },
): Promise<string[]> {
  const now = new Date();
  const page = { offset: 0, limit: 20 };
  return [
    ...(await explain(
      db,
      'home timeline page (GET /api/user/feeds?limit=20 as the bench fan)',
      // With a country: the geo-block condition (one anti-join) is part of every real page.
      timelinePageQuery(db.db, {
        fanId: options.fanId,
        now,
        geo: {
          actor: { id: options.fanId, role: 'user' },
          country: 'DE',
        },
        offset: page.offset,
        rows: page.limit + 1,
        window: timelineWindow(page),
      }),
    )),
    ...(await explain(
      db,
      'creator feed page (GET /api/user/feeds/search/{busy creator}?limit=20 as the bench fan)',
      creatorFeedPageQuery(db.db, {
        performerId: options.busyCreatorId,
        now,
        includeFailed: false,
        viewerId: options.fanId,
        offset: page.offset,
        rows: page.limit + 1,
      }),
    )),
  ];
}
