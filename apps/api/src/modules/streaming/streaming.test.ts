import { and, earnings, eq, liveSessions, purchases } from '@fanstage/db';
import { buildSubscription } from '@fanstage/db/factories';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClock } from '../../../test/helpers';
import { grantWalletCredit, reconcileLedger } from '../wallet';

const clock = new TestClock();
let t: TestApp;
type Account = Awaited<ReturnType<TestApp['fan']>>;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterEach(async () => {
  const report = await reconcileLedger(t.ctx.db.db);
  expect(report.problems).toEqual([]);
});
afterAll(async () => {
  await t.close();
});

const goLive = (who: Account, payload: unknown) =>
  t.request({ method: 'POST', url: '/api/streaming/live', token: who.token, payload: payload as object });

const edit = (who: Account, id: string, payload: unknown) =>
  t.request({
    method: 'PUT',
    url: `/api/streaming/live/${id}`,
    token: who.token,
    payload: payload as object,
  });

const setDuration = (who: Account, payload: unknown) =>
  t.request({
    method: 'PUT',
    url: '/api/streaming/set-duration',
    token: who.token,
    payload: payload as object,
  });

const end = (who: Account, id: string) =>
  t.request({ method: 'POST', url: `/api/streaming/live/${id}/end`, token: who.token });

const view = (who: Account | null, id: string) =>
  t.request({ url: `/api/streaming/${id}`, ...(who ? { token: who.token } : {}) });

const buy = (who: Account, id: string) =>
  t.request({ method: 'POST', url: `/api/wallet/charges/stream/${id}`, token: who.token });

const subscribe = (fan: Account, creator: Account) =>
  buildSubscription(t.ctx.db.db, {
    fanId: fan.user.id,
    performerId: creator.user.id,
    expiredAt: new Date(clock.now().getTime() + 30 * 24 * 60 * 60 * 1000),
  });

const fund = (who: Account, amount: number) =>
  grantWalletCredit(t.ctx, {
    userId: who.user.id,
    amountCents: Math.round(amount * 100),
    reason: 'test',
    initiatorId: null,
  });

const balanceOf = async (who: Account) =>
  (await t.request({ url: '/api/users/me', token: who.token })).json().data.balance as number;

const sessionsOf = (creator: Account) =>
  t.ctx.db.db.select().from(liveSessions).where(eq(liveSessions.performerId, creator.user.id));

async function startShow(creator: Account, payload: object = { title: 'Sunday show' }): Promise<string> {
  const res = await goLive(creator, payload);
  expect(res.statusCode).toBe(200);
  return res.json().data._id as string;
}

describe('going live', () => {
  it('goes live with a trimmed title and a price, and shows the session to its creator', async () => {
    const creator = await t.creator();
    const res = await goLive(creator, { title: '  Late night Q&A  ', price: 4.5, durationMinutes: 60 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      title: 'Late night Q&A',
      price: 4.5,
      status: 'live',
      plannedDurationMinutes: 60,
      endedAt: null,
      startedAt: clock.now().toISOString(),
      performer: { _id: creator.user.id, name: creator.user.name },
      canJoin: true,
      isOwner: true,
    });
  });

  it('refuses a second show while the first is live (409) and keeps one live row', async () => {
    const creator = await t.creator();
    await startShow(creator);
    const second = await goLive(creator, { title: 'Another one' });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('You are already live; end that show before starting another one.');
    expect(await sessionsOf(creator)).toHaveLength(1);
  });

  it('refuses a fan who tries to go live (403)', async () => {
    const fan = await t.fan();
    const res = await goLive(fan, { title: 'Me too' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only creators can do this.');
  });

  it.each([
    ['an empty title', { title: '   ' }, 'Give the live show a title.'],
    ['a negative price', { title: 'Show', price: -1 }, 'Price must be between 0.00 and 10000.00.'],
    ['a price over the limit', { title: 'Show', price: 100001 }, 'Price must be between 0.00 and 10000.00.'],
    ['three decimals', { title: 'Show', price: 1.234 }, 'Price can have at most two decimals.'],
    ['a title of 101 characters', { title: 'x'.repeat(101) }, 'The title can be at most 100 characters.'],
    ['a title that is a number', { title: 42 }, 'The title must be text.'],
    ['a price that is text', { title: 'Show', price: '5' }, 'Price must be a number, like 5.00.'],
    ['a duration of 0', { title: 'Show', durationMinutes: 0 }, 'The duration must be at least 1 minute.'],
  ])('refuses %s with a sentence and starts nothing', async (_name, payload, message) => {
    const creator = await t.creator();
    const res = await goLive(creator, payload);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(message);
    expect(await sessionsOf(creator)).toHaveLength(0);
  });

  it('refuses a NUL byte in the title and starts nothing', async () => {
    const creator = await t.creator();
    const res = await goLive(creator, { title: 'bad\u0000title' });
    expect([400, 422]).toContain(res.statusCode);
    expect(res.json().message).toMatch(/\.$/);
    expect(await sessionsOf(creator)).toHaveLength(0);
  });
});

describe('editing and ending', () => {
  it('edits the title and price, extends the duration, and refuses a shorter one with a sentence', async () => {
    const creator = await t.creator();
    const id = await startShow(creator, { title: 'Show', durationMinutes: 30 });
    const edited = await edit(creator, id, { title: 'Better show', price: 2 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ title: 'Better show', price: 2 });

    const longer = await setDuration(creator, { streamId: id, durationMinutes: 45 });
    expect(longer.statusCode).toBe(200);
    expect(longer.json().data.plannedDurationMinutes).toBe(45);

    for (const minutes of [45, 20]) {
      const shorter = await setDuration(creator, { streamId: id, durationMinutes: minutes });
      expect(shorter.statusCode).toBe(422);
      expect(shorter.json().message).toBe('The new duration must be longer than the current 45 minutes.');
    }
    const [row] = await sessionsOf(creator);
    expect(row).toMatchObject({ title: 'Better show', priceCents: 200, plannedDurationMinutes: 45 });
  });

  it('refuses an edit that changes nothing, or a price over the limit, and changes nothing', async () => {
    const creator = await t.creator();
    const id = await startShow(creator, { title: 'Show', price: 3 });
    const empty = await edit(creator, id, {});
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain('Say what to change: the title or the price.');
    const tooDear = await edit(creator, id, { price: 100001 });
    expect(tooDear.statusCode).toBe(400);
    expect(JSON.stringify(tooDear.json())).toContain('Price must be between 0.00 and 10000.00.');
    const [row] = await sessionsOf(creator);
    expect(row).toMatchObject({ title: 'Show', priceCents: 300 });
  });

  it("answers 404 for another creator's show on edit, duration and end, and changes nothing", async () => {
    const [owner, other] = [await t.creator(), await t.creator()];
    const id = await startShow(owner, { title: 'Mine', durationMinutes: 10 });
    for (const res of [
      await edit(other, id, { title: 'Yours now' }),
      await setDuration(other, { streamId: id, durationMinutes: 99 }),
      await end(other, id),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('That live show was not found.');
    }
    const [row] = await sessionsOf(owner);
    expect(row).toMatchObject({ title: 'Mine', status: 'live', plannedDurationMinutes: 10 });
  });

  it('ends the show with the time and the reason, then refuses edits, and lets the creator go live again', async () => {
    const creator = await t.creator();
    const id = await startShow(creator);
    clock.advance(60_000);
    const ended = await end(creator, id);
    expect(ended.statusCode).toBe(200);
    expect(ended.json().data).toMatchObject({
      status: 'ended',
      endedAt: clock.now().toISOString(),
      canJoin: false,
    });
    const [row] = await sessionsOf(creator);
    expect(row).toMatchObject({ status: 'ended', endReason: 'ended_by_creator', endedAt: clock.now() });

    expect((await end(creator, id)).statusCode).toBe(200);
    const late = await edit(creator, id, { title: 'Too late' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This live show has ended.');
    await startShow(creator, { title: 'Round two' });
    expect(await sessionsOf(creator)).toHaveLength(2);
  });
});

describe('finding live shows', () => {
  it('lists only live shows, paginated, with the total', async () => {
    const creators = [await t.creator(), await t.creator(), await t.creator()];
    const ids = [];
    for (const creator of creators) {
      clock.advance(1000);
      ids.push(await startShow(creator, { title: `Show of ${creator.user.name}` }));
    }
    await end(creators[0]!, ids[0]!);
    const fan = await t.fan();
    const all = await t.request({ url: '/api/streaming/user/search?limit=100', token: fan.token });
    expect(all.statusCode).toBe(200);
    const listed = all.json().data.map((s: { _id: string }) => s._id);
    expect(listed).not.toContain(ids[0]);
    expect(listed).toEqual(expect.arrayContaining([ids[1], ids[2]]));
    expect(all.json().data.every((s: { status: string }) => s.status === 'live')).toBe(true);

    const page = await t.request({ url: '/api/streaming/user/search?limit=1&offset=0' });
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toHaveLength(1);
    expect(page.json().total).toBe(all.json().total);

    const one = await t.request({ url: `/api/streaming/user/search?performerId=${creators[2]!.user.id}` });
    expect(one.json()).toMatchObject({ total: 1, data: [{ _id: ids[2] }] });
  });

  it("hides an unverified creator's show from others (404) and from the list", async () => {
    const hidden = await t.creator({ documentsVerified: false });
    const id = await startShow(hidden);
    const fan = await t.fan();
    expect((await view(fan, id)).statusCode).toBe(404);
    const list = await t.request({ url: `/api/streaming/user/search?performerId=${hidden.user.id}` });
    expect(list.json()).toEqual({ data: [], total: 0 });
  });

  it('lets subscribers join a free show, not other fans', async () => {
    const [creator, subscriber, stranger] = [await t.creator(), await t.fan(), await t.fan()];
    await subscribe(subscriber, creator);
    const id = await startShow(creator);
    expect((await view(subscriber, id)).json().data).toMatchObject({
      canJoin: true,
      isPaid: false,
      price: 0,
    });
    expect((await view(stranger, id)).json().data).toMatchObject({ canJoin: false, isOwner: false });
    expect((await view(null, id)).json().data).toMatchObject({ canJoin: false });
  });
});

describe('paying for a show', () => {
  const bought = (fan: Account, id: string) =>
    t.ctx.db.db
      .select()
      .from(purchases)
      .where(
        and(eq(purchases.fanId, fan.user.id), eq(purchases.targetType, 'stream'), eq(purchases.targetId, id)),
      );

  it('charges a subscriber once per session, and a new session needs a new payment', async () => {
    const [creator, fan] = [await t.creator(), await t.fan()];
    await subscribe(fan, creator);
    await fund(fan, 20);
    const id = await startShow(creator, { title: 'Paid show', price: 5 });
    expect((await view(fan, id)).json().data).toMatchObject({ canJoin: false, isPaid: false });

    const first = await buy(fan, id);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ type: 'stream', targetId: id, amount: 5, balance: 15 });
    expect((await view(fan, id)).json().data).toMatchObject({ canJoin: true, isPaid: true });

    const again = await buy(fan, id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already bought this live show; it was not charged again.');
    expect(await balanceOf(fan)).toBe(15);
    expect(await bought(fan, id)).toHaveLength(1);

    await end(creator, id);
    const next = await startShow(creator, { title: 'Paid show, part two', price: 5 });
    expect((await view(fan, next)).json().data).toMatchObject({ canJoin: false, isPaid: false });
    expect((await buy(fan, next)).statusCode).toBe(200);
    expect(await balanceOf(fan)).toBe(10);

    const rows = await t.ctx.db.db.select().from(earnings).where(eq(earnings.performerId, creator.user.id));
    expect(rows.map((r) => [r.sourceType, r.sourceId, r.grossCents])).toEqual(
      expect.arrayContaining([
        ['stream', id, 500],
        ['stream', next, 500],
      ]),
    );
    expect(rows).toHaveLength(2);
  });

  it('refuses a fan who is not a subscriber and charges nothing', async () => {
    const [creator, fan] = [await t.creator(), await t.fan()];
    await fund(fan, 20);
    const id = await startShow(creator, { title: 'Paid show', price: 5 });
    const res = await buy(fan, id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(`Subscribe to ${creator.user.name} to join their live shows.`);
    expect(await balanceOf(fan)).toBe(20);
    expect(await bought(fan, id)).toHaveLength(0);
  });

  it('refuses to sell an ended show or a free one, and charges nothing', async () => {
    const [creator, fan] = [await t.creator(), await t.fan()];
    await subscribe(fan, creator);
    await fund(fan, 20);
    const free = await startShow(creator, { title: 'Free show' });
    const freeRes = await buy(fan, free);
    expect(freeRes.statusCode).toBe(422);
    expect(freeRes.json().message).toBe('This live show is free for subscribers; there is nothing to pay.');
    await end(creator, free);

    const paid = await startShow(creator, { title: 'Paid show', price: 5 });
    await end(creator, paid);
    const endedRes = await buy(fan, paid);
    expect(endedRes.statusCode).toBe(409);
    expect(endedRes.json().message).toBe('This live show has ended.');
    expect(await balanceOf(fan)).toBe(20);
  });

  it('answers 404 for a show that does not exist and charges nothing', async () => {
    const fan = await t.fan();
    await fund(fan, 20);
    const res = await buy(fan, '00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(await balanceOf(fan)).toBe(20);
  });
});

describe('joining the video without media on the server (LIVE_MEDIA off)', () => {
  const join = (who: Account | null, id: string) =>
    t.request({ url: `/api/streaming/join/${id}`, ...(who ? { token: who.token } : {}) });

  it('still goes live, and refuses joins with a sentence instead of failing', async () => {
    const creator = await t.creator();
    const id = await startShow(creator);
    const res = await join(creator, id);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Live video is not available on this server right now.');
    await end(creator, id);
  });

  it('asks who is joining, and refuses a paid show to a subscriber who has not bought it', async () => {
    const [creator, fan] = [await t.creator(), await t.fan()];
    await subscribe(fan, creator);
    const id = await startShow(creator, { title: 'Paid show', price: 5 });
    expect((await join(null, id)).statusCode).toBe(401);
    const res = await join(fan, id);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/^Subscribe to .+ and buy this show to watch it\.$/);
    await end(creator, id);
  });
});
