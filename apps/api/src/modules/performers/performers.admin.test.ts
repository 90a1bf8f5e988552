import { eq, files, performerProfiles } from '@fanstage/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { toldTo } from '../../../test/notifications';

let t: TestApp;
let admin: { token: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.admin();
});
afterAll(() => t.close());

/** What the creator was told (the mail itself follows from the queue, by their preference). */
const mailsTo = (email: string | null) => toldTo(t.ctx, email);

const addDocument = async (ownerId: string, field = 'idVerification') =>
  (
    await t.ctx.db.db
      .insert(files)
      .values({
        ownerId,
        kind: `performer-document:${field}`,
        visibility: 'private',
        storageKey: `private/documents/${ownerId}-${field}.webp`,
        mimeType: 'image/webp',
        size: 10,
      })
      .returning()
  )[0]!;

const search = async (name: string) =>
  (await t.request({ url: `/api/performers/user/search?q=${encodeURIComponent(name)}` })).json()
    .total as number;

describe('GET /api/admin/performers', () => {
  it('lists pending creators with their document file ids, and verified ones apart', async () => {
    const pending = await t.creator({ documentsVerified: false });
    const doc = await addDocument(pending.user.id);
    const verified = await t.creator();
    const res = await t.request({
      url: '/api/admin/performers?status=pending&limit=100',
      token: admin.token,
    });
    expect(res.statusCode).toBe(200);
    const row = res.json().data.find((p: { _id: string }) => p._id === pending.user.id);
    expect(row).toMatchObject({
      email: pending.user.email,
      documents: [{ _id: doc.id }],
      documentsVerifiedAt: null,
    });
    expect(res.json().data.map((p: { _id: string }) => p._id)).not.toContain(verified.user.id);
    const done = await t.request({
      url: '/api/admin/performers?status=verified&limit=100',
      token: admin.token,
    });
    expect(done.json().data.map((p: { _id: string }) => p._id)).toContain(verified.user.id);
    expect(done.json().data.map((p: { _id: string }) => p._id)).not.toContain(pending.user.id);
  });

  it('pages and searches by name', async () => {
    const a = await t.creator({ documentsVerified: false, name: 'Reviewable Ottoline' });
    await t.creator({ documentsVerified: false, name: 'Reviewable Ottoline Two' });
    const res = await t.request({ url: '/api/admin/performers?q=ottoline&limit=1', token: admin.token });
    expect(res.json().total).toBe(2);
    expect(res.json().data).toHaveLength(1);
    expect(res.json().data[0]._id).toBe(a.user.id);
  });

  it('is for admins only, and refuses a bad status', async () => {
    const fan = await t.fan();
    const creator = await t.creator();
    expect((await t.request({ url: '/api/admin/performers' })).statusCode).toBe(401);
    expect((await t.request({ url: '/api/admin/performers', token: fan.token })).statusCode).toBe(403);
    expect((await t.request({ url: '/api/admin/performers', token: creator.token })).statusCode).toBe(403);
    const bad = await t.request({ url: '/api/admin/performers?status=maybe', token: admin.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/pending, verified or rejected/);
  });
});

describe('identity documents in the review', () => {
  it('gives the admin a signed URL that opens each document', async () => {
    const pending = await t.creator({ documentsVerified: false });
    const doc = await addDocument(pending.user.id);
    await t.ctx.storage.put(doc.storageKey, Buffer.from('webp bytes of the ID'));
    const res = await t.request({
      url: '/api/admin/performers?status=pending&limit=100',
      token: admin.token,
    });
    const row = res.json().data.find((p: { _id: string }) => p._id === pending.user.id);
    expect(row.documents).toEqual([expect.objectContaining({ _id: doc.id, url: expect.any(String) })]);
    const image = await t.request({ url: row.documents[0].url });
    expect(image.statusCode).toBe(200);
    expect(image.body).toBe('webp bytes of the ID');
  });

  it('gives the creator and fans no URL of the documents', async () => {
    const creator = await t.creator({ documentsVerified: false });
    await addDocument(creator.user.id);
    const fan = await t.fan();
    const me = await t.request({ url: '/api/performers/me', token: creator.token });
    expect(me.json().data.documents).toHaveLength(1);
    expect(me.json().data.documents[0]).not.toHaveProperty('url');
    for (const token of [creator.token, fan.token]) {
      const res = await t.request({ url: '/api/admin/performers?status=pending', token });
      expect(res.statusCode).toBe(403);
    }
    const unsigned = await t.request({
      url: `/api/files/private/documents/${creator.user.id}-idVerification.webp`,
    });
    expect(unsigned.statusCode).toBe(403);
  });
});

describe('document verification', () => {
  it('lists a verified creator in search and mails them once', async () => {
    const { user } = await t.creator({ documentsVerified: false, name: 'Verifiable Persimmon' });
    expect(await search('Persimmon')).toBe(0);
    const verify = () =>
      t.request({
        method: 'POST',
        url: `/api/admin/performers/${user.id}/verify-documents`,
        token: admin.token,
      });
    const res = await verify();
    expect(res.statusCode).toBe(200);
    expect(res.json().data.documentsVerifiedAt).toEqual(expect.any(String));
    expect(await search('Persimmon')).toBe(1);
    expect((await verify()).statusCode).toBe(200);
    const mails = await mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/verified/);
  });

  it('unlists a rejected creator, moves them to the rejected list and mails the reason', async () => {
    const { user } = await t.creator({ name: 'Rejectable Quillon' });
    expect(await search('Quillon')).toBe(1);
    const res = await t.request({
      method: 'POST',
      url: `/api/admin/performers/${user.id}/reject-documents`,
      token: admin.token,
      payload: { reason: 'The photo is blurred.' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      documentsVerifiedAt: null,
      documentsRejectedAt: expect.any(String),
    });
    expect(await search('Quillon')).toBe(0);
    expect((await t.request({ url: `/api/performers/${user.id}` })).statusCode).toBe(404);
    const [mail] = await mailsTo(user.email);
    expect(mail!.text).toContain('The photo is blurred.');
    const rejected = await t.request({
      url: '/api/admin/performers?status=rejected&limit=100',
      token: admin.token,
    });
    expect(rejected.json().data.map((p: { _id: string }) => p._id)).toContain(user.id);
    const pending = await t.request({
      url: '/api/admin/performers?status=pending&limit=100',
      token: admin.token,
    });
    expect(pending.json().data.map((p: { _id: string }) => p._id)).not.toContain(user.id);
  });

  it('rejects without a body too', async () => {
    const { user } = await t.creator({ documentsVerified: false });
    const res = await t.request({
      method: 'POST',
      url: `/api/admin/performers/${user.id}/reject-documents`,
      token: admin.token,
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers 404 for an unknown id or a fan, 400 for a malformed id, 403 for a creator', async () => {
    const fan = await t.fan();
    const creator = await t.creator({ documentsVerified: false });
    for (const action of ['verify-documents', 'reject-documents']) {
      for (const id of [fan.user.id, '01a2019b-4926-76fd-a59f-71dafbdd39d1']) {
        const res = await t.request({
          method: 'POST',
          url: `/api/admin/performers/${id}/${action}`,
          token: admin.token,
        });
        expect(res.statusCode).toBe(404);
      }
      expect(
        (await t.request({ method: 'POST', url: `/api/admin/performers/nope/${action}`, token: admin.token }))
          .statusCode,
      ).toBe(400);
      const self = await t.request({
        method: 'POST',
        url: `/api/admin/performers/${creator.user.id}/${action}`,
        token: creator.token,
      });
      expect(self.statusCode).toBe(403);
    }
    const [row] = await t.ctx.db.db
      .select()
      .from(performerProfiles)
      .where(eq(performerProfiles.userId, creator.user.id));
    expect(row!.documentsVerifiedAt).toBeNull();
  });
});

describe('PUT /api/admin/performers/:id/commission', () => {
  it("sets and clears a creator's commission, shown read-only on their own profile", async () => {
    const creator = await t.creator();
    const set = (commissionPercentage: unknown) =>
      t.request({
        method: 'PUT',
        url: `/api/admin/performers/${creator.user.id}/commission`,
        token: admin.token,
        payload: { commissionPercentage },
      });
    expect((await set(0.15)).json().data.commissionPercentage).toBe(0.15);
    expect(
      (await t.request({ url: '/api/performers/me', token: creator.token })).json().data.commissionPercentage,
    ).toBe(0.15);
    expect((await set(null)).json().data.commissionPercentage).toBeNull();
  });

  it('refuses a commission outside 0..1 with the limit in words and keeps the old one', async () => {
    const creator = await t.creator();
    const set = (commissionPercentage: unknown) =>
      t.request({
        method: 'PUT',
        url: `/api/admin/performers/${creator.user.id}/commission`,
        token: admin.token,
        payload: { commissionPercentage },
      });
    expect((await set(0.15)).statusCode).toBe(200);
    for (const [bad, message] of [
      [-5, 'The commission cannot be below 0 (0 %).'],
      [1.5, 'The commission cannot be above 1 (100 %).'],
      ['0.2', 'The commission must be a number from 0 to 1 (0 % to 100 %), or empty.'],
    ] as const) {
      const res = await set(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(
      (await t.request({ url: '/api/performers/me', token: creator.token })).json().data.commissionPercentage,
    ).toBe(0.15);
  });

  it('cannot be set by the creator, nor through PUT /performers/me', async () => {
    const creator = await t.creator();
    const own = await t.request({
      method: 'PUT',
      url: `/api/admin/performers/${creator.user.id}/commission`,
      token: creator.token,
      payload: { commissionPercentage: 0 },
    });
    expect(own.statusCode).toBe(403);
    const viaMe = await t.request({
      method: 'PUT',
      url: '/api/performers/me',
      token: creator.token,
      payload: { commissionPercentage: 0 },
    });
    expect(viaMe.statusCode).toBe(400);
  });

  it('answers 404 for a fan id and refuses unknown fields', async () => {
    const fan = await t.fan();
    const res = await t.request({
      method: 'PUT',
      url: `/api/admin/performers/${fan.user.id}/commission`,
      token: admin.token,
      payload: { commissionPercentage: 0.1 },
    });
    expect(res.statusCode).toBe(404);
    const creator = await t.creator();
    const extra = await t.request({
      method: 'PUT',
      url: `/api/admin/performers/${creator.user.id}/commission`,
      token: admin.token,
      payload: { commissionPercentage: 0.1, documentsVerifiedAt: null },
    });
    expect(extra.statusCode).toBe(400);
  });
});
