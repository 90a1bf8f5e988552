import { auditLog, eq, files, newId, performerProfiles, photos, sql, userBlocks } from '@fanstage/db';
import { buildGallery, buildProduct, buildSubscription, buildVideo } from '@fanstage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { toldTo } from '../../../test/notifications';

/*
 * Admins hide, show again and delete any creator's content; hidden content is gone for fans (its
 * page 404, every list without it), kept for its owner with the reason; reports close with an
 * action. Each change leaves an audit row and tells the people concerned.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' } });
});
afterAll(() => t.close());

type Account = Awaited<ReturnType<TestApp['fan']>>;

const call = (who: Account | null, method: string, url: string, payload?: object) =>
  t.request({
    method: method as 'GET',
    url,
    token: who?.token,
    ...(payload ? { payload } : {}),
    headers: { 'idempotency-key': newId() },
  });

const hide = (admin: Account, target: string, id: string, reason = 'Breaks the house rules') =>
  call(admin, 'POST', `/api/admin/content/${target}/${id}/hide`, { reason });

const idsOf = (body: string) => (JSON.parse(body).data as { _id: string }[]).map((r) => r._id);

const mailsTo = (email: string) => toldTo(t.ctx, email);

const auditOf = (targetId: string) =>
  t.ctx.db.db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(auditLog.createdAt);

/** A photo in a gallery on an already-ready file (no upload). */
async function buildPhoto(performerId: string, galleryId: string) {
  const fileId = newId();
  await t.ctx.db.db.insert(files).values({
    id: fileId,
    ownerId: performerId,
    kind: 'gallery-photo',
    visibility: 'private',
    storageKey: `private/originals/${fileId}.jpg`,
    mimeType: 'image/jpeg',
    size: 1000,
    status: 'ready',
    variants: { thumbnail: { key: `private/media/${fileId}/thumb.webp` } },
  });
  const [row] = await t.ctx.db.db
    .insert(photos)
    .values({ performerId, galleryId, fileId, title: 'A photo' })
    .returning();
  // The profile counts it, as an upload would, so deleting it keeps the counter exact.
  await t.ctx.db.db
    .update(performerProfiles)
    .set({ photosCount: sql`${performerProfiles.photosCount} + 1` })
    .where(eq(performerProfiles.userId, performerId));
  return row!;
}

/** A creator with one of everything, a subscribed fan, and an admin. */
async function scene() {
  const creator = await t.creator();
  const fan = await t.fan();
  const admin = await t.admin();
  const db = t.ctx.db.db;
  await buildSubscription(db, { fanId: fan.user.id, performerId: creator.user.id });
  // Through the API, so the creator's counters count it (a delete lowers them).
  const feed = (
    await call(creator, 'POST', '/api/performer/feeds', { type: 'text', text: 'A rude post' })
  ).json().data as { _id: string; id: string };
  feed.id = feed._id;
  const video = await buildVideo(db, { performerId: creator.user.id });
  const gallery = await buildGallery(db, { performerId: creator.user.id });
  const photo = await buildPhoto(creator.user.id, gallery.id);
  const product = await buildProduct(db, { performerId: creator.user.id });
  const comment = (
    await call(fan, 'POST', '/api/comments', {
      objectType: 'feed',
      objectId: feed.id,
      content: 'Nasty words',
    })
  ).json().data as { _id: string };
  return { creator, fan, admin, feed, video, gallery, photo, product, comment };
}

describe('hiding content', () => {
  it('hides each kind from fans (page 404, lists without it), keeps it for the owner with the reason', async () => {
    const s = await scene();
    const { creator, fan, admin } = s;
    const username = creator.user.username!;
    // Before: the fan sees every one.
    expect(idsOf((await call(fan, 'GET', `/api/user/feeds/search/${username}`)).body)).toContain(s.feed.id);
    const fanViews: Record<string, { page: string | null; list: string; id: string }> = {
      feed: {
        page: `/api/user/feeds/${s.feed.id}`,
        list: `/api/user/feeds/search/${username}`,
        id: s.feed.id,
      },
      video: {
        page: `/api/performer-assets/videos/${s.video.id}`,
        list: `/api/performer-assets/videos/search?performerId=${creator.user.id}`,
        id: s.video.id,
      },
      gallery: {
        page: `/api/performer-assets/galleries/${s.gallery.id}`,
        list: `/api/performer-assets/galleries/search?performerId=${creator.user.id}`,
        id: s.gallery.id,
      },
      product: {
        page: `/api/performer-assets/products/${s.product.id}`,
        list: `/api/performer-assets/products/search?performerId=${creator.user.id}`,
        id: s.product.id,
      },
      comment: {
        page: null,
        list: `/api/comments?objectType=feed&objectId=${s.feed.id}`,
        id: s.comment._id,
      },
    };
    for (const [target, view] of Object.entries(fanViews)) {
      if (view.page) expect((await call(fan, 'GET', view.page)).statusCode, target).toBe(200);
      expect(idsOf((await call(fan, 'GET', view.list)).body), target).toContain(view.id);
    }
    for (const [target, view] of Object.entries(fanViews)) {
      const res = await hide(admin, target, view.id, `Hidden ${target} for a test`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        target,
        _id: view.id,
        hidden: { reason: `Hidden ${target} for a test` },
      });
    }
    for (const [target, view] of Object.entries(fanViews)) {
      if (view.page) {
        const page = await call(fan, 'GET', view.page);
        expect(page.statusCode, target).toBe(404);
        expect(page.json().message).toMatch(/was not found/);
        // Visitors too.
        expect((await call(null, 'GET', view.page)).statusCode, target).toBe(404);
      }
      const list = await call(fan, 'GET', view.list);
      // The comments of a hidden post are gone with it (the next test hides a comment alone).
      if (target === 'comment') expect(list.statusCode).toBe(404);
      else expect(idsOf(list.body), target).not.toContain(view.id);
    }
    // The home timeline skips the hidden post as well.
    expect(idsOf((await call(fan, 'GET', '/api/user/feeds')).body)).not.toContain(s.feed.id);
    // The owner keeps each, marked with the reason.
    const own = await call(creator, 'GET', '/api/performer/feeds');
    const ownFeed = (own.json().data as { _id: string; hidden: unknown }[]).find((f) => f._id === s.feed.id);
    expect(ownFeed?.hidden).toMatchObject({ reason: 'Hidden feed for a test' });
    const ownPage = await call(creator, 'GET', `/api/user/feeds/${s.feed.id}`);
    expect(ownPage.statusCode).toBe(200);
    expect(ownPage.json().data.hidden).toMatchObject({ reason: 'Hidden feed for a test' });
    const ownVideos = await call(creator, 'GET', '/api/performer/performer-assets/videos/search');
    expect(
      (ownVideos.json().data as { _id: string; hidden: unknown }[]).find((v) => v._id === s.video.id)?.hidden,
    ).toMatchObject({ reason: 'Hidden video for a test' });
    const ownProducts = await call(creator, 'GET', '/api/performer/performer-assets/products/search');
    expect(
      (ownProducts.json().data as { _id: string; hidden: unknown }[]).find((p) => p._id === s.product.id)
        ?.hidden,
    ).toMatchObject({ reason: 'Hidden product for a test' });
    // The comment's author still sees their comment, with the reason; another fan does not.
    const authorView = await call(fan, 'GET', `/api/comments?objectType=feed&objectId=${s.feed.id}`);
    // (the post itself is hidden now, so its comments are not reachable for the fan at all)
    expect(authorView.statusCode).toBe(404);
    // Admins see everything, marked.
    expect(
      (await call(admin, 'GET', `/api/performer-assets/videos/${s.video.id}`)).json().data.hidden,
    ).toMatchObject({ reason: 'Hidden video for a test' });
    // The creator was told each time, with the reason.
    const told = await mailsTo(creator.user.email!);
    expect(told.map((m) => m.subject)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Your post was hidden/),
        expect.stringMatching(/^Your video was hidden/),
      ]),
    );
    expect(told.find((m) => m.subject.startsWith('Your post was hidden'))?.text).toContain(
      'Hidden feed for a test',
    );
    // The comment's author (a fan) was told about their comment.
    expect((await mailsTo(fan.user.email!)).map((m) => m.subject)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Your comment was hidden/)]),
    );
    // Each hiding is in the audit log, with who, what and why.
    expect(await auditOf(s.video.id)).toEqual([
      expect.objectContaining({
        action: 'content.hide',
        actorId: admin.user.id,
        targetType: 'video',
        before: { hidden: false },
        reason: 'Hidden video for a test',
      }),
    ]);
  });

  it('hides a comment from other fans but keeps it for its author; a hidden photo leaves its gallery', async () => {
    const s = await scene();
    const other = await t.fan();
    await buildSubscription(t.ctx.db.db, { fanId: other.user.id, performerId: s.creator.user.id });
    const list = `/api/comments?objectType=feed&objectId=${s.feed.id}`;
    expect(idsOf((await call(other, 'GET', list)).body)).toContain(s.comment._id);
    expect((await hide(s.admin, 'comment', s.comment._id, 'Insults')).statusCode).toBe(200);
    expect(idsOf((await call(other, 'GET', list)).body)).not.toContain(s.comment._id);
    const mine = (await call(s.fan, 'GET', list)).json().data as { _id: string; hidden: unknown }[];
    expect(mine.find((c) => c._id === s.comment._id)?.hidden).toMatchObject({ reason: 'Insults' });
    // Nobody else can reply to it, like it or report it.
    const reply = await call(other, 'POST', '/api/comments', {
      objectType: 'feed',
      objectId: s.feed.id,
      parentId: s.comment._id,
      content: 'Me too',
    });
    expect(reply.statusCode).toBe(404);
    expect((await call(other, 'GET', `${list}&parentId=${s.comment._id}`)).statusCode).toBe(404);

    // A photo: the gallery stays, without it.
    const gallery = `/api/performer-assets/galleries/${s.gallery.id}`;
    const photoIds = async (who: Account) =>
      ((await call(who, 'GET', gallery)).json().data.photos as { _id: string }[]).map((p) => p._id);
    expect(await photoIds(s.fan)).toContain(s.photo.id);
    expect((await hide(s.admin, 'photo', s.photo.id, 'Not allowed here')).statusCode).toBe(200);
    expect(await photoIds(s.fan)).not.toContain(s.photo.id);
    expect(
      idsOf((await call(s.fan, 'GET', `/api/performer-assets/photos?galleryId=${s.gallery.id}`)).body),
    ).not.toContain(s.photo.id);
    expect(await photoIds(s.creator)).toContain(s.photo.id);
  });

  it('refuses to sell what is hidden', async () => {
    const s = await scene();
    expect((await hide(s.admin, 'product', s.product.id)).statusCode).toBe(200);
    const buy = await call(s.fan, 'POST', `/api/wallet/charges/product/${s.product.id}`, { quantity: 1 });
    expect(buy.statusCode).toBe(404);
  });

  it('shows it again: fans see it, the owner is told, the audit log has both steps', async () => {
    const s = await scene();
    expect((await hide(s.admin, 'video', s.video.id)).statusCode).toBe(200);
    const twice = await hide(s.admin, 'video', s.video.id);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().message).toBe('This is already hidden.');
    const shown = await call(s.admin, 'POST', `/api/admin/content/video/${s.video.id}/unhide`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data.hidden).toBeNull();
    expect((await call(s.fan, 'GET', `/api/performer-assets/videos/${s.video.id}`)).statusCode).toBe(200);
    const again = await call(s.admin, 'POST', `/api/admin/content/video/${s.video.id}/unhide`);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('This is not hidden.');
    expect((await auditOf(s.video.id)).map((r) => r.action)).toEqual(['content.hide', 'content.unhide']);
    expect((await mailsTo(s.creator.user.email!)).map((m) => m.subject)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Your video is visible again/)]),
    );
  });

  it('deletes any kind as its owner would, with the reason told and an audit row', async () => {
    const s = await scene();
    for (const [target, id] of [
      ['comment', s.comment._id],
      ['photo', s.photo.id],
      ['video', s.video.id],
      ['product', s.product.id],
      ['gallery', s.gallery.id],
      ['feed', s.feed.id],
    ] as const) {
      const res = await call(
        s.admin,
        'DELETE',
        `/api/admin/content/${target}/${id}?reason=Illegal%20content`,
      );
      expect(res.statusCode, `${target}: ${res.body}`).toBe(200);
      expect(res.json().data).toEqual({ target, _id: id, deleted: true });
      expect((await call(s.admin, 'GET', `/api/admin/content/${target}/${id}`)).statusCode).toBe(404);
      expect(await auditOf(id)).toEqual([
        expect.objectContaining({ action: 'content.delete', targetType: target, reason: 'Illegal content' }),
      ]);
    }
    expect(
      (await call(s.creator, 'GET', `/api/performer/performer-assets/videos/${s.video.id}/view`)).statusCode,
    ).toBe(404);
    expect((await mailsTo(s.creator.user.email!)).map((m) => m.subject)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Your video was removed/)]),
    );
  });

  it('refuses other roles (403), visitors (401), bad input (400 with the limit) and unknown ids (404)', async () => {
    const s = await scene();
    for (const who of [s.fan, s.creator]) {
      expect((await hide(who, 'video', s.video.id)).statusCode).toBe(403);
      expect((await call(who, 'GET', `/api/admin/content/video/${s.video.id}`)).statusCode).toBe(403);
      expect(
        (await call(who, 'DELETE', `/api/admin/content/video/${s.video.id}?reason=Nope`)).statusCode,
      ).toBe(403);
      expect((await call(who, 'POST', `/api/admin/content/video/${s.video.id}/unhide`)).statusCode).toBe(403);
    }
    expect(
      (await call(null, 'POST', `/api/admin/content/video/${s.video.id}/hide`, { reason: 'Why' })).statusCode,
    ).toBe(401);
    const short = await hide(s.admin, 'video', s.video.id, 'x');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/at least 3 characters/);
    const long = await hide(s.admin, 'video', s.video.id, 'x'.repeat(501));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/at most 500 characters/);
    const kind = await hide(s.admin, 'performer', s.creator.user.id);
    expect(kind.statusCode).toBe(400);
    expect(kind.json().message).toMatch(/feed, photo, gallery, video, product or comment/);
    expect((await hide(s.admin, 'video', 'not-an-id')).statusCode).toBe(400);
    const nul = await hide(s.admin, 'video', s.video.id, 'bad\u0000reason');
    expect(nul.statusCode).toBeGreaterThanOrEqual(400);
    expect(nul.statusCode).toBeLessThan(500);
    const noReason = await call(s.admin, 'DELETE', `/api/admin/content/video/${s.video.id}`);
    expect(noReason.statusCode).toBe(400);
    const unknown = await hide(s.admin, 'gallery', newId());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('That gallery was not found.');
    // Nothing of that changed the video.
    expect((await call(s.fan, 'GET', `/api/performer-assets/videos/${s.video.id}`)).statusCode).toBe(200);
    expect(await auditOf(s.video.id)).toEqual([]);
  });
});

describe('closing a report with an action', () => {
  const fileReport = async (fan: Account, target: string, targetId: string) => {
    const res = await call(fan, 'POST', '/api/reports', { target, targetId, category: 'abuse' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data._id as string;
  };
  const resolve = (admin: Account, id: string, action: string, reason = 'Against the rules') =>
    call(admin, 'PUT', `/api/admin/reports/${id}`, { action, reason });

  it('hide: the queue shows the item, resolving hides it for fans and tells the creator and the reporter', async () => {
    const s = await scene();
    const reporter = await t.fan();
    await buildSubscription(t.ctx.db.db, { fanId: reporter.user.id, performerId: s.creator.user.id });
    const reportId = await fileReport(reporter, 'video', s.video.id);
    const queue = await call(s.admin, 'GET', '/api/admin/reports?status=open&limit=100');
    const row = (queue.json().data as { _id: string; item: unknown }[]).find((r) => r._id === reportId);
    expect(row?.item).toMatchObject({
      target: 'video',
      _id: s.video.id,
      owner: { _id: s.creator.user.id },
      hidden: null,
      url: `/video/${s.video.id}`,
    });
    const res = await resolve(s.admin, reportId, 'hide', 'Violence');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'resolved',
      action: 'hide',
      resolutionNote: 'Violence',
      item: { hidden: { reason: 'Violence' } },
    });
    expect((await call(reporter, 'GET', `/api/performer-assets/videos/${s.video.id}`)).statusCode).toBe(404);
    expect((await call(s.fan, 'GET', `/api/performer-assets/videos/${s.video.id}`)).statusCode).toBe(404);
    expect(
      (await call(s.creator, 'GET', `/api/performer/performer-assets/videos/${s.video.id}/view`)).json().data
        .hidden,
    ).toMatchObject({ reason: 'Violence' });
    const creatorMail = (await mailsTo(s.creator.user.email!)).find((m) =>
      m.subject.startsWith('Your video was hidden'),
    );
    expect(creatorMail?.text).toContain('Reason: Violence');
    const reporterMail = (await mailsTo(reporter.user.email!)).find((m) =>
      m.subject.startsWith('Your report was reviewed'),
    );
    expect(reporterMail?.text).toContain('the content is hidden');
    expect(reporterMail?.text).not.toContain('Violence');
    expect((await auditOf(s.video.id)).map((r) => r.action)).toEqual(['content.hide']);
    expect(await auditOf(reportId)).toEqual([
      expect.objectContaining({
        action: 'report.resolve',
        after: expect.objectContaining({ action: 'hide', reportedType: 'video' }),
        reason: 'Violence',
      }),
    ]);
  });

  it('block: the comment author is blocked by the creator; warn mails the owner; deactivate ends the account', async () => {
    const s = await scene();
    const reporter = await t.fan();
    await buildSubscription(t.ctx.db.db, { fanId: reporter.user.id, performerId: s.creator.user.id });
    // Block for the creator: only for a comment.
    const onComment = await fileReport(reporter, 'comment', s.comment._id);
    const res = await resolve(s.admin, onComment, 'block', 'Harassing the creator');
    expect(res.statusCode, res.body).toBe(200);
    const blocks = await t.ctx.db.db.select().from(userBlocks).where(eq(userBlocks.targetId, s.fan.user.id));
    expect(blocks).toEqual([
      expect.objectContaining({ performerId: s.creator.user.id, reason: 'Harassing the creator' }),
    ]);
    const profile = await call(s.fan, 'GET', `/api/performers/${s.creator.user.username}`);
    expect(profile.statusCode).toBe(403);
    expect(profile.json().message).toBe('You have been blocked by this creator.');
    expect((await auditOf(s.fan.user.id)).map((r) => r.action)).toContain('user.block-for-creator');
    expect((await mailsTo(s.creator.user.email!)).map((m) => m.subject)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Our moderators blocked someone for you/)]),
    );
    const onPost = await fileReport(reporter, 'feed', s.feed.id);
    const notComment = await resolve(s.admin, onPost, 'block');
    expect(notComment.statusCode).toBe(422);
    expect(notComment.json().message).toMatch(/Only a comment's author can be blocked/);
    // Warn: the creator gets the reason.
    expect((await resolve(s.admin, onPost, 'warn', 'Mind the rules on nudity')).statusCode).toBe(200);
    const warning = (await mailsTo(s.creator.user.email!)).find((m) =>
      m.subject.startsWith('A warning from'),
    );
    expect(warning?.text).toContain('Mind the rules on nudity');
    // Hide does not apply to a creator; deactivate does, and their token stops working at once.
    const onCreator = await fileReport(reporter, 'performer', s.creator.user.id);
    const hideCreator = await resolve(s.admin, onCreator, 'hide');
    expect(hideCreator.statusCode).toBe(422);
    expect(hideCreator.json().message).toMatch(/A creator cannot be hidden/);
    expect((await call(s.creator, 'GET', '/api/performer/feeds')).statusCode).toBe(200);
    expect((await resolve(s.admin, onCreator, 'deactivate', 'Repeated breaches')).statusCode).toBe(200);
    expect((await call(s.creator, 'GET', '/api/performer/feeds')).statusCode).toBe(401);
    expect((await auditOf(s.creator.user.id)).map((r) => r.action)).toContain('user.deactivate');
  });

  it('an item deleted meanwhile can only be dismissed', async () => {
    const s = await scene();
    const reportId = await fileReport(s.fan, 'product', s.product.id);
    expect(
      (await call(s.creator, 'DELETE', `/api/performer/performer-assets/products/${s.product.id}`))
        .statusCode,
    ).toBe(200);
    const queue = await call(s.admin, 'GET', '/api/admin/reports?status=open&limit=100');
    expect(
      (queue.json().data as { _id: string; item: unknown }[]).find((r) => r._id === reportId)?.item,
    ).toBeNull();
    const hideGone = await resolve(s.admin, reportId, 'hide');
    expect(hideGone.statusCode).toBe(422);
    expect(hideGone.json().message).toMatch(/only "dismiss" applies/);
    expect(
      (await call(s.admin, 'PUT', `/api/admin/reports/${reportId}`, { action: 'dismiss' })).statusCode,
    ).toBe(200);
  });
});
