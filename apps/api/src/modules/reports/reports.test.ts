import { buildFeed } from '@fanstage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { toldTo } from '../../../test/notifications';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const report = (token: string | undefined, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/reports', token, payload });

describe('POST /api/reports', () => {
  it('records a report of a visible post, once while it is open', async () => {
    const creator = await t.creator();
    const fan = await t.fan();
    const feed = await buildFeed(t.ctx.db.db, { performerId: creator.user.id });
    const body = { target: 'feed', targetId: feed.id, category: 'spam', description: '  Ads everywhere ' };
    const res = await report(fan.token, body);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      target: 'feed',
      targetId: feed.id,
      status: 'open',
      description: 'Ads everywhere',
      reporter: { _id: fan.user.id },
    });
    const again = await report(fan.token, body);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already reported/);
  });

  it('answers 404 for a hidden creator or unknown id, 422 for your own, 400 for bad input, 401 logged out', async () => {
    const hidden = await t.creator({ documentsVerified: false });
    const fan = await t.fan();
    expect(
      (await report(fan.token, { target: 'performer', targetId: hidden.user.id, category: 'abuse' }))
        .statusCode,
    ).toBe(404);
    const creator = await t.creator();
    expect(
      (await report(creator.token, { target: 'performer', targetId: creator.user.id, category: 'abuse' }))
        .statusCode,
    ).toBe(422);
    const bad = await report(fan.token, {
      target: 'planet',
      targetId: creator.user.id,
      category: 'rude',
      description: 'x'.repeat(1001),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/target|category|1000/);
    expect(
      (await report(undefined, { target: 'performer', targetId: creator.user.id, category: 'spam' }))
        .statusCode,
    ).toBe(401);
  });

  it('limits one account to 10 reports a minute', async () => {
    const creator = await t.creator();
    const fan = await t.fan();
    const feeds = await Promise.all(
      Array.from({ length: 11 }, () => buildFeed(t.ctx.db.db, { performerId: creator.user.id })),
    );
    const codes: number[] = [];
    for (const feed of feeds) {
      codes.push(
        (await report(fan.token, { target: 'feed', targetId: feed.id, category: 'other' })).statusCode,
      );
    }
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});

describe('/api/admin/reports', () => {
  it('lists reports by status for admins and closes one once', async () => {
    const creator = await t.creator();
    const fan = await t.fan();
    const admin = await t.admin();
    const created = (
      await report(fan.token, { target: 'performer', targetId: creator.user.id, category: 'spam' })
    ).json().data;
    const open = await t.request({ url: '/api/admin/reports?status=open&limit=100', token: admin.token });
    expect(open.statusCode).toBe(200);
    expect(open.json().data.map((r: { _id: string }) => r._id)).toContain(created._id);
    const closed = await t.request({
      method: 'PUT',
      url: `/api/admin/reports/${created._id}`,
      token: admin.token,
      payload: { action: 'dismiss' },
    });
    expect(closed.statusCode).toBe(200);
    expect(closed.json().data).toMatchObject({
      status: 'dismissed',
      action: 'dismiss',
      resolutionNote: null,
    });
    // The fan is told the outcome (the notification centre; the mail follows from the queue).
    const mails = await toldTo(t.ctx, fan.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Your report was reviewed/);
    expect(mails[0]!.text).toContain('found nothing against the rules');
    expect(closed.json().data.resolvedAt).not.toBeNull();
    const twice = await t.request({
      method: 'PUT',
      url: `/api/admin/reports/${created._id}`,
      token: admin.token,
      payload: { action: 'warn', reason: 'Too late' },
    });
    expect(twice.statusCode).toBe(422);
    const dismissed = await t.request({ url: '/api/admin/reports?status=dismissed', token: admin.token });
    expect(dismissed.json().data.map((r: { _id: string }) => r._id)).toContain(created._id);
    // By reason too: a spam report is not among the abuse ones.
    const ofReason = async (category: string) =>
      (
        await t.request({ url: `/api/admin/reports?category=${category}&limit=100`, token: admin.token })
      ).json().data as { _id: string; category: string }[];
    expect((await ofReason('spam')).map((r) => r._id)).toContain(created._id);
    expect((await ofReason('abuse')).map((r) => r._id)).not.toContain(created._id);
    expect((await ofReason('abuse')).every((r) => r.category === 'abuse')).toBe(true);
    // Closed, the fan may report the creator again.
    expect(
      (await report(fan.token, { target: 'performer', targetId: creator.user.id, category: 'spam' }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses fans and creators (403), unknown ids (404) and bad actions or reasons (400)', async () => {
    const fan = await t.fan();
    const admin = await t.admin();
    expect((await t.request({ url: '/api/admin/reports', token: fan.token })).statusCode).toBe(403);
    expect((await t.request({ url: '/api/admin/reports' })).statusCode).toBe(401);
    const unknown = await t.request({
      method: 'PUT',
      url: '/api/admin/reports/01a2019b-4926-76fd-a59f-71dafbdd39d1',
      token: admin.token,
      payload: { action: 'dismiss' },
    });
    expect(unknown.statusCode).toBe(404);
    const put = (payload: object) =>
      t.request({
        method: 'PUT',
        url: '/api/admin/reports/01a2019b-4926-76fd-a59f-71dafbdd39d1',
        token: admin.token,
        payload,
      });
    const bad = await put({ action: 'open' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/dismiss, hide, warn, block or deactivate/);
    // Every action but dismiss needs a reason the people affected are told.
    const noReason = await put({ action: 'hide', reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toMatch(/reason of at least 3 characters/);
    const tooLong = await put({ action: 'warn', reason: 'x'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toMatch(/at most 500 characters/);
    const nul = await put({ action: 'warn', reason: 'bad\u0000reason' });
    expect(nul.statusCode).toBeGreaterThanOrEqual(400);
    expect(nul.statusCode).toBeLessThan(500);
    expect(
      (
        await t.request({
          method: 'PUT',
          url: '/api/admin/reports/01a2019b-4926-76fd-a59f-71dafbdd39d1',
          token: fan.token,
          payload: { action: 'dismiss' },
        })
      ).statusCode,
    ).toBe(403);
    expect((await t.request({ url: '/api/admin/reports?status=weird', token: admin.token })).statusCode).toBe(
      400,
    );
    const badReason = await t.request({ url: '/api/admin/reports?category=rude', token: admin.token });
    expect(badReason.statusCode).toBe(400);
    expect(badReason.json().message).toMatch(/spam, abuse, copyright, underage or other/);
  });
});
