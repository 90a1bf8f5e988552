/**
 * The write cost of the home timeline's fan-out (issue 14): one creator with FANOUT_FOLLOWERS
 * followers (100,000 by default) publishes a post; this times the post's insert (what the request
 * pays) and the job's fan-out (`fanOutPost`, set-based batches of `fanOutBatch` fans), then its
 * removal by a moderator's hide. Needs TEST_DATABASE_URL (a PostgreSQL server; a database of its own
 * is created and dropped). Run: `TEST_DATABASE_URL=postgres://… npx tsx bench/timeline-fanout.ts`.
 */

import { sql } from '@fanstage/db';
import { createTestDatabase } from '@fanstage/db/testing';
import { fanOutBatch, fanOutBatchOf, removePostEntries } from '../apps/api/src/modules/feeds/timeline.repo';

const followers = Number(process.env.FANOUT_FOLLOWERS ?? 100_000);

async function main() {
  if (!process.env.TEST_DATABASE_URL) throw new Error('Set TEST_DATABASE_URL to a PostgreSQL server.');
  const db = await createTestDatabase();
  try {
    const t0 = performance.now();
    await db.exec(`
      insert into users (id, name, username, role) values ('00000000-0000-4000-8000-000000000001', 'Busy', 'busy', 'performer');
      insert into users (id, name, role) select gen_random_uuid(), 'fan ' || i, 'user' from generate_series(1, ${followers}) i;
      insert into follows (follower_id, performer_id) select id, '00000000-0000-4000-8000-000000000001' from users where role = 'user';
      analyze;`);
    console.log(`seeded ${followers} followers in ${Math.round(performance.now() - t0)} ms`);
    const now = new Date();
    let t = performance.now();
    await db.db.execute(
      sql`insert into feeds (id, performer_id, type, text, published_at) values ('00000000-0000-4000-8000-0000000000f1', '00000000-0000-4000-8000-000000000001', 'text', 'News', ${now.toISOString()}::timestamptz)`,
    );
    console.log(`post insert (the request's write): ${(performance.now() - t).toFixed(1)} ms`);
    t = performance.now();
    let after: string | null = null;
    let batches = 0;
    let fans = 0;
    for (;;) {
      const b = await fanOutBatchOf(db.db, {
        feedId: '00000000-0000-4000-8000-0000000000f1',
        now,
        afterFanId: after,
      });
      batches++;
      fans += b.fans;
      if (!b.lastFanId) break;
      after = b.lastFanId;
    }
    const fanOutMs = performance.now() - t;
    console.log(
      `fan-out job: ${fans} timelines in ${batches} statements of up to ${fanOutBatch} fans: ${Math.round(fanOutMs)} ms (${((fanOutMs / fans) * 1000).toFixed(1)} µs per fan)`,
    );
    t = performance.now();
    await removePostEntries(db.db, '00000000-0000-4000-8000-0000000000f1');
    console.log(`hide (remove from every timeline, one DELETE): ${Math.round(performance.now() - t)} ms`);
  } finally {
    await db.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
