import { rebuildTimelines } from '../src/modules/feeds/timeline.repo';
import type { TestApp } from './helpers';

/**
 * Fills the home timelines from the rows as they are (follows, subscriptions, posts), as the
 * migration does: for tests that write those rows directly, past the services and the fan-out job.
 */
export const syncTimelines = (t: TestApp) =>
  rebuildTimelines(t.ctx.db.db, { now: t.ctx.clock.now(), perCreator: 1000 });
