import { type Executor, sql } from '@fanstage/db';
import type { SQL } from 'drizzle-orm';

/*
 * The write side of the home timeline (`timeline_entries`, see ARCHITECTURE.md "Home timeline").
 * Every function is one set-based statement (INSERT … SELECT, UPDATE or DELETE); none loops over
 * fans. The read (feeds.repo.ts `timelinePageQuery`) re-checks the post and the relation, so these
 * keep the table small and the read short, never decide on their own who sees what.
 */

/** How many of a creator's latest posts a new follower or subscriber gets in their timeline. */
export const backfillPosts = 50;
/** How many fans one fan-out statement writes (a creator with 100k followers takes 10 statements). */
export const fanOutBatch = 10_000;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** The fans of a creator whose timelines hold the creator's posts: followers and running subscribers. */
const fansOf = (performerId: SQL | string, now: Date) =>
  sql`select fo."follower_id" as fan_id from "follows" fo where fo."performer_id" = ${performerId}
      union select s."fan_id" from "subscriptions" s where s."performer_id" = ${performerId} and s."expired_at" > ${at(now)}`;

/**
 * Writes one post into its fans' timelines, `fanOutBatch` fans per statement in fan id order from
 * `afterFanId`. Answers the last fan id of the batch, or null when there are no more. A hidden or
 * missing post writes nothing; a fan the creator blocked gets nothing. Idempotent (a retried job
 * inserts what is missing only).
 */
export async function fanOutBatchOf(
  db: Executor,
  options: { feedId: string; now: Date; afterFanId: string | null; batch?: number },
): Promise<{ lastFanId: string | null; fans: number }> {
  const batch = options.batch ?? fanOutBatch;
  const result = await db.execute(sql`
    with post as (
      select f."id", f."performer_id", f."published_at" from "feeds" f
      where f."id" = ${options.feedId} and f."hidden_at" is null
    ),
    fans as (
      select r.fan_id from post, lateral (${fansOf(sql`post."performer_id"`, options.now)}) r
      where ${options.afterFanId ? sql`r.fan_id > ${options.afterFanId}` : sql`true`}
      order by r.fan_id limit ${batch}
    ),
    written as (
      insert into "timeline_entries" ("fan_id", "feed_id", "performer_id", "published_at")
      select fans.fan_id, post."id", post."performer_id", post."published_at" from fans, post
      where not exists (select 1 from "user_blocks" b
                        where b."performer_id" = post."performer_id" and b."target_id" = fans.fan_id)
      on conflict ("feed_id", "fan_id") do nothing
    )
    select (select fan_id from fans order by fan_id desc limit 1) as "lastFanId",
           (select count(*) from fans)::int as "fans"`);
  const [row] = rowsOf<{ lastFanId: string | null; fans: number }>(result);
  const fans = Number(row?.fans ?? 0);
  return { lastFanId: fans < batch ? null : (row?.lastFanId ?? null), fans };
}

/** Takes a post out of every timeline (hidden by a moderator). Deleting a post cascades instead. */
export async function removePostEntries(db: Executor, feedId: string): Promise<void> {
  await db.execute(sql`delete from "timeline_entries" where "feed_id" = ${feedId}`);
}

/** Moves a post's entries with its publish time (a scheduled post moved, or published at once). */
export async function movePostEntries(db: Executor, feedId: string, publishedAt: Date): Promise<void> {
  await db.execute(
    sql`update "timeline_entries" set "published_at" = ${at(publishedAt)} where "feed_id" = ${feedId}`,
  );
}

/**
 * Copies a creator's latest `backfillPosts` posts into one fan's timeline (on follow or subscribe),
 * unless the creator blocked the fan. Scheduled posts come along; the read shows them at their time.
 */
export async function backfillPair(
  db: Executor,
  options: { fanId: string; performerId: string; onlyIfRelatedAt?: Date },
): Promise<void> {
  const related = options.onlyIfRelatedAt
    ? sql`and (exists (select 1 from "follows" fo where fo."follower_id" = ${options.fanId} and fo."performer_id" = ${options.performerId})
           or exists (select 1 from "subscriptions" s where s."fan_id" = ${options.fanId} and s."performer_id" = ${options.performerId} and s."expired_at" > ${at(options.onlyIfRelatedAt)}))`
    : sql``;
  await db.execute(sql`
    insert into "timeline_entries" ("fan_id", "feed_id", "performer_id", "published_at")
    select ${options.fanId}, f."id", f."performer_id", f."published_at" from "feeds" f
    where f."performer_id" = ${options.performerId} and f."hidden_at" is null
      and not exists (select 1 from "user_blocks" b
                      where b."performer_id" = ${options.performerId} and b."target_id" = ${options.fanId})
      ${related}
    order by f."published_at" desc, f."id" desc
    limit ${backfillPosts}
    on conflict ("feed_id", "fan_id") do nothing`);
}

/**
 * Takes a creator's posts out of one fan's timeline: always after a block (`force`), otherwise only
 * when the fan neither follows nor holds a running subscription any more (unfollow, lapse).
 */
export async function removePair(
  db: Executor,
  options: { fanId: string; performerId: string; now: Date; force?: boolean },
): Promise<void> {
  const { fanId, performerId } = options;
  await db.execute(sql`
    delete from "timeline_entries" te
    where te."fan_id" = ${fanId} and te."performer_id" = ${performerId}
      ${
        options.force
          ? sql``
          : sql`and not exists (select 1 from "follows" fo where fo."follower_id" = ${fanId} and fo."performer_id" = ${performerId})
      and not exists (select 1 from "subscriptions" s where s."fan_id" = ${fanId} and s."performer_id" = ${performerId} and s."expired_at" > ${at(options.now)})`
      }`);
}

/**
 * Takes out the entries of subscriptions that ended in the last `sinceMs` (and whose fan does not
 * follow the creator): the periodic sweep after lapses, which have no write of their own. Answers
 * how many entries went.
 */
export async function pruneLapsed(db: Executor, options: { now: Date; sinceMs: number }): Promise<number> {
  const since = new Date(options.now.getTime() - options.sinceMs);
  const result = await db.execute(sql`
    with gone as (
      delete from "timeline_entries" te using "subscriptions" s
      where s."fan_id" = te."fan_id" and s."performer_id" = te."performer_id"
        and s."expired_at" <= ${at(options.now)} and s."expired_at" > ${at(since)}
        and not exists (select 1 from "follows" fo
                        where fo."follower_id" = te."fan_id" and fo."performer_id" = te."performer_id")
      returning 1
    )
    select count(*)::int as n from gone`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/**
 * Fills every timeline from the follows and running subscriptions: each pair gets the creator's
 * latest `perCreator` posts (only the fans of `fanIds` when given). The migration does the same once;
 * the demo seed, the bench's data set and tests that write rows directly call this.
 */
export async function rebuildTimelines(
  db: Executor,
  options: { now: Date; perCreator?: number; fanIds?: string[] },
): Promise<void> {
  const onlyFans = options.fanIds
    ? sql`and r.fan_id in (${sql.join(
        options.fanIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  await db.execute(sql`
    insert into "timeline_entries" ("fan_id", "feed_id", "performer_id", "published_at")
    select r.fan_id, p."id", p."performer_id", p."published_at"
    from (select fo."follower_id" as fan_id, fo."performer_id" from "follows" fo
          union select s."fan_id", s."performer_id" from "subscriptions" s where s."expired_at" > ${at(options.now)}) r
    cross join lateral (
      select f."id", f."performer_id", f."published_at" from "feeds" f
      where f."performer_id" = r."performer_id" and f."hidden_at" is null
      order by f."published_at" desc, f."id" desc
      limit ${options.perCreator ?? backfillPosts}
    ) p
    where not exists (select 1 from "user_blocks" b
                      where b."performer_id" = r."performer_id" and b."target_id" = r.fan_id)
    ${onlyFans}
    on conflict ("feed_id", "fan_id") do nothing`);
}
