import type { AddressInfo } from 'node:net';
import { serverEvents, sessionCookie } from '@fanstage/contract';
import { eq, sessions, users } from '@fanstage/db';
import { buildFeed, buildSubscription } from '@fanstage/db/factories';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, factoryPassword, type TestApp } from '../../../test/helpers';
import { deactivateAccount, forgetActors } from './sessions';

/*
 * Accounts rule: a session of an inactive account counts as no session on every route, the public
 * ones included, and deactivating an account ends its sessions and live connections at once.
 */

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_RATE_LIMIT: '1000' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

/** A creator with a subscribers-only post, and a fan subscribed to it. */
async function subscriberOfPost() {
  const creator = await t.creator();
  const post = await buildFeed(t.ctx.db.db, { performerId: creator.user.id, text: 'For subscribers' });
  const fan = await t.fan();
  await buildSubscription(t.ctx.db.db, { fanId: fan.user.id, performerId: creator.user.id });
  return { post, fan };
}

const viewWithCookie = (postId: string, token: string) =>
  t.app.inject({ method: 'GET', url: `/api/user/feeds/${postId}`, cookies: { [sessionCookie]: token } });

describe('a session of an inactive account', () => {
  it('sees a subscribers-only post as a visitor on a public route', async () => {
    const { post, fan } = await subscriberOfPost();
    expect((await viewWithCookie(post.id, fan.token)).json().data.isLocked).toBe(false);

    await t.ctx.db.db.update(users).set({ status: 'inactive' }).where(eq(users.id, fan.user.id));
    // Every service that changes a status says so to the session caches; this write is the test's own.
    forgetActors(t.ctx, fan.user.id);

    const res = await viewWithCookie(post.id, fan.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.isLocked).toBe(true);
  });

  it('answers 401 on GET /users/me, as for no session', async () => {
    const fan = await t.fan();
    await t.ctx.db.db.update(users).set({ status: 'inactive' }).where(eq(users.id, fan.user.id));
    const res = await t.request({ url: '/api/users/me', token: fan.token });
    expect(res.statusCode).toBe(401);
  });

  it('cannot log in again: 403', async () => {
    const fan = await t.fan({ status: 'inactive' });
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: fan.user.username, password: factoryPassword },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('ACCOUNT_INACTIVE');
  });
});

describe('deactivating an account', () => {
  it('deletes its sessions, so the old cookie opens nothing', async () => {
    const { post, fan } = await subscriberOfPost();
    await deactivateAccount(t.ctx, { userId: fan.user.id });
    const left = await t.ctx.db.db.select().from(sessions).where(eq(sessions.userId, fan.user.id));
    expect(left).toEqual([]);
    expect((await viewWithCookie(post.id, fan.token)).json().data.isLocked).toBe(true);
  });

  it('disconnects its live sockets', async () => {
    const fan = await t.fan();
    const socket = connect(url, {
      transports: ['websocket'],
      reconnection: false,
      query: { token: fan.token },
    });
    try {
      const result = await new Promise<{ authenticated: boolean }>((resolve, reject) => {
        socket.once(serverEvents.authResult, resolve);
        socket.once('connect_error', reject);
      });
      expect(result.authenticated).toBe(true);
      const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
      await deactivateAccount(t.ctx, { userId: fan.user.id });
      expect(await closed).toBe('io server disconnect');
    } finally {
      socket.disconnect();
    }
  });
});
