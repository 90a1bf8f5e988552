import { eq, sessions, users } from '@fanstage/db';
import { factoryPassword } from '@fanstage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClock } from '../../../test/helpers';
import { createSessionCache, sessionCacheTtlMs } from './session-cache';
import { findActorByToken } from './sessions';

/*
 * Performance rule (statement budgets): a node that resolved a session lately answers its requests
 * without reading the session again, and every change that ends a session or changes what the actor
 * carries is seen at once, on this node and (through Redis) on the others.
 */

const clock = new TestClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { LOGIN_RATE_LIMIT: '1000' } });
});
afterAll(() => t.close());

/**
 * The statements `run` sent that read or write the sessions table. Background jobs may send their
 * own statements meanwhile; none of them touches sessions.
 */
async function sessionStatementsOf(app: TestApp, run: () => Promise<unknown>): Promise<string[]> {
  const before = app.ctx.db.statements();
  await run();
  return app.ctx.db.lastStatements(app.ctx.db.statements() - before).filter((sql) => /"sessions"/.test(sql));
}

const me = (app: TestApp, token: string) => app.request({ url: '/api/users/me', token });

const login = (app: TestApp, username: string) =>
  app.request({ method: 'POST', url: '/api/auth/login', payload: { username, password: factoryPassword } });

const changePassword = (app: TestApp, token: string) =>
  app.request({
    method: 'PUT',
    url: '/api/auth/users/me/password',
    token,
    payload: { currentPassword: factoryPassword, password: 'a-new-password-1', source: 'user' },
  });

describe('the session cache of a node', () => {
  it('answers GET /users/me on a warm node with no statement about the session', async () => {
    const fan = await t.fan();
    const cold = await sessionStatementsOf(t, async () =>
      expect((await me(t, fan.token)).statusCode).toBe(200),
    );
    expect(cold).toHaveLength(1);
    const warm = await sessionStatementsOf(t, async () =>
      expect((await me(t, fan.token)).statusCode).toBe(200),
    );
    expect(warm).toEqual([]);
  });

  it('neither reads nor keeps the password hash', async () => {
    const fan = await t.fan();
    const before = t.ctx.db.statements();
    expect((await me(t, fan.token)).statusCode).toBe(200);
    const sent = t.ctx.db.lastStatements(t.ctx.db.statements() - before);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.filter((sql) => sql.includes('password_hash'))).toEqual([]);
    const actor = await findActorByToken(t.ctx, fan.token);
    expect(Object.keys(actor!.user!).sort()).toEqual(['email', 'name', 'username']);
    expect(JSON.stringify(actor)).not.toContain(fan.user.passwordHash!);
  });

  it('refuses a token at once after its logout', async () => {
    const fan = await t.fan();
    expect((await me(t, fan.token)).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/auth/logout', token: fan.token })).statusCode).toBe(
      200,
    );
    expect((await me(t, fan.token)).statusCode).toBe(401);
  });

  it('refuses the other sessions at once after a password change, and keeps the current one', async () => {
    const fan = await t.fan();
    const other = (await login(t, fan.user.username!)).json().data.token as string;
    expect((await me(t, other)).statusCode).toBe(200);
    expect((await changePassword(t, fan.token)).statusCode).toBe(200);
    expect((await me(t, other)).statusCode).toBe(401);
    expect((await me(t, fan.token)).statusCode).toBe(200);
  });

  it('carries a new name at once after the person changes it', async () => {
    const fan = await t.fan();
    expect((await findActorByToken(t.ctx, fan.token))?.user?.name).toBe(fan.user.name);
    const res = await t.request({
      method: 'PUT',
      url: '/api/users',
      token: fan.token,
      payload: { name: 'Renamed' },
    });
    expect(res.statusCode).toBe(200);
    expect((await findActorByToken(t.ctx, fan.token))?.user?.name).toBe('Renamed');
  });

  it('reads the session again once the cached copy is older than the TTL', async () => {
    const fan = await t.fan();
    expect((await me(t, fan.token)).statusCode).toBe(200);
    // A write no service announced (the worst case: a node that missed the broadcast) …
    await t.ctx.db.db.update(users).set({ status: 'inactive' }).where(eq(users.id, fan.user.id));
    expect((await me(t, fan.token)).statusCode).toBe(200);
    // … lives at most the TTL.
    clock.advance(sessionCacheTtlMs);
    expect(
      await sessionStatementsOf(t, async () => expect((await me(t, fan.token)).statusCode).toBe(401)),
    ).toHaveLength(1);
  });

  it('reads the sessions of many people asked for at once in a few statements, each their own', async () => {
    const fans = await Promise.all(Array.from({ length: 24 }, () => t.fan()));
    const inactive = fans.pop()!;
    await t.ctx.db.db.update(users).set({ status: 'inactive' }).where(eq(users.id, inactive.user.id));
    let actors: Array<Awaited<ReturnType<typeof findActorByToken>>> = [];
    const sent = await sessionStatementsOf(t, async () => {
      actors = await Promise.all(
        [...fans, inactive, { token: 'an-unknown-token-of-forty-characters-x' }].map((f) =>
          findActorByToken(t.ctx, f.token),
        ),
      );
    });
    expect(actors.slice(0, fans.length).map((a) => a?.id)).toEqual(fans.map((f) => f.user.id));
    expect(actors.slice(fans.length)).toEqual([null, null]);
    // The first runs alone; the others, asked while it was read, go in one or two more.
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(sent.length).toBeLessThanOrEqual(3);
    // All cached now: asked again, none is read.
    expect(
      await sessionStatementsOf(t, () => Promise.all(fans.map((f) => findActorByToken(t.ctx, f.token)))),
    ).toEqual([]);
  });

  it('still refreshes lastUsedAt, at most once an hour', async () => {
    const fan = await t.fan();
    const lastUsedAt = async () =>
      (await t.ctx.db.db.select().from(sessions).where(eq(sessions.userId, fan.user.id)))[0]!.lastUsedAt;
    await t.ctx.db.db
      .update(sessions)
      .set({ lastUsedAt: new Date(clock.now().getTime() - 2 * 60 * 60 * 1000) })
      .where(eq(sessions.userId, fan.user.id));
    expect((await me(t, fan.token)).statusCode).toBe(200);
    expect(await lastUsedAt()).toEqual(clock.now());
    const usedAt = clock.now();
    clock.advance(10_000);
    expect(await sessionStatementsOf(t, () => me(t, fan.token))).toEqual([]);
    clock.advance(61 * 60 * 1000);
    expect((await me(t, fan.token)).statusCode).toBe(200);
    expect((await lastUsedAt()).getTime()).toBeGreaterThan(usedAt.getTime());
  });
});

describe('the cache itself', () => {
  const entry = (userId: string) => ({
    userId,
    sessionId: userId,
    expiresAt: 10_000,
    lastUsedAt: 0,
    actor: userId,
  });

  it('keeps at most its size, dropping the entry cached longest ago (the first to expire)', () => {
    const cache = createSessionCache<string>({ maxEntries: 2 });
    cache.set('a', entry('a'), { now: 0, epoch: 0 });
    cache.set('b', entry('b'), { now: 1, epoch: 0 });
    expect(cache.get('a', 1)?.actor).toBe('a');
    cache.set('c', entry('c'), { now: 2, epoch: 0 });
    expect(cache.size).toBe(2);
    expect(cache.get('a', 2), 'a hit does not keep an entry past the newer ones').toBeUndefined();
    expect(cache.get('b', 2)?.actor).toBe('b');
    // Cached again, an entry counts from then.
    cache.set('a', entry('a'), { now: 3, epoch: 0 });
    cache.set('d', entry('d'), { now: 4, epoch: 0 });
    expect(cache.get('b', 4)).toBeUndefined();
    expect(cache.get('a', 4)?.actor).toBe('a');
  });

  it('lets sessions cached at the same moment go stale spread over the last quarter of the TTL', () => {
    const cache = createSessionCache<string>({ maxEntries: 2000 });
    const keys = Array.from({ length: 1000 }, (_, k) => `k${k}`);
    for (const key of keys) cache.set(key, { ...entry(key), expiresAt: 1e9 }, { now: 0, epoch: 0 });
    const alive = (now: number) => keys.filter((key) => cache.get(key, now) !== undefined).length;
    expect(alive(sessionCacheTtlMs * 0.75 - 1)).toBe(1000);
    const late = alive(sessionCacheTtlMs * 0.875);
    expect(late).toBeGreaterThan(0);
    expect(late).toBeLessThan(1000);
    expect(alive(sessionCacheTtlMs)).toBe(0);
  });

  it('never outlives the session, and keeps no read that started before someone was forgotten', () => {
    const cache = createSessionCache<string>();
    cache.set('a', entry('a'), { now: 0, epoch: cache.epoch() });
    expect(cache.get('a', 10_000)).toBeUndefined();
    const epoch = cache.epoch();
    cache.forgetUser('b');
    cache.set('b', entry('b'), { now: 0, epoch });
    expect(cache.get('b', 1)).toBeUndefined();
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('two nodes on one database and Redis', () => {
  let second: TestApp;
  beforeAll(async () => {
    second = await createTestApp({ sharedDb: t.ctx.db, clock });
  });
  afterAll(async () => {
    await second?.close();
  });

  /** The other node hears the broadcast within a second. */
  const refusedOn = (app: TestApp, token: string) =>
    expect.poll(async () => (await me(app, token)).statusCode, { timeout: 1000, interval: 20 }).toBe(401);

  it('a password change on node A ends the old session on node B', async () => {
    const fan = await t.fan();
    const other = (await login(t, fan.user.username!)).json().data.token as string;
    expect((await me(second, other)).statusCode).toBe(200);
    expect(await sessionStatementsOf(second, () => me(second, other))).toEqual([]);
    expect((await changePassword(t, fan.token)).statusCode).toBe(200);
    await refusedOn(second, other);
  });

  it('a logout on node A ends the session on node B', async () => {
    const fan = await t.fan();
    expect((await me(second, fan.token)).statusCode).toBe(200);
    expect((await t.request({ method: 'POST', url: '/api/auth/logout', token: fan.token })).statusCode).toBe(
      200,
    );
    await refusedOn(second, fan.token);
  });

  it('a deactivation on node A ends the session on node B', async () => {
    const admin = await t.admin();
    const fan = await t.fan();
    expect((await me(second, fan.token)).statusCode).toBe(200);
    const res = await t.request({
      method: 'POST',
      url: `/api/admin/users/${fan.user.id}/deactivate`,
      token: admin.token,
      payload: { reason: 'Spam account' },
    });
    expect(res.statusCode).toBe(200);
    await refusedOn(second, fan.token);
  });
});
