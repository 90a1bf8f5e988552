import { callSessions, eq, subscriptions, userBlocks } from '@fanstage/db';
import { buildFeed, buildGallery, buildProduct, buildSubscription, buildVideo } from '@fanstage/db/factories';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { syncTimelines } from '../../../test/timelines';
import { grantWalletCredit } from '../wallet';

let t: TestApp;
type Account = Awaited<ReturnType<TestApp['fan']>>;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const api = (who: Account | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.request({
    method,
    url: `/api${url}`,
    ...(who ? { token: who.token } : {}),
    ...(payload ? { payload } : {}),
  });

const block = (who: Account | null, targetId: string, reason = 'Spamming my messages.') =>
  api(who, 'POST', '/block/users', { targetId, reason });
const unblock = (who: Account | null, targetId: string) => api(who, 'DELETE', `/block/users/${targetId}`);
const fund = (who: Account, amount: number) =>
  grantWalletCredit(t.ctx, {
    userId: who.user.id,
    amountCents: amount * 100,
    reason: 'test',
    initiatorId: null,
  });
const blockRows = (performerId: string) =>
  t.ctx.db.db.select().from(userBlocks).where(eq(userBlocks.performerId, performerId));
const missingId = '00000000-0000-4000-8000-000000000000';

describe('POST /api/block/users', () => {
  it('blocks a fan with a reason and lists them with public fields only', async () => {
    const [creator, fan] = [await t.creator(), await t.fan({ name: 'Rude Fan' })];
    const res = await block(creator, fan.user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      _id: expect.any(String),
      target: { _id: fan.user.id, name: 'Rude Fan', username: fan.user.username, avatar: expect.any(String) },
      reason: 'Spamming my messages.',
      createdAt: expect.any(String),
    });
    const list = await api(creator, 'GET', '/block/users');
    expect(list.json()).toEqual({ data: [res.json().data], total: 1 });
    expect(JSON.stringify(list.json())).not.toContain(fan.user.email);
  });

  it('is idempotent: blocking twice answers the same block and keeps one row', async () => {
    const [creator, fan] = [await t.creator(), await t.fan()];
    const first = await block(creator, fan.user.id);
    const again = await block(creator, fan.user.id, 'Another reason');
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    expect(await blockRows(creator.user.id)).toHaveLength(1);
  });

  it('refuses oneself, an unknown person and an admin with a sentence, and writes nothing', async () => {
    const [creator, admin] = [await t.creator(), await t.admin()];
    const self = await block(creator, creator.user.id);
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toBe('You cannot block yourself.');
    const unknown = await block(creator, missingId);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/not found/);
    const ofAdmin = await block(creator, admin.user.id);
    expect(ofAdmin.statusCode).toBe(422);
    expect(ofAdmin.json().message).toBe('Administrators cannot be blocked.');
    expect(await blockRows(creator.user.id)).toEqual([]);
  });

  it('refuses a missing, empty or too long reason and a bad id with 400 and its limit', async () => {
    const [creator, fan] = [await t.creator(), await t.fan()];
    const empty = await block(creator, fan.user.id, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/reason/i);
    const long = await block(creator, fan.user.id, 'x'.repeat(501));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/500 characters/);
    expect((await api(creator, 'POST', '/block/users', { targetId: fan.user.id })).statusCode).toBe(400);
    expect((await block(creator, 'not-an-id')).statusCode).toBe(400);
    expect((await block(creator, fan.user.id, 'x'.repeat(500))).statusCode).toBe(200);
  });

  it('is for creators only: a fan or an admin gets 403 with a sentence, a visitor 401', async () => {
    const [fan, other, admin] = [await t.fan(), await t.fan(), await t.admin()];
    for (const who of [fan, admin]) {
      const res = await block(who, other.user.id);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Only creators can do this.');
      expect((await api(who, 'GET', '/block/users')).statusCode).toBe(403);
      expect((await unblock(who, other.user.id)).statusCode).toBe(403);
    }
    expect((await block(null, other.user.id)).statusCode).toBe(401);
    expect((await api(null, 'GET', '/block/users')).statusCode).toBe(401);
    expect((await unblock(null, other.user.id)).statusCode).toBe(401);
  });
});

describe('DELETE /api/block/users/:id and GET /api/block/users', () => {
  it('answers 404 for a person this creator has not blocked, even when another creator has', async () => {
    const [creator, other, fan] = [await t.creator(), await t.creator(), await t.fan()];
    await block(other, fan.user.id);
    const res = await unblock(creator, fan.user.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/not found/);
    expect(await blockRows(other.user.id)).toHaveLength(1);
    expect((await api(creator, 'GET', '/block/users')).json()).toEqual({ data: [], total: 0 });
    expect((await unblock(creator, 'nope')).statusCode).toBe(400);
  });

  it('unblocks, and pages the list latest first', async () => {
    const creator = await t.creator();
    const fans = [await t.fan(), await t.fan(), await t.fan()];
    for (const fan of fans) await block(creator, fan.user.id);
    const page = await api(creator, 'GET', '/block/users?offset=1&limit=1');
    expect(page.json().total).toBe(3);
    expect(page.json().data).toHaveLength(1);
    expect((await api(creator, 'GET', '/block/users?limit=500')).statusCode).toBe(400);
    const res = await unblock(creator, fans[0]!.user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ targetId: fans[0]!.user.id, isBlocked: false });
    expect((await api(creator, 'GET', '/block/users')).json().total).toBe(2);
    expect((await unblock(creator, fans[0]!.user.id)).statusCode).toBe(404);
  });
});

describe('a blocked fan', () => {
  /** Each way a fan reaches a creator, tried through the API; answers the status. */
  const attempts = async (
    fan: Account,
    creator: Account,
    ids: { feedId: string; showId: string; chatId: string },
  ) => ({
    profile: await api(fan, 'GET', `/performers/${creator.user.username}`),
    post: await api(fan, 'GET', `/user/feeds/${ids.feedId}`),
    creatorFeed: await api(fan, 'GET', `/user/feeds/search/${creator.user.username}`),
    message: await api(fan, 'POST', '/conversations', { source: 'performer', sourceId: creator.user.id }),
    tip: await api(fan, 'POST', `/wallet/charges/tip/${creator.user.id}`, { amount: 10 }),
    purchase: await api(fan, 'POST', `/wallet/charges/feed/${ids.feedId}`),
    subscribe: await api(fan, 'POST', '/payment/subscribe/performers', {
      performerId: creator.user.id,
      type: 'monthly',
    }),
    streamJoin: await api(fan, 'GET', `/streaming/join/${ids.showId}`),
    streamChat: await api(fan, 'POST', `/messages/stream/${ids.chatId}`, { text: 'Hi everyone' }),
    showRequest: await api(fan, 'POST', '/streaming/private/request', {
      performerId: creator.user.id,
      scheduledAt: new Date(Date.now() + 3_600_000).toISOString(),
      timezone: 'UTC',
    }),
    call: await api(fan, 'POST', '/streaming/calls', { performerId: creator.user.id }),
  });

  it('is refused each way of reaching the creator, and unblocking restores them all', async () => {
    const creator = await t.creator({ privateCallPrice: 1, profile: { acceptsCalls: true } });
    const [fan, bystander] = [await t.fan(), await t.fan()];
    await fund(fan, 100);
    const feed = await buildFeed(t.ctx.db.db, { performerId: creator.user.id, isSale: true, price: 3 });
    const show = await api(creator, 'POST', '/streaming/live', { title: 'Tonight' });
    expect(show.statusCode).toBe(200);
    const ids = {
      feedId: feed.id,
      showId: show.json().data._id as string,
      chatId: show.json().data.conversationId as string,
    };
    // A conversation started before the block shows as blocked afterwards.
    const conversation = (
      await api(fan, 'POST', '/conversations', { source: 'performer', sourceId: creator.user.id })
    ).json().data;

    await block(creator, fan.user.id);
    const refused = await attempts(fan, creator, ids);
    for (const [what, res] of Object.entries(refused)) {
      expect.soft(res.statusCode, what).toBe(what === 'post' ? 404 : 403);
      if (what !== 'post') expect.soft(res.json().message, what).toMatch(/blocked by this creator/);
    }
    const said = await api(fan, 'POST', `/messages/conversations/${conversation._id}`, { text: 'Hello?' });
    expect(said.statusCode).toBe(403);
    expect(said.json().message).toMatch(/blocked by this creator/);
    const listed = (await api(fan, 'GET', '/conversations')).json().data;
    expect(listed.find((c: { _id: string }) => c._id === conversation._id)).toMatchObject({
      isBlocked: true,
      canSend: false,
    });
    // Nobody else is affected, and the creator and admins still see the profile.
    expect((await api(bystander, 'GET', `/performers/${creator.user.username}`)).statusCode).toBe(200);
    expect((await api(creator, 'GET', `/performers/${creator.user.username}`)).statusCode).toBe(200);
    expect((await api(await t.admin(), 'GET', `/performers/${creator.user.username}`)).statusCode).toBe(200);

    await unblock(creator, fan.user.id);
    const restored = await attempts(fan, creator, ids);
    for (const [what, res] of Object.entries(restored)) {
      expect.soft(res.statusCode, what).not.toBe(404);
      if (res.statusCode >= 400) expect.soft(res.json().message, what).not.toMatch(/blocked/);
    }
    expect(restored.profile.statusCode).toBe(200);
    expect(restored.post.statusCode).toBe(200);
    expect(restored.tip.statusCode).toBe(200);
    expect(restored.purchase.statusCode).toBe(200);
    expect(restored.subscribe.statusCode).toBe(200);
    expect(restored.showRequest.statusCode).toBe(200);
    expect(restored.call.statusCode).toBe(200);
    // No media on the test server: the gate let the fan through to the media step.
    expect(restored.streamJoin.json().message).toBe('Live video is not available on this server right now.');
    expect(
      (await api(fan, 'POST', `/messages/conversations/${conversation._id}`, { text: 'Sorry!' })).statusCode,
    ).toBe(200);
  });

  it("no longer finds the creator's posts in their home feed, and finds them again once unblocked", async () => {
    const [creator, fan] = [await t.creator(), await t.fan()];
    await api(fan, 'POST', `/follows/${creator.user.id}`);
    const feed = await buildFeed(t.ctx.db.db, {
      performerId: creator.user.id,
      publishedAt: new Date(Date.now() - 1000),
    });
    await syncTimelines(t); // the post was written past the service and its fan-out job
    const home = async () =>
      (await api(fan, 'GET', '/user/feeds')).json() as { data: { _id: string }[]; total: number };
    expect((await home()).data.map((p) => p._id)).toContain(feed.id);
    await block(creator, fan.user.id);
    expect(await home()).toEqual({ data: [], total: 0 });
    await unblock(creator, fan.user.id);
    expect((await home()).data.map((p) => p._id)).toContain(feed.id);
  });

  it("leaves the creator out of the fan's creator lists and explore lists, and brings them back once unblocked", async () => {
    const [creator, fan] = [await t.creator(), await t.fan()];
    const db = t.ctx.db.db;
    await buildVideo(db, { performerId: creator.user.id });
    await buildGallery(db, { performerId: creator.user.id });
    await buildProduct(db, { performerId: creator.user.id });
    const lists = [
      '/performers/user/search?limit=100',
      '/performers/top?limit=100',
      '/performer-assets/videos/search?limit=100',
      '/performer-assets/galleries/search?limit=100',
      '/performer-assets/products/search?limit=100',
    ];
    const creatorsIn = async (url: string) =>
      (
        (await api(fan, 'GET', url)).json() as {
          data: { _id: string; performerId?: string; performer?: { _id: string } }[];
        }
      ).data.map((row) => row.performer?._id ?? row.performerId ?? row._id);
    for (const url of lists) expect(await creatorsIn(url), url).toContain(creator.user.id);
    await block(creator, fan.user.id);
    for (const url of lists) expect(await creatorsIn(url), url).not.toContain(creator.user.id);
    // Another fan still finds them.
    const other = await t.fan();
    const seen = (await api(other, 'GET', '/performers/user/search?limit=100')).json().data as {
      _id: string;
    }[];
    expect(seen.map((p) => p._id)).toContain(creator.user.id);
    await unblock(creator, fan.user.id);
    for (const url of lists) expect(await creatorsIn(url), url).toContain(creator.user.id);
  });

  it("stops the fan's subscription to the creator from renewing, so they are never charged again", async () => {
    const [creator, fan, other] = [await t.creator(), await t.fan(), await t.creator()];
    const mine = await buildSubscription(t.ctx.db.db, { fanId: fan.user.id, performerId: creator.user.id });
    const elsewhere = await buildSubscription(t.ctx.db.db, {
      fanId: fan.user.id,
      performerId: other.user.id,
    });
    const rowOf = async (id: string) =>
      (await t.ctx.db.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
    expect((await rowOf(mine.id)).autoRenew).toBe(true);
    expect((await block(creator, fan.user.id)).statusCode).toBe(200);
    expect(await rowOf(mine.id)).toMatchObject({ autoRenew: false, cancelledAt: expect.any(Date) });
    // Another creator's subscription renews as before; unblocking does not turn renewal back on.
    expect((await rowOf(elsewhere.id)).autoRenew).toBe(true);
    await unblock(creator, fan.user.id);
    expect((await rowOf(mine.id)).autoRenew).toBe(false);
  });

  it('in a live call is cut at once: the call ends with the reason "blocked" and the fan is told', async () => {
    const creator = await t.creator({ privateCallPrice: 1, profile: { acceptsCalls: true } });
    const fan = await t.fan();
    await fund(fan, 20);
    const id = (await api(fan, 'POST', '/streaming/calls', { performerId: creator.user.id })).json().data._id;
    expect((await api(creator, 'POST', `/streaming/calls/${id}/accept`)).statusCode).toBe(200);
    const sent = vi.spyOn(t.ctx.realtime, 'toUser');
    try {
      await block(creator, fan.user.id);
      const [row] = await t.ctx.db.db.select().from(callSessions).where(eq(callSessions.id, id));
      expect(row).toMatchObject({ status: 'finished', endReason: 'blocked' });
      expect(sent).toHaveBeenCalledWith(
        fan.user.id,
        'call/ended',
        expect.objectContaining({
          reason: 'blocked',
          message: 'The call ended because the creator blocked you.',
        }),
      );
    } finally {
      sent.mockRestore();
    }
    expect((await api(fan, 'GET', `/streaming/calls/${id}/join`)).statusCode).toBeGreaterThanOrEqual(400);
  });

  it("in the creator's live show is taken out of it at once", async () => {
    const [creator, fan] = [await t.creator(), await t.fan()];
    const showId = (await api(creator, 'POST', '/streaming/live', { title: 'Live' })).json().data._id;
    const sent = vi.spyOn(t.ctx.realtime, 'toUser');
    try {
      await block(creator, fan.user.id);
      expect(sent).toHaveBeenCalledWith(fan.user.id, 'stream/moderated', {
        streamId: showId,
        isMuted: false,
        isRemoved: true,
      });
    } finally {
      sent.mockRestore();
    }
    const chat = await api(fan, 'GET', `/streaming/${showId}`);
    expect(chat.statusCode).toBe(403);
    await api(creator, 'POST', `/streaming/live/${showId}/end`);
  });
});
