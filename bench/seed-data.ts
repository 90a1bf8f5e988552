import { createHash, randomBytes } from 'node:crypto';
import type { DbHandle } from '@fanstage/db';
import { factoryPassword, factoryPasswordHash } from '@fanstage/db/factories';
import { rebuildTimelines } from '../apps/api/src/modules/feeds/timeline.repo';

/** How big the data set is; see README.md for the two presets. */
export interface BenchSizes {
  fans: number;
  creators: number;
  posts: number;
  follows: number;
}

export interface BenchData {
  /** A fan who can log in with `password`; follows `followedByFan` creators and subscribes to a few. */
  username: string;
  password: string;
  fanId: string;
  busyCreatorId: string;
  /** The creator with the most posts (for the creator feed), listed like every bench creator. */
  busyCreatorUsername: string;
  /** A creator with an average number of posts (for the profile). */
  creatorUsername: string;
  /** Rows actually written per table (follows skip duplicates, so they can fall a little short). */
  counts: Record<'users' | 'feeds' | 'files' | 'follows' | 'subscriptions' | 'purchases', number>;
}

/** Creators the logged-in bench fan follows (the issue's "fan following 200 creators"). */
export const followedByFan = 200;
/** Share of all posts written by creator 0, the busy creator of the creator-feed target. */
const busyCreatorShare = 0.01;
/** The tables that get most rows; see `seedBenchData`. */
const bulkTables = ['users', 'feeds', 'files', 'feed_files', 'poll_options', 'follows', 'sessions'];

/**
 * A stable, valid (version 4) uuid computed in SQL from a kind and a number, so set-based inserts
 * can refer to "fan 17" or "creator 3" without reading ids back. `expr` is SQL text.
 */
const benchId = (kind: 'fan' | 'creator' | 'file', expr: string) =>
  `(overlay(overlay(md5('${kind}:' || (${expr})::text) placing '4' from 13) placing '8' from 17)::uuid)`;

/** The same id in TypeScript, for the few accounts the runner needs to name. */
export function benchIdOf(kind: 'fan' | 'creator', n: number): string {
  const h = createHash('md5').update(`${kind}:${n}`).digest('hex');
  const v = `${h.slice(0, 12)}4${h.slice(13, 16)}8${h.slice(17)}`;
  return `${v.slice(0, 8)}-${v.slice(8, 12)}-${v.slice(12, 16)}-${v.slice(16, 20)}-${v.slice(20)}`;
}

/**
 * The data set, written with set-based SQL (`INSERT … SELECT … FROM generate_series`), the same
 * statements on PostgreSQL and PGlite: accounts, profiles, posts of every kind with their files and
 * polls, follows, subscriptions, a few purchases and one session per account. Every account shares
 * the password hash the test factories precomputed (argon2 per account would take hours at 100k).
 * Post times are spread over the last year, 1 % of them scheduled in the future.
 */
export async function seedBenchData(
  db: DbHandle,
  sizes: BenchSizes,
  log: (line: string) => void = () => {},
): Promise<BenchData> {
  const { fans: F, creators: C, posts: P } = sizes;
  if (C < 2) throw new Error('the data set needs at least 2 creators');
  const step = async (what: string, sqlText: string, params: unknown[] = []) => {
    const started = Date.now();
    await db.query(sqlText, params);
    log(`${what} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };
  // Secondary indexes of the big tables go while they fill and are built again at the end: building an
  // index once is several times faster than keeping it up row by row. Constraint indexes (primary keys)
  // stay, so conflicts are still caught.
  const { rows: indexes } = await db.query<{ name: string; definition: string }>(
    `select i.indexname as name, i.indexdef as definition from pg_indexes i
      where i.schemaname = 'public' and i.tablename in (${bulkTables.map((t) => `'${t}'`).join(', ')})
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  );
  for (const index of indexes) await db.exec(`drop index "${index.name}"`);
  const fan = (expr: string) => benchId('fan', expr);
  const creator = (expr: string) => benchId('creator', expr);

  await step(
    `${F} fans + ${C} creators`,
    `insert into users (id, name, username, email, password_hash, role, email_verified_at, created_at, updated_at)
     select ${fan('i')}, 'Bench Fan ' || i, 'bench.fan.' || i, 'bench.fan.' || i || '@bench.test', $1, 'user',
            now(), now() - (i % 365) * interval '1 day', now()
       from generate_series(0, ${F - 1}) i
     union all
     select ${creator('i')}, 'Bench Creator ' || i, 'bench.creator.' || i, 'bench.creator.' || i || '@bench.test',
            $1, 'performer', now(), now() - (i % 365) * interval '1 day', now()
       from generate_series(0, ${C - 1}) i`,
    [factoryPasswordHash],
  );
  await step(
    'creator profiles',
    `insert into performer_profiles (user_id, date_of_birth, country, bio, documents_verified_at,
                                     monthly_price_cents, yearly_price_cents)
     select ${creator('i')}, date '1990-01-01', (array['US','GB','DE','BR','JP'])[1 + i % 5],
            'Bench Creator ' || i || ' posts for the benchmark.', now(), 999 + (i % 5) * 500, 9999
       from generate_series(0, ${C - 1}) i`,
  );

  // Creator 0 writes `busy` posts, the others share the rest evenly. Kinds by i % 20: text 40 %,
  // photo 30 %, video 15 %, audio 5 %, poll 10 %; access by i % 10: subscribers 60 %, free for fans
  // 20 %, pay-per-view 20 %. Each creator's first post is pinned.
  const busy = Math.min(P, Math.max(1, Math.round(P * busyCreatorShare)));
  await step(
    `${P} posts`,
    `insert into feeds (id, performer_id, type, text, is_sale, price_cents, scheduled_at, published_at, is_pinned,
                        created_at, updated_at)
     select gen_random_uuid(), ${creator('c')},
            case when i % 20 < 8 then 'text' when i % 20 < 14 then 'photo' when i % 20 < 17 then 'video'
                 when i % 20 < 18 then 'audio' else 'poll' end,
            'Bench post ' || i || ' by creator ' || c,
            i % 10 >= 6, case when i % 10 >= 8 then 500 + (i % 15) * 100 else 0 end,
            case when i % 100 = 99 then at end, at, i < ${C}, at, at
       from (select i, case when i < ${busy} then 0 else 1 + (i - ${busy}) % ${C - 1} end as c,
                    case when i % 100 = 99 then now() + (1 + i % 30) * interval '1 day'
                         else now() - random() * interval '365 days' end as at
               from generate_series(0, ${P - 1}) i) s`,
  );
  // One file per photo, video and audio post, its id derived from the post's; 1 in 1000 failed.
  await step(
    'post files',
    `insert into files (id, owner_id, kind, visibility, storage_key, mime_type, size, width, height, status,
                        failure_reason, duration_seconds, variants, preview, created_at, updated_at)
     select ${benchId('file', 'f.id')}, f.performer_id, 'feed-' || f.type, 'private',
            'private/bench/' || f.id, case f.type when 'photo' then 'image/webp' when 'video' then 'video/mp4'
            else 'audio/mpeg' end, 250000, 1280, 720,
            case when abs(hashtext(f.id::text)) % 1000 = 0 then 'failed' else 'ready' end,
            case when abs(hashtext(f.id::text)) % 1000 = 0 then 'The file could not be read.' end,
            case when f.type = 'photo' then null else 42 end,
            case f.type when 'photo' then jsonb_build_object('thumbnail', jsonb_build_object('key', 'private/bench/' || f.id || '-t.webp'))
                        when 'video' then jsonb_build_object('posters', jsonb_build_array(jsonb_build_object('key', 'private/bench/' || f.id || '-p.webp', 'atSeconds', 2)))
                        else '{}'::jsonb end,
            'data:image/webp;base64,UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', f.created_at, f.created_at
       from feeds f where f.type in ('photo', 'video', 'audio')`,
  );
  await step(
    'feed files',
    `insert into feed_files (feed_id, file_id, position)
     select f.id, ${benchId('file', 'f.id')}, 0 from feeds f where f.type in ('photo', 'video', 'audio')`,
  );
  await step(
    'polls',
    `insert into polls (feed_id, expired_at) select id, null from feeds where type = 'poll'`,
  );
  await step(
    'poll options',
    `insert into poll_options (id, feed_id, text, position, votes_count)
     select gen_random_uuid(), f.id, 'Option ' || o, o, o * 3 from feeds f, generate_series(0, 2) o where f.type = 'poll'`,
  );

  // The bench fan (fan 0) follows `followedByFan` creators spread over the list, the busy one
  // included; the other fans share the remaining follows, each following creators a stride apart.
  const fanFollows = Math.min(followedByFan, C);
  const spread = Math.max(1, Math.floor(C / fanFollows));
  const rest = Math.max(0, sizes.follows - fanFollows);
  const perFan = F > 1 ? Math.min(C, Math.ceil(rest / (F - 1))) : 0;
  const stride = Math.max(1, Math.floor(C / Math.max(1, perFan)));
  await step(
    `${sizes.follows} follows`,
    `insert into follows (follower_id, performer_id, created_at)
     select ${fan('0')}, ${creator(`k * ${spread}`)}, now() - k * interval '1 hour'
       from generate_series(0, ${fanFollows - 1}) k
     union all
     select ${fan('f')}, ${creator(`(f * 7 + k * ${stride}) % ${C}`)}, now() - random() * interval '365 days'
       from generate_series(1, ${Math.max(1, F - 1)}) f, generate_series(0, ${Math.max(0, perFan - 1)}) k
      where ${perFan} > 0 and f < ${F} and (f - 1) * ${perFan} + k < ${rest}
     on conflict do nothing`,
  );
  // The bench fan subscribes to every tenth creator it follows and to 5 it does not follow (so the
  // timeline's "followed or subscribed" union has both sides); one fan in four subscribes to one creator,
  // a tenth of those subscriptions expired.
  await step(
    'subscriptions',
    `insert into subscriptions (id, fan_id, performer_id, type, started_at, expired_at)
     select gen_random_uuid(), * from (
     select ${fan('0')}, ${creator(`k * ${spread} * 10`)}, 'monthly', now() - interval '10 days', now() + interval '20 days'
       from generate_series(0, ${Math.ceil(fanFollows / 10) - 1}) k
     union
     select ${fan('0')}, ${creator(`(k * ${spread} + 1) % ${C}`)}, 'monthly', now() - interval '10 days', now() + interval '20 days'
       from generate_series(0, ${Math.min(5, C) - 1}) k
     union all
     select ${fan('f')}, ${creator(`(f * 13) % ${C}`)}, 'monthly', now() - interval '40 days',
            case when f % 40 = 0 then now() - interval '10 days' else now() + interval '20 days' end
       from generate_series(4, ${Math.max(4, F - 1)}, 4) f where f < ${F}) s
     on conflict do nothing`,
  );
  await step(
    'purchases',
    `insert into purchases (id, fan_id, performer_id, target_type, target_id, price_cents)
     select gen_random_uuid(), ${fan('0')}, f.performer_id, 'feed', f.id, f.price_cents
       from follows fo join feeds f on f.performer_id = fo.performer_id
      where fo.follower_id = ${fan('0')} and f.is_sale and f.price_cents > 0 and f.published_at <= now()
      order by f.published_at desc limit 30`,
  );
  // Sessions of everyone, so token look-ups search a table of a realistic size.
  await step(
    'sessions',
    `insert into sessions (id, user_id, token_hash, expires_at)
     select gen_random_uuid(), id, md5(id::text || $1) || md5($1 || id::text), now() + interval '1 day' from users`,
    [randomBytes(16).toString('hex')],
  );
  const indexStarted = Date.now();
  for (const index of indexes) await db.exec(index.definition);
  log(`${indexes.length} secondary indexes built in ${((Date.now() - indexStarted) / 1000).toFixed(1)} s`);
  await step(
    'creator counters',
    `update performer_profiles p
        set posts_count = coalesce(x.posts, 0), photos_count = coalesce(x.photos, 0),
            videos_count = coalesce(x.videos, 0), followers_count = coalesce(y.n, 0),
            subscribers_count = coalesce(z.n, 0)
       from performer_profiles p2
       left join (select performer_id, count(*) posts, count(*) filter (where type = 'photo') photos,
                         count(*) filter (where type = 'video') videos from feeds group by performer_id) x
              on x.performer_id = p2.user_id
       left join (select performer_id, count(*) n from follows group by performer_id) y on y.performer_id = p2.user_id
       left join (select performer_id, count(*) n from subscriptions where expired_at > now() group by performer_id) z
              on z.performer_id = p2.user_id
      where p.user_id = p2.user_id`,
  );
  // What autovacuum would have done by the time anyone reads: fresh statistics and the visibility
  // map (index-only scans), so plans are those of a settled database, not of a bulk load.
  // The home timelines, as the migration's backfill and rebuildTimelines fill them: the bench fan's
  // with the latest 50 posts of each followed or subscribed creator, as a real one has; every other
  // fan's with the latest 5 (the full 50 would be 100 million rows at the full scale, half an hour of
  // writing, and the reads look up one fan's range of the index whatever the table holds besides).
  const now = new Date();
  const timelines = Date.now();
  await rebuildTimelines(db.db, { now, perCreator: 5 });
  await rebuildTimelines(db.db, { now, fanIds: [benchIdOf('fan', 0)] });
  log(`timelines in ${((Date.now() - timelines) / 1000).toFixed(1)} s`);
  await step('vacuum analyze', 'vacuum (analyze)');
  // The load wrote gigabytes of WAL on the full data set: its dirty pages go to disk now, so the
  // checkpoint the load calls for does not land inside a measured window (a role without the right
  // to CHECKPOINT skips it and says so).
  await step('checkpoint', 'checkpoint').catch((error: Error) => log(`no checkpoint: ${error.message}`));

  const countOf = async (table: string) =>
    Number((await db.query<{ n: string }>(`select count(*)::text as n from ${table}`)).rows[0]?.n ?? 0);
  const counts = {
    users: await countOf('users'),
    feeds: await countOf('feeds'),
    files: await countOf('files'),
    follows: await countOf('follows'),
    subscriptions: await countOf('subscriptions'),
    purchases: await countOf('purchases'),
  };
  return {
    username: 'bench.fan.0',
    password: factoryPassword,
    fanId: benchIdOf('fan', 0),
    busyCreatorId: benchIdOf('creator', 0),
    busyCreatorUsername: 'bench.creator.0',
    creatorUsername: `bench.creator.${Math.min(C - 1, 1 + spread)}`,
    counts,
  };
}
