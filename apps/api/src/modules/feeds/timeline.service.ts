import type { Executor } from '@fanstage/db';
import type { AppContext } from '../../context';
import { viewTopics } from '../../lib/view-cache';
import { forgetViews } from '../../plugins/views';
import {
  backfillPair,
  fanOutBatchOf,
  movePostEntries,
  pruneLapsed,
  removePair,
  removePostEntries,
} from './timeline.repo';

/*
 * The home timeline's upkeep (fan-out on write; ARCHITECTURE.md "Home timeline"). Publishing a post
 * only queues `fanOutJobName`: the job writes the post into its fans' timelines in set-based
 * batches, so a creator with many followers posts as fast as any other. Follows, subscriptions and
 * blocks change one fan's timeline at once (one bounded statement each).
 */

export const fanOutJobName = 'feeds.timeline-fan-out';
export const pruneJobName = 'feeds.timeline-prune';
/** How far back the sweep of lapsed subscriptions' entries looks (it runs every ten minutes). */
const pruneLooksBackMs = 2 * 24 * 60 * 60 * 1000;

/** Writes one post into all its fans' timelines (the job's work; safe to run again). */
export async function fanOutPost(ctx: AppContext, feedId: string): Promise<number> {
  let after: string | null = null;
  let fans = 0;
  for (;;) {
    const batch = await fanOutBatchOf(ctx.db.db, { feedId, now: ctx.clock.now(), afterFanId: after });
    fans += batch.fans;
    if (!batch.lastFanId) break;
    after = batch.lastFanId;
  }
  // Which timelines got the post is not known here: every node forgets its copies of them all.
  if (fans > 0) forgetViews(ctx, [viewTopics.homeTimelines]);
  return fans;
}

/** Queues the fan-out of a post just written (or shown again); the request does not wait for it. */
export async function queueFanOut(ctx: AppContext, feedId: string): Promise<void> {
  try {
    await ctx.queue.send(fanOutJobName, { feedId });
  } catch (err) {
    ctx.log.error({ err, feedId }, 'could not queue the timeline fan-out');
  }
}

/** A fan started following or subscribed: the creator's latest posts enter their timeline. */
export const onFanJoined = (ctx: AppContext, options: { fanId: string; performerId: string }) =>
  backfillPair(ctx.db.db, options);

/**
 * A fan stopped following (or a subscription ended early): the creator's posts leave their
 * timeline unless the other relation still holds.
 */
export const onFanLeft = (ctx: AppContext, options: { fanId: string; performerId: string }) =>
  removePair(ctx.db.db, { ...options, now: ctx.clock.now() });

/** A block was lifted: when the fan still follows or subscribes, the creator's latest posts return. */
export const onFanRelated = (ctx: AppContext, options: { fanId: string; performerId: string }) =>
  backfillPair(ctx.db.db, { ...options, onlyIfRelatedAt: ctx.clock.now() });

/** A moderator hid the post: it leaves every timeline (in the hiding's transaction). */
export const takePostOutOfTimelines = (db: Executor, feedId: string) => removePostEntries(db, feedId);

/** A scheduled post was moved (or published at once): its entries move with it (in that transaction). */
export const movePostInTimelines = (db: Executor, feedId: string, publishedAt: Date) =>
  movePostEntries(db, feedId, publishedAt);

/** The creator blocked the fan: every post of theirs leaves the fan's timeline. */
export const onFanBlocked = (ctx: AppContext, options: { fanId: string; performerId: string }) =>
  removePair(ctx.db.db, { ...options, now: ctx.clock.now(), force: true });

/** Sweeps the entries of subscriptions that lapsed (no write marks a lapse). */
export const pruneLapsedTimelines = (ctx: AppContext) =>
  pruneLapsed(ctx.db.db, { now: ctx.clock.now(), sinceMs: pruneLooksBackMs });

/** Registers the fan-out worker and, once the server listens, the periodic sweep. */
export async function registerTimelineJobs(ctx: AppContext): Promise<void> {
  await ctx.queue.work<{ feedId: string }>(
    fanOutJobName,
    async ({ feedId }) => {
      const fans = await fanOutPost(ctx, feedId);
      ctx.log.debug({ feedId, fans }, 'post written into timelines');
    },
    { retryLimit: 3, expireInSeconds: 15 * 60 },
  );
  // Once across nodes (a pg-boss schedule), every ten minutes.
  await ctx.queue.schedule(
    pruneJobName,
    { cron: '*/10 * * * *' },
    async () => {
      const removed = await pruneLapsedTimelines(ctx);
      if (removed > 0) ctx.log.info({ removed }, 'timeline entries of lapsed subscriptions removed');
    },
    { retryLimit: 0, expireInSeconds: 10 * 60 },
  );
}
