import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClock } from '../../../test/helpers';

let t: TestApp;
const clock = new TestClock(new Date('2026-06-01T12:00:00Z'));
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

describe('search keywords', () => {
  it('records searches trimmed and lower-cased, and lists the top ones', async () => {
    for (const keyword of ['  Yoga ', 'yoga', 'YOGA', 'cooking', 'cooking', 'travel']) {
      const res = await t.request({ method: 'POST', url: '/api/search/keywords', payload: { keyword } });
      expect(res.statusCode).toBe(200);
    }
    const top = await t.request({ url: '/api/search/list/keywords?limit=2' });
    expect(top.statusCode).toBe(200);
    expect(top.json().data).toEqual([
      { keyword: 'yoga', searchCount: 3 },
      { keyword: 'cooking', searchCount: 2 },
    ]);
  });

  it('answers 400 for an empty keyword or a limit above 20', async () => {
    const empty = await t.request({
      method: 'POST',
      url: '/api/search/keywords',
      payload: { keyword: '   ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/empty/);
    expect((await t.request({ url: '/api/search/list/keywords?limit=21' })).statusCode).toBe(400);
  });
});

describe('site promos', () => {
  it('lets an admin create, edit and delete promos; the public sees only active ones in their dates', async () => {
    const admin = await t.admin();
    const create = (payload: Record<string, unknown>) =>
      t.request({ method: 'POST', url: '/api/admin/site-promos', token: admin.token, payload });
    const live = await create({ title: 'Summer', linkUrl: '/summer', startsAt: '2026-05-01T00:00:00Z' });
    expect(live.statusCode).toBe(200);
    const future = await create({ title: 'Winter', startsAt: '2026-12-01T00:00:00Z' });
    const ended = await create({ title: 'Spring', endsAt: '2026-05-01T00:00:00Z' });
    const off = await create({ title: 'Off', isActive: false });
    expect([future, ended, off].every((r) => r.statusCode === 200)).toBe(true);
    const seen = await t.request({ url: '/api/site-promo/search' });
    expect(seen.json().data.map((p: { title: string }) => p.title)).toEqual(['Summer']);

    const id = live.json().data._id;
    const edited = await t.request({
      method: 'PUT',
      url: `/api/admin/site-promos/${id}`,
      token: admin.token,
      payload: { title: 'Summer sale' },
    });
    expect(edited.json().data).toMatchObject({ title: 'Summer sale', linkUrl: '/summer' });
    const all = await t.request({ url: '/api/admin/site-promos', token: admin.token });
    expect(all.json().total).toBe(4);
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/admin/site-promos/${id}`,
      token: admin.token,
    });
    expect(removed.statusCode).toBe(200);
    const again = await t.request({
      method: 'DELETE',
      url: `/api/admin/site-promos/${id}`,
      token: admin.token,
    });
    expect(again.statusCode).toBe(404);
  });

  it('refuses bad dates and URLs (400, 422), and non-admins (401, 403)', async () => {
    const admin = await t.admin();
    const fan = await t.fan();
    const bad = await t.request({
      method: 'POST',
      url: '/api/admin/site-promos',
      token: admin.token,
      payload: {
        title: 'X',
        startsAt: '2026-06-02T00:00:00Z',
        endsAt: '2026-06-01T00:00:00Z',
        linkUrl: 'javascript:1',
      },
    });
    expect(bad.statusCode).toBe(400);
    const ok = await t.request({
      method: 'POST',
      url: '/api/admin/site-promos',
      token: admin.token,
      payload: { title: 'Y', startsAt: '2026-06-02T00:00:00Z' },
    });
    const inverted = await t.request({
      method: 'PUT',
      url: `/api/admin/site-promos/${ok.json().data._id}`,
      token: admin.token,
      payload: { endsAt: '2026-06-01T00:00:00Z' },
    });
    expect(inverted.statusCode).toBe(422);
    expect((await t.request({ url: '/api/admin/site-promos', token: fan.token })).statusCode).toBe(403);
    expect(
      (await t.request({ method: 'POST', url: '/api/admin/site-promos', payload: { title: 'Z' } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('CMS posts', () => {
  it('sanitizes content, makes a slug, and shows only published pages to the public', async () => {
    const admin = await t.admin();
    const res = await t.request({
      method: 'POST',
      url: '/api/admin/posts',
      token: admin.token,
      payload: {
        title: 'Terms & Conditions',
        content:
          '<h2>Rules</h2><p onclick="x()">Be <b>kind</b></p><script>alert(1)</script><a href="javascript:x">x</a>',
        status: 'published',
      },
    });
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page.slug).toBe('terms-conditions');
    expect(page.content).toBe(
      '<h2>Rules</h2><p>Be <b>kind</b></p><a rel="noopener noreferrer nofollow">x</a>',
    );
    expect((await t.request({ url: '/api/posts/terms-conditions' })).json().data._id).toBe(page._id);
    expect((await t.request({ url: `/api/posts/${page._id}` })).statusCode).toBe(200);

    const draft = await t.request({
      method: 'POST',
      url: '/api/admin/posts',
      token: admin.token,
      payload: { title: 'Secret plans', content: '<p>soon</p>' },
    });
    expect(draft.json().data.status).toBe('draft');
    expect((await t.request({ url: '/api/posts/secret-plans' })).statusCode).toBe(404);
    const search = await t.request({ url: '/api/posts/search?status=draft' });
    expect(search.json().data.map((p: { slug: string }) => p.slug)).toEqual(['terms-conditions']);
    const adminList = await t.request({ url: '/api/admin/posts?q=secret', token: admin.token });
    expect(adminList.json().total).toBe(1);
  });

  it('refuses a taken slug (409), bad slugs (400), unknown ids (404) and non-admins (403)', async () => {
    const admin = await t.admin();
    const fan = await t.fan();
    const create = (payload: Record<string, unknown>) =>
      t.request({ method: 'POST', url: '/api/admin/posts', token: admin.token, payload });
    const first = await create({ title: 'About', slug: 'about-us' });
    expect(first.statusCode).toBe(200);
    const taken = await create({ title: 'About again', slug: 'about-us' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      message: 'Another page already uses this slug.',
      details: [{ path: 'slug', message: 'Another page already uses this slug.' }],
    });
    expect((await create({ title: 'Bad', slug: 'no spaces!' })).statusCode).toBe(400);
    const second = await create({ title: 'Contact' });
    const clash = await t.request({
      method: 'PUT',
      url: `/api/admin/posts/${second.json().data._id}`,
      token: admin.token,
      payload: { slug: 'about-us' },
    });
    expect(clash.statusCode).toBe(409);
    const unknown = '01a2019b-4926-76fd-a59f-71dafbdd39d1';
    expect((await t.request({ url: `/api/admin/posts/${unknown}`, token: admin.token })).statusCode).toBe(
      404,
    );
    expect(
      (
        await t.request({
          method: 'PUT',
          url: `/api/admin/posts/${unknown}`,
          token: admin.token,
          payload: { title: 'X' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/admin/posts/${unknown}`, token: admin.token }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.request({
          method: 'DELETE',
          url: `/api/admin/posts/${first.json().data._id}`,
          token: admin.token,
        })
      ).statusCode,
    ).toBe(200);
    expect((await t.request({ url: '/api/admin/posts', token: fan.token })).statusCode).toBe(403);
  });
});
