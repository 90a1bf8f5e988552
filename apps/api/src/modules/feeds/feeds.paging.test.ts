import { feedFiles, follows } from '@fanstage/db';
import { buildFeed } from '@fanstage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClock } from '../../../test/helpers';
import { syncTimelines } from '../../../test/timelines';
import { insertFile } from '../media/media.repo';

const clock = new TestClock();
let t: TestApp;

type Account = Awaited<ReturnType<TestApp['fan']>>;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

const minutesAgo = (minutes: number) => new Date(clock.now().getTime() - minutes * 60_000);
const ids = (res: { json: () => { data: { _id: string }[] } }) => res.json().data.map((p) => p._id);

/** Posts of a creator, `count` of them one minute apart starting `from` minutes ago, newest first. */
async function posts(creator: Account, count: number, from = 1) {
  const rows = [];
  for (let i = 0; i < count; i++) {
    rows.push(
      await buildFeed(t.ctx.db.db, { performerId: creator.user.id, publishedAt: minutesAgo(from + i) }),
    );
  }
  return rows;
}

/** A post whose only video failed processing: fans never see it. */
async function failedPost(creator: Account, publishedAt: Date) {
  const feed = await buildFeed(t.ctx.db.db, { performerId: creator.user.id, type: 'video', publishedAt });
  const file = await insertFile(t.ctx.db.db, {
    ownerId: creator.user.id,
    kind: 'feed-video',
    visibility: 'private',
    storageKey: `private/originals/${feed.id}.mp4`,
    mimeType: 'video/mp4',
    size: 10,
    status: 'failed',
  });
  await t.ctx.db.db.insert(feedFiles).values({ feedId: feed.id, fileId: file.id, position: 0 });
  return feed;
}

const follow = (fan: Account, creator: Account) =>
  t.ctx.db.db.insert(follows).values({ followerId: fan.user.id, performerId: creator.user.id });

/** The fan's timeline page, after the rows written above entered the timelines. */
const timeline = async (fan: Account, query: string) => {
  await syncTimelines(t);
  return t.request({ url: `/api/user/feeds?${query}`, token: fan.token });
};

describe('home timeline pages', () => {
  it('merges the creators newest first and says there is more without counting the whole timeline', async () => {
    const fan = await t.fan();
    const [a, b] = [await t.creator(), await t.creator()];
    await Promise.all([follow(fan, a), follow(fan, b)]);
    const fromA = await posts(a, 3, 1); // 1, 2, 3 minutes ago
    const fromB = await posts(b, 3, 10); // 10, 11, 12 minutes ago
    const first = await timeline(fan, 'limit=2');
    expect(ids(first)).toEqual([fromA[0]!.id, fromA[1]!.id]);
    // Not the six posts there are: "at least one more than this page", all the web's paging reads.
    expect(first.json().total).toBe(3);
    const second = await timeline(fan, 'limit=2&offset=2');
    expect(ids(second)).toEqual([fromA[2]!.id, fromB[0]!.id]);
    expect(second.json().total).toBe(5);
    const last = await timeline(fan, 'limit=2&offset=4');
    expect(ids(last)).toEqual([fromB[1]!.id, fromB[2]!.id]);
    expect(last.json().total).toBe(6);
    const past = await timeline(fan, 'limit=2&offset=10');
    expect(ids(past)).toEqual([]);
    expect(past.json().total).toBe(6);
  });

  it('skips posts with failed media even when they fill the first page', async () => {
    const fan = await t.fan();
    const creator = await t.creator();
    await follow(fan, creator);
    await failedPost(creator, minutesAgo(1));
    await failedPost(creator, minutesAgo(2));
    await failedPost(creator, minutesAgo(3));
    const shown = await posts(creator, 3, 4);
    const first = await timeline(fan, 'limit=2');
    expect(ids(first)).toEqual([shown[0]!.id, shown[1]!.id]);
    expect(first.json().total).toBe(3);
    const second = await timeline(fan, 'limit=2&offset=2');
    expect(ids(second)).toEqual([shown[2]!.id]);
    expect(second.json().total).toBe(3);
  });

  it('reads on past the first window when more entries fail their checks than it holds', async () => {
    const fan = await t.fan();
    const creator = await t.creator();
    await follow(fan, creator);
    // limit=2 reads the newest (0 + 2 + 1) * 2 + 20 = 26 entries first; 30 failed posts fill them all.
    for (let i = 0; i < 30; i++) await failedPost(creator, minutesAgo(1 + i));
    const shown = await posts(creator, 3, 40);
    const first = await timeline(fan, 'limit=2');
    expect(ids(first)).toEqual([shown[0]!.id, shown[1]!.id]);
    expect(first.json().total).toBe(3);
    const second = await timeline(fan, 'limit=2&offset=2');
    expect(ids(second)).toEqual([shown[2]!.id]);
  });

  it('continues with before from the last post seen', async () => {
    const fan = await t.fan();
    const creator = await t.creator();
    await follow(fan, creator);
    const shown = await posts(creator, 4, 1);
    const res = await timeline(
      fan,
      `limit=2&before=${encodeURIComponent(shown[1]!.publishedAt.toISOString())}`,
    );
    expect(ids(res)).toEqual([shown[2]!.id, shown[3]!.id]);
    expect(res.json().total).toBe(2);
  });
});

describe('creator feed pages', () => {
  it('puts pinned posts first and says there is more without counting every post', async () => {
    const fan = await t.fan();
    const creator = await t.creator();
    const older = await posts(creator, 4, 1);
    const pinned = await buildFeed(t.ctx.db.db, {
      performerId: creator.user.id,
      publishedAt: minutesAgo(60),
      isPinned: true,
    });
    await failedPost(creator, minutesAgo(0.5));
    const url = (query: string) => `/api/user/feeds/search/${creator.user.username}?${query}`;
    const first = await t.request({ url: url('limit=3'), token: fan.token });
    expect(ids(first)).toEqual([pinned.id, older[0]!.id, older[1]!.id]);
    expect(first.json().total).toBe(4);
    const last = await t.request({ url: url('limit=3&offset=3'), token: fan.token });
    expect(ids(last)).toEqual([older[2]!.id, older[3]!.id]);
    expect(last.json().total).toBe(5);
    const past = await t.request({ url: url('limit=3&offset=9'), token: fan.token });
    expect(past.json().total).toBe(5);
  });
});
