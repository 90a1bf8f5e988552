import { callSessions, earnings, eq, ledgerTransactions, like, userBlocks, users } from '@fanstage/db';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, TestClock } from '../../../test/helpers';
import { callMinuteKey, chargeCallMinute, grantWalletCredit, reconcileLedger } from '../wallet';
import { runCallTicker } from './calls.service';

const clock = new TestClock();
let t: TestApp;
type Account = Awaited<ReturnType<TestApp['fan']>>;
const minute = 60_000;

beforeAll(async () => {
  t = await createTestApp({ clock });
  await t.ctx.settings.update({ minimumBalance1on1Calls: 10 });
});
afterEach(async () => {
  expect((await reconcileLedger(t.ctx.db.db)).problems).toEqual([]);
});
afterAll(async () => {
  await t.close();
});

const fund = (who: Account, amount: number) =>
  grantWalletCredit(t.ctx, {
    userId: who.user.id,
    amountCents: Math.round(amount * 100),
    reason: 'test',
    initiatorId: null,
  });

const api = (who: Account | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.request({
    method,
    url: `/api${url}`,
    ...(who ? { token: who.token } : {}),
    ...(payload ? { payload } : {}),
  });

const inAnHour = () => new Date(clock.now().getTime() + 60 * minute).toISOString();
const caller = () => t.creator({ privateCallPrice: 5, profile: { acceptsCalls: true } });
const statementOf = async (who: Account) =>
  (await api(who, 'GET', '/wallet/transactions?account=wallet')).json().data as { amount: number }[];
const sessionRow = async (id: string) =>
  (await t.ctx.db.db.select().from(callSessions).where(eq(callSessions.id, id)))[0]!;
const walletCents = async (who: Account) =>
  (await t.ctx.db.db.select({ cents: users.balanceCents }).from(users).where(eq(users.id, who.user.id)))[0]!
    .cents;

/** Keeps the fan's page alive, then moves the clock and runs the ticker once. */
const nextMinute = async (fan: Account, id: string, kind: 'calls' | 'private/request' = 'calls') => {
  clock.advance(30_000);
  await api(fan, 'POST', `/streaming/${kind}/${id}/heartbeat`);
  clock.advance(30_000);
  await api(fan, 'POST', `/streaming/${kind}/${id}/heartbeat`);
  return runCallTicker(t.ctx);
};

describe('private show requests', () => {
  const request = (fan: Account, creator: Account, extra: object = {}) =>
    api(fan, 'POST', '/streaming/private/request', {
      performerId: creator.user.id,
      scheduledAt: inAnHour(),
      timezone: 'Europe/Paris',
      note: 'Birthday',
      ...extra,
    });

  it('goes pending → approved → live → finished, each step by the right person, billed per minute', async () => {
    const [fan, creator, other, otherCreator] = [
      await t.fan(),
      await caller(),
      await t.fan(),
      await t.creator(),
    ];
    await fund(fan, 30);
    const created = await request(fan, creator);
    expect(created.statusCode).toBe(200);
    const show = created.json().data;
    expect(show).toMatchObject({
      kind: 'private_show',
      status: 'pending',
      note: 'Birthday',
      timezone: 'Europe/Paris',
    });
    expect(show.conversationId).toEqual(expect.any(String));
    // The request's own conversation: both can write there, a stranger cannot read it.
    const said = await api(fan, 'POST', `/messages/conversations/${show.conversationId}`, {
      text: 'Hi, see you then',
    });
    expect(said.statusCode).toBe(200);
    expect((await api(creator, 'GET', `/messages/conversations/${show.conversationId}`)).statusCode).toBe(
      200,
    );
    expect((await api(other, 'GET', `/messages/conversations/${show.conversationId}`)).statusCode).toBe(404);
    const second = (await request(fan, creator)).json().data;
    expect(second.conversationId).not.toBe(show.conversationId);

    // Strangers get 404, the fan cannot approve (403), the creator sees it in their list.
    expect((await api(other, 'POST', `/streaming/private/request/${show._id}/approve`)).statusCode).toBe(404);
    expect(
      (await api(otherCreator, 'POST', `/streaming/private/request/${show._id}/approve`)).statusCode,
    ).toBe(404);
    const byFan = await api(fan, 'POST', `/streaming/private/request/${show._id}/approve`);
    expect(byFan.statusCode).toBe(403);
    expect(byFan.json().message).toMatch(/Only the creator/);
    expect(
      (await api(creator, 'GET', '/streaming/private/request'))
        .json()
        .data.map((r: { _id: string }) => r._id),
    ).toContain(show._id);
    expect((await api(fan, 'GET', '/streaming/private/request/search')).json().total).toBe(2);
    expect((await api(fan, 'GET', `/streaming/private/request/${show._id}/join`)).statusCode).toBe(409);

    expect(
      (await api(creator, 'POST', `/streaming/private/request/${show._id}/approve`)).json().data.status,
    ).toBe('approved');
    const again = await api(creator, 'POST', `/streaming/private/request/${show._id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This private show is approved; only a pending one can be approved.');
    expect((await api(fan, 'DELETE', `/streaming/private/request/${show._id}`)).statusCode).toBe(409);

    expect((await api(fan, 'GET', `/streaming/private/request/${show._id}/start?price=4`)).statusCode).toBe(
      403,
    );
    const bad = await api(creator, 'GET', `/streaming/private/request/${show._id}/start?price=0`);
    expect(bad.statusCode).toBe(400);
    const started = await api(creator, 'GET', `/streaming/private/request/${show._id}/start?price=4`);
    expect(started.json().data).toMatchObject({ status: 'live', price: 4, billedMinutes: 1, totalSpent: 4 });

    // Media is off in tests: the join answers the adapter's sentence, the lifecycle goes on.
    const join = await api(fan, 'GET', `/streaming/private/request/${show._id}/join`);
    expect(join.statusCode).toBe(422);
    expect(join.json().message).toBe('Live video is not available on this server right now.');
    expect((await api(other, 'GET', `/streaming/private/request/${show._id}/join`)).statusCode).toBe(404);

    expect(
      (await api(creator, 'POST', `/streaming/private/request/${show._id}/edit`, { price: 6 })).json().data
        .price,
    ).toBe(6);
    expect((await nextMinute(fan, show._id, 'private/request')).charged).toBe(1);
    const finished = await api(fan, 'POST', `/streaming/private/request/${show._id}/finish`);
    expect(finished.json().data).toMatchObject({
      status: 'finished',
      endReason: 'ended_by_fan',
      billedMinutes: 2,
      totalSpent: 10,
      totalSeconds: 60,
    });
    expect((await api(other, 'POST', `/streaming/private/request/${show._id}/finish`)).statusCode).toBe(404);
  });

  it('lets the fan delete a pending request, and only the fan', async () => {
    const [fan, creator] = [await t.fan(), await caller()];
    await fund(fan, 20);
    const id = (await request(fan, creator)).json().data._id;
    expect((await api(creator, 'DELETE', `/streaming/private/request/${id}`)).statusCode).toBe(403);
    expect((await api(fan, 'DELETE', `/streaming/private/request/${id}`)).json().data.status).toBe(
      'cancelled',
    );
    expect((await api(creator, 'POST', `/streaming/private/request/${id}/approve`)).statusCode).toBe(409);
  });

  it('refuses a request from a fan under the minimum balance with a sentence', async () => {
    const [fan, creator] = [await t.fan(), await caller()];
    await fund(fan, 9.99);
    const res = await request(fan, creator);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      'You need at least $10.00 in your wallet to request a private show; you have $9.99. Top up your wallet first.',
    );
  });

  it('refuses bad input with a sentence and saves nothing', async () => {
    const [fan, creator] = [await t.fan(), await caller()];
    await fund(fan, 20);
    for (const extra of [
      { timezone: 'Mars/Olympus' },
      { scheduledAt: 'tomorrow' },
      { note: 'x'.repeat(1001) },
      { performerId: 'nope' },
      { price: 3 },
    ]) {
      const res = await request(fan, creator, extra);
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const past = await request(fan, creator, {
      scheduledAt: new Date(clock.now().getTime() - 2 * minute).toISOString(),
    });
    expect(past.statusCode).toBe(422);
    expect((await request(fan, creator, { performerId: fan.user.id })).statusCode).toBe(404);
    expect((await api(fan, 'GET', '/streaming/private/request/not-an-id')).statusCode).toBe(400);
    expect(
      (await api(fan, 'POST', '/streaming/private/request/00000000-0000-4000-8000-000000000000/finish'))
        .statusCode,
    ).toBe(404);
    expect((await api(fan, 'GET', '/streaming/private/request')).statusCode).toBe(403);
    expect((await api(null, 'GET', '/streaming/private/request/search')).statusCode).toBe(401);
    expect((await api(fan, 'GET', '/streaming/private/request/search')).json().total).toBe(0);
  });
});

describe('1-on-1 calls', () => {
  const ring = (fan: Account, creator: Account) =>
    api(fan, 'POST', '/streaming/calls', { performerId: creator.user.id });

  it('charges 5, then 5, then ends the call when 2 remain; totals, statement and earnings agree', async () => {
    const [fan, creator] = [await t.fan(), await caller()];
    await fund(fan, 12);
    const rung = await ring(fan, creator);
    expect(rung.json().data).toMatchObject({ kind: 'call', status: 'ringing', price: 5 });
    const id = rung.json().data._id;
    expect((await api(fan, 'POST', `/streaming/calls/${id}/accept`)).statusCode).toBe(403);

    const accepted = await api(creator, 'POST', `/streaming/calls/${id}/accept`);
    expect(accepted.json().data).toMatchObject({ status: 'live', billedMinutes: 1, totalSpent: 5 });
    expect(await walletCents(fan)).toBe(700);
    // Nothing more is due inside the first minute, however often the ticker runs.
    clock.advance(20_000);
    expect((await runCallTicker(t.ctx)).charged).toBe(0);
    clock.advance(-20_000);

    expect(await nextMinute(fan, id)).toMatchObject({ charged: 1, ended: 0 });
    expect(await walletCents(fan)).toBe(200);
    expect(await nextMinute(fan, id)).toMatchObject({ charged: 0, ended: 1 });
    const ended = (await api(fan, 'GET', `/streaming/calls/${id}`)).json().data;
    expect(ended).toMatchObject({
      status: 'finished',
      endReason: 'insufficient_balance',
      billedMinutes: 2,
      totalSpent: 10,
      totalSeconds: 120,
    });
    expect(await walletCents(fan)).toBe(200);

    const statement = await statementOf(fan);
    expect(statement.filter((l) => l.amount < 0).map((l) => l.amount)).toEqual([-5, -5]);
    const earned = await t.ctx.db.db.select().from(earnings).where(eq(earnings.sourceId, id));
    expect(earned.map((e) => [e.sourceType, e.grossCents])).toEqual([
      ['private_call', 500],
      ['private_call', 500],
    ]);
    expect(earned.reduce((s, e) => s + e.grossCents, 0)).toBe(1000);
    expect((await reconcileLedger(t.ctx.db.db)).ok).toBe(true);

    // After the end, nothing is ever billed again.
    clock.advance(5 * minute);
    expect(await runCallTicker(t.ctx)).toEqual({ missed: 0, charged: 0, ended: 0 });
    expect(await chargeCallMinute(t.ctx, { sessionId: id, minute: 3 })).toEqual({ outcome: 'not_live' });
  });

  it('ends a call whose fan page stops its heartbeat, before the next minute, and bills no more', async () => {
    const [fan, creator] = [await t.fan(), await caller()];
    await fund(fan, 100);
    const id = (await ring(fan, creator)).json().data._id;
    await api(creator, 'POST', `/streaming/calls/${id}/accept`);
    clock.advance(46_000);
    expect(await runCallTicker(t.ctx)).toMatchObject({ ended: 1, charged: 0 });
    expect(await sessionRow(id)).toMatchObject({
      status: 'finished',
      endReason: 'fan_gone',
      billedMinutes: 1,
      totalSpentCents: 500,
    });
    clock.advance(3 * minute);
    expect((await runCallTicker(t.ctx)).charged).toBe(0);
    expect(await walletCents(fan)).toBe(9500);
    expect((await api(fan, 'POST', `/streaming/calls/${id}/heartbeat`)).statusCode).toBe(409);
  });

  it('bills each minute once when tickers race or a minute is re-run after a crash', async () => {
    const [fan, creator] = [await t.fan(), await caller()];
    await fund(fan, 100);
    const id = (await ring(fan, creator)).json().data._id;
    await api(creator, 'POST', `/streaming/calls/${id}/accept`);
    clock.advance(61_000);
    await api(fan, 'POST', `/streaming/calls/${id}/heartbeat`);
    const reports = await Promise.all([runCallTicker(t.ctx), runCallTicker(t.ctx), runCallTicker(t.ctx)]);
    expect(reports.reduce((s, r) => s + r.charged, 0)).toBe(1);
    // A worker that crashed after charging minute 2 runs it again: nothing moves.
    expect(await chargeCallMinute(t.ctx, { sessionId: id, minute: 2 })).toEqual({
      outcome: 'already_billed',
    });
    expect(await chargeCallMinute(t.ctx, { sessionId: id, minute: 1 })).toEqual({
      outcome: 'already_billed',
    });
    expect(await sessionRow(id)).toMatchObject({ billedMinutes: 2, totalSpentCents: 1000 });
    expect(await walletCents(fan)).toBe(9000);
    const keys = await t.ctx.db.db
      .select({ key: ledgerTransactions.idempotencyKey })
      .from(ledgerTransactions)
      .where(like(ledgerTransactions.idempotencyKey, `call:${id}:%`))
      .orderBy(ledgerTransactions.idempotencyKey);
    expect(keys.map((r) => r.key)).toEqual([callMinuteKey(id, 1), callMinuteKey(id, 2)]);
    await api(creator, 'POST', `/streaming/calls/${id}/end`);
    expect(await sessionRow(id)).toMatchObject({ status: 'finished', endReason: 'ended_by_creator' });
  });

  it('never overdraws: a minute and a tip racing for the last 7 leave one paid', async () => {
    const [fan, creator] = [await t.fan(), await caller()];
    await fund(fan, 12);
    const id = (await ring(fan, creator)).json().data._id;
    await api(creator, 'POST', `/streaming/calls/${id}/accept`);
    clock.advance(60_000);
    await api(fan, 'POST', `/streaming/calls/${id}/heartbeat`);
    const [tip, tick] = await Promise.all([
      api(fan, 'POST', `/wallet/charges/tip/${creator.user.id}`, { amount: 5 }),
      runCallTicker(t.ctx),
    ]);
    const balance = await walletCents(fan);
    expect(balance).toBe(200);
    expect((tip.statusCode === 200 ? 1 : 0) + tick.charged).toBe(1);
    if (tip.statusCode === 200) expect(tick.ended).toBe(1);
  });

  it('rings, is declined, cancelled or missed, each by the right person', async () => {
    const [fan, creator, stranger] = [await t.fan(), await caller(), await t.fan()];
    await fund(fan, 50);
    const first = (await ring(fan, creator)).json().data._id;
    expect((await ring(fan, creator)).statusCode).toBe(409);
    expect((await api(stranger, 'POST', `/streaming/calls/${first}/decline`)).statusCode).toBe(404);
    expect((await api(fan, 'POST', `/streaming/calls/${first}/decline`)).statusCode).toBe(403);
    expect((await api(creator, 'POST', `/streaming/calls/${first}/decline`)).json().data.status).toBe(
      'declined',
    );
    expect((await api(creator, 'POST', `/streaming/calls/${first}/accept`)).statusCode).toBe(409);
    // A call is not a private show: its id on the show routes is missing.
    expect(
      (await api(creator, 'POST', `/streaming/private/request/${first}/edit`, { price: 1 })).statusCode,
    ).toBe(404);
    expect((await api(fan, 'GET', `/streaming/private/request/${first}`)).statusCode).toBe(404);

    const second = (await ring(fan, creator)).json().data._id;
    expect((await api(creator, 'POST', `/streaming/calls/${second}/cancel`)).statusCode).toBe(403);
    expect((await api(fan, 'POST', `/streaming/calls/${second}/cancel`)).json().data.status).toBe(
      'cancelled',
    );

    const third = (await ring(fan, creator)).json().data._id;
    clock.advance(31_000);
    expect((await runCallTicker(t.ctx)).missed).toBe(1);
    expect((await api(fan, 'GET', `/streaming/calls/${third}`)).json().data.status).toBe('missed');
    expect((await api(creator, 'POST', `/streaming/calls/${third}/accept`)).statusCode).toBe(409);
    expect((await api(creator, 'GET', '/streaming/calls')).json().total).toBe(3);
    expect((await api(stranger, 'GET', `/streaming/calls/${third}`)).statusCode).toBe(404);
  });

  it('refuses calls to creators who do not take them, without the minimum, or with bad input', async () => {
    const [fan, poor, quiet, creator] = [
      await t.fan(),
      await t.fan(),
      await t.creator({ privateCallPrice: 5 }),
      await caller(),
    ];
    await fund(fan, 50);
    await fund(poor, 9);
    const off = await ring(fan, quiet);
    expect(off.statusCode).toBe(422);
    expect(off.json().message).toMatch(/does not take calls/);
    const short = await ring(poor, creator);
    expect(short.statusCode).toBe(422);
    expect(short.json().message).toMatch(/You need at least \$10\.00/);
    expect((await api(fan, 'POST', '/streaming/calls', { performerId: 'x' })).statusCode).toBe(400);
    expect(
      (await api(fan, 'POST', '/streaming/calls', { performerId: creator.user.id, extra: 1 })).statusCode,
    ).toBe(400);
    expect(
      (await api(creator, 'POST', '/streaming/calls', { performerId: creator.user.id })).statusCode,
    ).toBe(422);
    expect((await api(fan, 'GET', '/streaming/calls?limit=500')).statusCode).toBe(400);
  });

  it('refuses a fan the creator blocked, for calls and private shows', async () => {
    const [fan, creator] = [await t.fan(), await caller()];
    await fund(fan, 50);
    await t.ctx.db.db
      .insert(userBlocks)
      .values({ performerId: creator.user.id, targetId: fan.user.id, reason: 'Rude.' });
    const call = await ring(fan, creator);
    expect(call.statusCode).toBe(403);
    expect(call.json().message).toBe('You have been blocked by this creator.');
    const show = await api(fan, 'POST', '/streaming/private/request', {
      performerId: creator.user.id,
      scheduledAt: inAnHour(),
      timezone: 'UTC',
    });
    expect(show.statusCode).toBe(403);
  });

  it('takes a free call (price 0) without moving money, and still bills no time after the end', async () => {
    const [fan, creator] = [
      await t.fan(),
      await t.creator({ privateCallPrice: 0, profile: { acceptsCalls: true } }),
    ];
    await fund(fan, 10);
    const id = (await ring(fan, creator)).json().data._id;
    expect((await api(creator, 'POST', `/streaming/calls/${id}/accept`)).json().data).toMatchObject({
      status: 'live',
      billedMinutes: 1,
      totalSpent: 0,
    });
    await nextMinute(fan, id);
    await api(fan, 'POST', `/streaming/calls/${id}/end`);
    expect(await sessionRow(id)).toMatchObject({ status: 'finished', billedMinutes: 2, totalSpentCents: 0 });
    expect(await walletCents(fan)).toBe(1000);
    expect(await t.ctx.db.db.select().from(earnings).where(eq(earnings.sourceId, id))).toEqual([]);
  });

  it('tells the other side of every change over the socket, and both sides why a call ended', async () => {
    const [fan, creator] = [await t.fan(), await caller()];
    await fund(fan, 12);
    const sent = vi.spyOn(t.ctx.realtime, 'toUser');
    try {
      const id = (await ring(fan, creator)).json().data._id;
      expect(sent).toHaveBeenCalledWith(creator.user.id, 'call/ringing', expect.objectContaining({}));
      await api(creator, 'POST', `/streaming/calls/${id}/accept`);
      expect(sent).toHaveBeenCalledWith(
        fan.user.id,
        'call/updated',
        expect.objectContaining({ call: expect.objectContaining({ status: 'live' }) }),
      );
      await nextMinute(fan, id);
      await nextMinute(fan, id);
      const ends = sent.mock.calls.filter(([, event]) => event === 'call/ended');
      expect(
        ends.map(([userId, , payload]) => [userId, (payload as { offerTopUp: boolean }).offerTopUp]),
      ).toEqual([
        [fan.user.id, true],
        [creator.user.id, false],
      ]);
      expect(ends[0]?.[2]).toMatchObject({ message: expect.stringMatching(/Top up/) });
    } finally {
      sent.mockRestore();
    }
  });
});
