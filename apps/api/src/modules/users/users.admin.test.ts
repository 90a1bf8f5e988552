import type { AddressInfo } from 'node:net';
import { serverEvents } from '@fanstage/contract';
import { auditLog, callSessions, eq, liveSessions, sessions, users } from '@fanstage/db';
import { buildFeed, buildSubscription } from '@fanstage/db/factories';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, factoryPassword, type TestApp } from '../../../test/helpers';

/*
 * Admin account control (issue 12): search, view, edit, deactivate and reactivate, each admin-only,
 * each change on the audit log; deactivation ends sessions, sockets, live shows and calls at once.
 */

let t: TestApp;
let url: string;
type Account = Awaited<ReturnType<TestApp['fan']>>;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_RATE_LIMIT: '1000' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(() => t.close());

const unknownId = '01a2019b-4926-76fd-a59f-71dafbdd39d1';

const search = (who: Account | null, query = '') =>
  t.request({ url: `/api/admin/users/search${query}`, ...(who ? { token: who.token } : {}) });
const view = (who: Account, id: string) => t.request({ url: `/api/admin/users/${id}`, token: who.token });
const edit = (who: Account, id: string, payload: unknown) =>
  t.request({ method: 'PUT', url: `/api/admin/users/${id}`, token: who.token, payload: payload as object });
const deactivate = (who: Account, id: string, payload: unknown = { reason: 'Spam account' }) =>
  t.request({
    method: 'POST',
    url: `/api/admin/users/${id}/deactivate`,
    token: who.token,
    payload: payload as object,
  });
const reactivate = (who: Account, id: string, payload?: unknown) =>
  t.request({
    method: 'POST',
    url: `/api/admin/users/${id}/reactivate`,
    token: who.token,
    ...(payload ? { payload: payload as object } : {}),
  });

const auditOf = (targetId: string) =>
  t.ctx.db.db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(auditLog.createdAt);

const statusOf = async (id: string) =>
  (await t.ctx.db.db.select({ status: users.status }).from(users).where(eq(users.id, id)))[0]?.status;

/** A socket of this person, once the server said it is authenticated. */
async function openSocket(base: string, who: Account): Promise<Socket> {
  const socket = connect(base, {
    transports: ['websocket'],
    reconnection: false,
    query: { token: who.token },
  });
  sockets.push(socket);
  const result = await new Promise<{ authenticated: boolean }>((resolve, reject) => {
    socket.once(serverEvents.authResult, resolve);
    socket.once('connect_error', reject);
  });
  expect(result.authenticated).toBe(true);
  return socket;
}

describe('who may use the admin account routes', () => {
  it('fans and creators get 403 on every route, visitors 401', async () => {
    const fan = await t.fan();
    const creator = await t.creator();
    const target = await t.fan();
    for (const who of [fan, creator]) {
      expect((await search(who)).statusCode).toBe(403);
      expect((await view(who, target.user.id)).statusCode).toBe(403);
      expect((await edit(who, target.user.id, { name: 'X' })).statusCode).toBe(403);
      expect((await deactivate(who, target.user.id)).statusCode).toBe(403);
      expect((await reactivate(who, target.user.id)).statusCode).toBe(403);
      const audit = await t.request({ url: '/api/admin/audit-log', token: who.token });
      expect(audit.statusCode).toBe(403);
    }
    expect((await search(null)).statusCode).toBe(401);
    expect(await statusOf(target.user.id)).toBe('active');
    expect(await auditOf(target.user.id)).toEqual([]);
  });

  it('an unknown id is 404 and a malformed one 400, each with a sentence', async () => {
    const admin = await t.admin();
    for (const res of [
      await view(admin, unknownId),
      await edit(admin, unknownId, { name: 'Nobody' }),
      await deactivate(admin, unknownId),
      await reactivate(admin, unknownId),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('That user was not found.');
    }
    const bad = await view(admin, 'not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/id/);
  });
});

describe('GET /api/admin/users/search', () => {
  it('finds accounts of any status by name, username or email, filtered by role and status', async () => {
    const admin = await t.admin();
    const fan = await t.fan({ name: 'Quillon Fanrow', email: 'quillon.fan@example.test' });
    const creator = await t.creator({ name: 'Quillon Maker' });
    const gone = await t.fan({ name: 'Quillon Gone', status: 'inactive' });

    const all = (await search(admin, '?q=quillon')).json();
    expect(all.total).toBe(3);
    expect(all.data.map((u: { _id: string }) => u._id).sort()).toEqual(
      [fan.user.id, creator.user.id, gone.user.id].sort(),
    );
    expect(all.data[0]).toMatchObject({ performer: null });

    const byEmail = (await search(admin, '?q=quillon.fan@')).json();
    expect(byEmail.data.map((u: { _id: string }) => u._id)).toEqual([fan.user.id]);

    const creators = (await search(admin, '?q=quillon&role=performer')).json();
    expect(creators.data.map((u: { _id: string }) => u._id)).toEqual([creator.user.id]);

    const inactive = (await search(admin, '?q=quillon&status=inactive')).json();
    expect(inactive.data).toEqual([expect.objectContaining({ _id: gone.user.id, status: 'inactive' })]);

    const paged = (await search(admin, '?q=quillon&limit=1&offset=1')).json();
    expect(paged).toMatchObject({ total: 3, data: [expect.any(Object)] });
  });

  it('refuses bad filters with a sentence', async () => {
    const admin = await t.admin();
    const role = await search(admin, '?role=owner');
    expect(role.statusCode).toBe(400);
    expect(role.json().message).toMatch(/role must be user, performer or admin/);
    expect((await search(admin, '?status=gone')).statusCode).toBe(400);
    expect((await search(admin, '?limit=1000')).statusCode).toBe(400);
    expect((await search(admin, `?q=${'a'.repeat(201)}`)).statusCode).toBe(400);
  });
});

describe('GET /api/admin/users/{id}', () => {
  it('shows a creator with review state and commission, a fan without', async () => {
    const admin = await t.admin();
    const creator = await t.creator({ profile: { commissionPercentage: 0.15 } });
    const res = await view(admin, creator.user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      _id: creator.user.id,
      email: creator.user.email,
      role: 'performer',
      status: 'active',
      performer: {
        commissionPercentage: 0.15,
        defaultCommission: expect.any(Number),
        documentsVerifiedAt: expect.any(String),
        documentsRejectedAt: null,
      },
    });
    const fan = await t.fan();
    expect((await view(admin, fan.user.id)).json().data.performer).toBeNull();
  });
});

describe('PUT /api/admin/users/{id}', () => {
  it('edits name, username and email and logs exactly what changed', async () => {
    const admin = await t.admin();
    const fan = await t.fan({ emailVerifiedAt: new Date() });
    const res = await edit(admin, fan.user.id, {
      name: 'Renamed Person',
      username: 'renamed_person',
      email: 'Renamed.Person@Example.test',
      gender: fan.user.gender,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Renamed Person',
      username: 'renamed_person',
      email: 'renamed.person@example.test',
      verifiedEmail: false,
    });
    const [row] = await auditOf(fan.user.id);
    expect(row).toMatchObject({
      actorId: admin.user.id,
      action: 'user.update',
      targetType: 'user',
      before: { name: fan.user.name, username: fan.user.username, email: fan.user.email },
      after: {
        name: 'Renamed Person',
        username: 'renamed_person',
        email: 'renamed.person@example.test',
      },
    });
    expect(row?.after).not.toHaveProperty('gender');

    // The same values again change nothing and log nothing.
    expect((await edit(admin, fan.user.id, { name: 'Renamed Person' })).statusCode).toBe(200);
    expect(await auditOf(fan.user.id)).toHaveLength(1);
  });

  it('a username or email of another account is 409 with a sentence, and nothing changes', async () => {
    const admin = await t.admin();
    const fan = await t.fan();
    const other = await t.fan();
    const taken = await edit(admin, fan.user.id, { username: other.user.username!.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('This username is already taken by another account.');
    const email = await edit(admin, fan.user.id, { name: 'Changed', email: other.user.email });
    expect(email.statusCode).toBe(409);
    expect(email.json().message).toBe('Another account already uses this email.');
    expect((await view(admin, fan.user.id)).json().data.name).toBe(fan.user.name);
    expect(await auditOf(fan.user.id)).toEqual([]);
  });

  it('refuses bad fields and role or status changes with a sentence', async () => {
    const admin = await t.admin();
    const fan = await t.fan();
    for (const [payload, message] of [
      [{ name: '' }, /Name is required/],
      [{ name: 'x'.repeat(101) }, /at most 100 characters/],
      [{ username: 'ab' }, /at least 3 characters/],
      [{ username: 'admin' }, /reserved/],
      [{ email: 'not-an-email' }, /valid email/],
      [{ role: 'admin' }, /role/],
      [{ status: 'inactive' }, /status/],
    ] as const) {
      const res = await edit(admin, fan.user.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await statusOf(fan.user.id)).toBe('active');
    expect((await view(admin, fan.user.id)).json().data.role).toBe('user');
  });
});

describe('POST /api/admin/users/{id}/deactivate', () => {
  it('refuses the token at once: private routes 401, public routes see a visitor', async () => {
    const admin = await t.admin();
    const creator = await t.creator();
    const post = await buildFeed(t.ctx.db.db, { performerId: creator.user.id, text: 'Subscribers only' });
    const fan = await t.fan();
    await buildSubscription(t.ctx.db.db, { fanId: fan.user.id, performerId: creator.user.id });
    const postView = () => t.request({ url: `/api/user/feeds/${post.id}`, token: fan.token });
    expect((await postView()).json().data.isLocked).toBe(false);

    const res = await deactivate(admin, fan.user.id, { reason: '  Chargeback fraud  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('inactive');

    expect((await t.request({ url: '/api/users/me', token: fan.token })).statusCode).toBe(401);
    const publicView = await postView();
    expect(publicView.statusCode).toBe(200);
    expect(publicView.json().data.isLocked).toBe(true);
    expect(await t.ctx.db.db.select().from(sessions).where(eq(sessions.userId, fan.user.id))).toEqual([]);

    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: fan.user.username, password: factoryPassword },
    });
    expect(login.statusCode).toBe(403);

    expect(await auditOf(fan.user.id)).toEqual([
      expect.objectContaining({
        actorId: admin.user.id,
        action: 'user.deactivate',
        before: { status: 'active' },
        after: { status: 'inactive', sessionsEnded: 1 },
        reason: 'Chargeback fraud',
      }),
    ]);
  });

  it('disconnects the sockets of the account', async () => {
    const admin = await t.admin();
    const fan = await t.fan();
    const socket = await openSocket(url, fan);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    expect((await deactivate(admin, fan.user.id)).statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');
    // Connecting again with the old token is refused as no session.
    const again = connect(url, {
      transports: ['websocket'],
      reconnection: false,
      query: { token: fan.token },
    });
    sockets.push(again);
    const result = await new Promise<{ authenticated: boolean }>((resolve) =>
      again.once(serverEvents.authResult, resolve),
    );
    expect(result.authenticated).toBe(false);
  });

  it('a deactivated creator leaves explore and search, and their live show and calls end', async () => {
    const admin = await t.admin();
    const creator = await t.creator({ name: 'Vanishing Orrin' });
    const fan = await t.fan();
    const live = await t.request({
      method: 'POST',
      url: '/api/streaming/live',
      token: creator.token,
      payload: { title: 'Going away' },
    });
    expect(live.statusCode).toBe(200);
    const showId = live.json().data._id as string;
    const [call] = await t.ctx.db.db
      .insert(callSessions)
      .values({
        kind: 'call',
        fanId: fan.user.id,
        performerId: creator.user.id,
        status: 'live',
        priceCents: 100,
        startedAt: new Date(),
        // The first minute paid and the fan's page seen: the call ticker (every few seconds) has
        // nothing to do with it, so only the deactivation can end it.
        billedMinutes: 1,
        fanSeenAt: new Date(),
      })
      .returning();

    const found = () =>
      t.request({ url: '/api/performers/user/search?q=Vanishing%20Orrin', token: fan.token });
    const liveNow = () => t.request({ url: '/api/streaming/user/search?limit=100', token: fan.token });
    const liveIds = async () => (await liveNow()).json().data.map((s: { _id: string }) => s._id);
    expect((await found()).json().total).toBe(1);
    expect(await liveIds()).toContain(showId);

    expect((await deactivate(admin, creator.user.id)).statusCode).toBe(200);

    expect((await found()).json().total).toBe(0);
    expect(await liveIds()).not.toContain(showId);
    const profile = await t.request({ url: `/api/performers/${creator.user.username}`, token: fan.token });
    expect(profile.statusCode).toBe(404);
    const [show] = await t.ctx.db.db.select().from(liveSessions).where(eq(liveSessions.id, showId));
    expect(show).toMatchObject({ status: 'ended', endReason: 'account_deactivated' });
    const [ended] = await t.ctx.db.db.select().from(callSessions).where(eq(callSessions.id, call!.id));
    expect(ended).toMatchObject({ status: 'finished', endReason: 'account_deactivated' });
  });

  it('an admin cannot deactivate themself; a reason is required; a second time changes nothing', async () => {
    const admin = await t.admin();
    const self = await deactivate(admin, admin.user.id);
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toBe('You cannot deactivate your own account. Ask another admin.');
    expect(await statusOf(admin.user.id)).toBe('active');

    const fan = await t.fan();
    for (const payload of [{}, { reason: '   ' }, { reason: 'x'.repeat(1001) }]) {
      const res = await deactivate(admin, fan.user.id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/reason/);
    }
    expect(await statusOf(fan.user.id)).toBe('active');

    expect((await deactivate(admin, fan.user.id)).statusCode).toBe(200);
    expect((await deactivate(admin, fan.user.id)).statusCode).toBe(200);
    expect(await auditOf(fan.user.id)).toHaveLength(1);
  });
});

describe('POST /api/admin/users/{id}/reactivate', () => {
  it('lets the person log in again and logs it', async () => {
    const admin = await t.admin();
    const fan = await t.fan();
    await deactivate(admin, fan.user.id);
    const res = await reactivate(admin, fan.user.id, { reason: 'Appeal accepted' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('active');
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: fan.user.username, password: factoryPassword },
    });
    expect(login.statusCode).toBe(200);
    // The old token stays ended.
    expect((await t.request({ url: '/api/users/me', token: fan.token })).statusCode).toBe(401);
    const rows = await auditOf(fan.user.id);
    expect(rows.map((r) => r.action)).toEqual(['user.deactivate', 'user.reactivate']);
    expect(rows[1]).toMatchObject({
      before: { status: 'inactive' },
      after: { status: 'active' },
      reason: 'Appeal accepted',
    });
    // Reactivating an active account changes nothing.
    expect((await reactivate(admin, fan.user.id)).statusCode).toBe(200);
    expect(await auditOf(fan.user.id)).toHaveLength(2);
  });

  it('refuses a reason that is too long', async () => {
    const admin = await t.admin();
    const fan = await t.fan({ status: 'inactive' });
    const res = await reactivate(admin, fan.user.id, { reason: 'x'.repeat(1001) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/at most 1000 characters/);
    expect(await statusOf(fan.user.id)).toBe('inactive');
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('deactivation across two nodes on one database and Redis', () => {
  let second: TestApp;
  let secondUrl: string;
  beforeAll(async () => {
    second = await createTestApp({ sharedDb: t.ctx.db });
    await second.app.listen({ port: 0, host: '127.0.0.1' });
    secondUrl = `http://127.0.0.1:${(second.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await second?.close();
  });

  it('deactivating on node A: node B refuses the token and drops the socket within a second', async () => {
    const admin = await t.admin();
    const fan = await t.fan();
    expect((await second.request({ url: '/api/users/me', token: fan.token })).statusCode).toBe(200);
    const remote = await openSocket(secondUrl, fan);
    const closed = new Promise<string>((resolve) => remote.once('disconnect', resolve));

    const startedAt = Date.now();
    expect((await deactivate(admin, fan.user.id)).statusCode).toBe(200);
    // Node B cached the session at its first request; the broadcast makes it forget.
    await expect
      .poll(async () => (await second.request({ url: '/api/users/me', token: fan.token })).statusCode, {
        timeout: 1000,
        interval: 20,
      })
      .toBe(401);
    expect(await closed).toBe('io server disconnect');
    expect(Date.now() - startedAt).toBeLessThan(1000);
  });
});
