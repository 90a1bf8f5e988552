import { eq, users } from '@fanstage/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClock } from '../../../test/helpers';
import { inMoneyTransaction } from '../wallet';
import { accountCacheTtlMs, createAccountCache, noteAccountChanged } from './account-cache';

/*
 * Performance rule (statement budgets): `GET /users/me` on a warm node sends no SQL, and every
 * change to the account it shows (a balance, a name, an avatar, a membership) is seen at once, on
 * this node and (through Redis) on the others.
 */

const clock = new TestClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
  // No settle time: the tests read again right after a change and expect the cache to fill.
  t.ctx.accountCache = createAccountCache({ settleMs: 0 });
});
afterAll(() => t.close());

type Account = Awaited<ReturnType<TestApp['fan']>>;

/** The statements `run` sent about accounts (background jobs send their own meanwhile). */
async function accountStatementsOf(app: TestApp, run: () => Promise<unknown>): Promise<string[]> {
  const before = app.ctx.db.statements();
  await run();
  return app.ctx.db
    .lastStatements(app.ctx.db.statements() - before)
    .filter((sql) => /"users"|"sessions"/.test(sql));
}

const me = async (app: TestApp, account: Account) => {
  const res = await app.request({ url: '/api/users/me', token: account.token });
  expect(res.statusCode).toBe(200);
  return res.json().data as { name: string; balance: number; updatedAt: string };
};

/** Reads the account twice: the second read must come from the cache. */
async function warm(app: TestApp, account: Account) {
  await me(app, account);
  expect(await accountStatementsOf(app, () => me(app, account))).toEqual([]);
}

let keys = 0;
const credit = (admin: Account, userId: string, amount: number) =>
  t.request({
    method: 'POST',
    url: '/api/admin/wallet/credit',
    token: admin.token,
    payload: { userId, amount, reason: 'Account cache test' },
    headers: { 'idempotency-key': `account-cache-${++keys}` },
  });

describe('GET /users/me from the account cache of a node', () => {
  it('answers a warm request with no SQL at all', async () => {
    const fan = await t.fan();
    const cold = await accountStatementsOf(t, () => me(t, fan));
    expect(cold.length).toBeGreaterThan(0);
    const before = t.ctx.db.statements();
    await me(t, fan);
    expect(t.ctx.db.statements() - before).toBe(0);
  });

  it('shows an admin credit, a tip and a name change at once', async () => {
    const [admin, fan, creator] = [await t.admin(), await t.fan(), await t.creator()];
    await warm(t, fan);
    expect((await credit(admin, fan.user.id, 40)).statusCode).toBe(200);
    expect((await me(t, fan)).balance).toBe(40);

    await warm(t, fan);
    const tip = await t.request({
      method: 'POST',
      url: `/api/wallet/charges/tip/${creator.user.id}`,
      token: fan.token,
      payload: { amount: 15 },
      headers: { 'idempotency-key': `account-cache-${++keys}` },
    });
    expect(tip.statusCode).toBe(200);
    expect((await me(t, fan)).balance).toBe(25);

    await warm(t, fan);
    const renamed = await t.request({
      method: 'PUT',
      url: '/api/users',
      token: fan.token,
      payload: { name: 'Renamed Fan' },
    });
    expect(renamed.statusCode).toBe(200);
    expect((await me(t, fan)).name).toBe('Renamed Fan');
  });

  it('shows a change a money transaction noted, once it committed', async () => {
    const fan = await t.fan();
    await warm(t, fan);
    await inMoneyTransaction(t.ctx, async (tx) => {
      await tx.update(users).set({ balanceCents: 1234 }).where(eq(users.id, fan.user.id));
      noteAccountChanged(tx, fan.user.id);
    });
    expect((await me(t, fan)).balance).toBe(12.34);
  });

  it('serves a write nobody announced for at most the TTL', async () => {
    const fan = await t.fan();
    await warm(t, fan);
    await t.ctx.db.db.update(users).set({ name: 'Unannounced' }).where(eq(users.id, fan.user.id));
    expect((await me(t, fan)).name).toBe(fan.user.name);
    clock.advance(accountCacheTtlMs);
    expect((await me(t, fan)).name).toBe('Unannounced');
  });
});

describe('the account cache itself', () => {
  it('keeps no read that began before the account was forgotten, nor one soon after', () => {
    let now = 0;
    const cache = createAccountCache<string>({ settleMs: 100, monotonicNow: () => now });
    const readSince = cache.begin();
    cache.forget('a');
    cache.set('a', 'old', { now: 0, readSince });
    expect(cache.get('a', 0)).toBeUndefined();
    // A read that began after the change, while a transaction may still be committing: not kept.
    cache.set('a', 'maybe old', { now: 0, readSince: cache.begin() });
    expect(cache.get('a', 0)).toBeUndefined();
    now = 100;
    cache.set('a', 'new', { now: 0, readSince: cache.begin() });
    expect(cache.get('a', 0)).toBe('new');
  });

  it('keeps the accounts it holds through a burst of other people’s changes', () => {
    let now = 0;
    const cache = createAccountCache<string>({ maxEntries: 2, settleMs: 100, monotonicNow: () => now });
    cache.set('a', 'a', { now: 0, readSince: cache.begin() });
    cache.set('b', 'b', { now: 0, readSince: cache.begin() });
    for (let i = 0; i < 50; i++) cache.forget(`tipper-${i}`);
    expect([cache.get('a', 0), cache.get('b', 0)]).toEqual(['a', 'b']);
    // A tipper's account is cached again once its settle time has passed.
    now = 100;
    cache.set('tipper-1', 'fresh', { now: 0, readSince: cache.begin() });
    expect(cache.get('tipper-1', 0)).toBe('fresh');
  });

  it('keeps at most its size and drops an entry at its TTL', () => {
    const cache = createAccountCache<string>({ maxEntries: 2, ttlMs: 10 });
    for (const id of ['a', 'b', 'c']) cache.set(id, id, { now: 0, readSince: cache.begin() });
    expect(cache.size).toBe(2);
    expect(cache.get('a', 0)).toBeUndefined();
    expect(cache.get('c', 9)).toBe('c');
    expect(cache.get('c', 10)).toBeUndefined();
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('two nodes on one database and Redis', () => {
  let second: TestApp;
  beforeAll(async () => {
    second = await createTestApp({ sharedDb: t.ctx.db, clock });
    second.ctx.accountCache = createAccountCache({ settleMs: 0 });
  });
  afterAll(async () => {
    await second?.close();
  });

  it('a tip on node A shows in the balance node B serves', async () => {
    const [admin, fan, creator] = [await t.admin(), await t.fan(), await t.creator()];
    expect((await credit(admin, fan.user.id, 30)).statusCode).toBe(200);
    await expect.poll(async () => (await me(second, fan)).balance, { timeout: 1000 }).toBe(30);
    await warm(second, fan);
    const tip = await t.request({
      method: 'POST',
      url: `/api/wallet/charges/tip/${creator.user.id}`,
      token: fan.token,
      payload: { amount: 10 },
      headers: { 'idempotency-key': `account-cache-${++keys}` },
    });
    expect(tip.statusCode).toBe(200);
    await expect.poll(async () => (await me(second, fan)).balance, { timeout: 1000, interval: 20 }).toBe(20);
  });
});
