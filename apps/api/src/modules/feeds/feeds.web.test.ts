import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { sessionCookie } from '@fanstage/contract';
import { follows } from '@fanstage/db';
import { buildSubscription } from '@fanstage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { syncTimelines } from '../../../test/timelines';

const hasWebBuild = existsSync(resolve(import.meta.dirname, '../../../../web/build/server/index.js'));

/**
 * The creator page carries the first page of posts in its HTML (the page's loader reads it beside the
 * creator): each viewer gets what the API would show them, and a locked post's text stays out.
 */
describe.runIf(hasWebBuild)('the creator page rendered on the server with its posts', () => {
  let t: TestApp;
  let creator: Awaited<ReturnType<TestApp['creator']>>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ web: true });
    creator = await t.creator();
    const post = async (payload: Record<string, unknown>) => {
      const res = await t.request({
        method: 'POST',
        url: '/api/performer/feeds',
        token: creator.token,
        payload,
      });
      expect(res.statusCode).toBe(200);
      return res.json().data._id as string;
    };
    ids.locked = await post({
      type: 'text',
      text: 'Only for subscribers: qx-secret-line',
      previewText: 'qx-teaser',
    });
    ids.sale = await post({ type: 'text', text: 'Sold text qx-paid-line', isSale: true, price: 500 });
  });
  afterAll(async () => {
    await t.close();
  });

  const page = (path: string, token?: string) =>
    t.app.inject({ url: path, headers: token ? { cookie: `${sessionCookie}=${token}` } : {} });

  it('shows a visitor the posts with their public lines, and none of what is sold', async () => {
    const res = await page(`/${creator.user.username}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    for (const id of [ids.locked, ids.sale]) expect(res.body).toContain(`data-post-id="${id}"`);
    expect(res.body).toContain('qx-teaser');
    expect(res.body).not.toContain('qx-secret-line');
    expect(res.body).not.toContain('qx-paid-line');
  });

  it('shows a subscriber the text their subscription opens, in a page no shared cache keeps', async () => {
    const fan = await t.fan();
    await buildSubscription(t.ctx.db.db, {
      fanId: fan.user.id,
      performerId: creator.user.id,
      expiredAt: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000),
    });
    const res = await page(`/${creator.user.username}`, fan.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toContain('qx-secret-line');
    // A post for sale stays locked until it is bought.
    expect(res.body).not.toContain('qx-paid-line');
  });

  it('reads the posts of the creator the address names, by id as by username', async () => {
    const other = await t.creator();
    const byId = await page(`/${creator.user.id}`);
    expect(byId.statusCode).toBe(200);
    expect(byId.body).toContain(`data-post-id="${ids.locked}"`);
    const elsewhere = await page(`/${other.user.username}`);
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.body).not.toContain(`data-post-id="${ids.locked}"`);
    expect(elsewhere.body).toContain('No posts yet');
  });

  it('answers 404 for a creator who does not exist, without a list', async () => {
    const res = await page('/no-such-creator-qx');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('data-post-id');
  });
});

/** The home page carries the first page of the fan's timeline in its HTML, as the creator page does. */
describe.runIf(hasWebBuild)('the home page rendered on the server with the timeline', () => {
  let t: TestApp;
  let creator: Awaited<ReturnType<TestApp['creator']>>;
  let follower: Awaited<ReturnType<TestApp['fan']>>;
  let subscriber: Awaited<ReturnType<TestApp['fan']>>;
  let postId: string;

  beforeAll(async () => {
    t = await createTestApp({ web: true });
    creator = await t.creator();
    [follower, subscriber] = [await t.fan(), await t.fan()];
    await t.ctx.db.db.insert(follows).values({ followerId: follower.user.id, performerId: creator.user.id });
    await buildSubscription(t.ctx.db.db, {
      fanId: subscriber.user.id,
      performerId: creator.user.id,
      expiredAt: new Date(Date.now() + 30 * 24 * 60 * 60 * 1000),
    });
    const res = await t.request({
      method: 'POST',
      url: '/api/performer/feeds',
      token: creator.token,
      payload: { type: 'text', text: 'Subscribers only: qh-secret-line', previewText: 'qh-teaser' },
    });
    expect(res.statusCode).toBe(200);
    postId = res.json().data._id;
    await syncTimelines(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const page = (token?: string) =>
    t.app.inject({ url: '/home', headers: token ? { cookie: `${sessionCookie}=${token}` } : {} });

  it("shows a follower the creator's post with its public line only, in a page no shared cache keeps", async () => {
    const res = await page(follower.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toContain(`data-post-id="${postId}"`);
    expect(res.body).toContain('qh-teaser');
    expect(res.body).not.toContain('qh-secret-line');
  });

  it('shows a subscriber the text their subscription opens', async () => {
    const res = await page(subscriber.token);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`data-post-id="${postId}"`);
    expect(res.body).toContain('qh-secret-line');
  });

  it('shows another fan their own timeline, not this one', async () => {
    const other = await t.fan();
    const res = await page(other.token);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('data-post-id');
    expect(res.body).toContain('Your feed is empty');
  });

  it('sends a visitor to log in, with no posts', async () => {
    const res = await page();
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/^\/auth\/login/);
    expect(res.body).not.toContain('data-post-id');
  });
});
