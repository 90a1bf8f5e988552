import { auditLog, eq } from '@fanstage/db';
import { buildProduct } from '@fanstage/db/factories';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { grantWalletCredit, reconcileLedger } from '../wallet';

/*
 * The audit log: every admin action in the account and money flows writes one row, with what changed,
 * in the transaction of the change; admins read it newest first with filters.
 */

let t: TestApp;
type Account = Awaited<ReturnType<TestApp['fan']>>;

beforeAll(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  expect((await reconcileLedger(t.ctx.db.db)).problems).toEqual([]);
});
afterAll(() => t.close());

const rowsOf = (targetId: string) =>
  t.ctx.db.db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(auditLog.createdAt);

const send = (who: Account, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.request({ method, url, token: who.token, ...(payload ? { payload } : {}) });

const fund = (userId: string, amount: number) =>
  grantWalletCredit(t.ctx, {
    userId,
    amountCents: Math.round(amount * 100),
    reason: 'test',
    initiatorId: null,
  });

describe('GET /api/admin/audit-log', () => {
  it('lists newest first with the admin, filters by action, admin and target, and pages', async () => {
    const [adminA, adminB] = [await t.admin(), await t.admin()];
    const [one, two] = [await t.fan(), await t.fan()];
    await send(adminA, 'POST', `/api/admin/users/${one.user.id}/deactivate`, { reason: 'Spam' });
    await send(adminB, 'POST', `/api/admin/users/${two.user.id}/deactivate`, { reason: 'Fraud' });
    await send(adminB, 'POST', `/api/admin/users/${two.user.id}/reactivate`);

    const list = (query: string) => t.request({ url: `/api/admin/audit-log${query}`, token: adminA.token });
    const byB = (await list(`?actorId=${adminB.user.id}`)).json();
    expect(byB.total).toBe(2);
    expect(byB.data.map((e: { action: string }) => e.action)).toEqual(['user.reactivate', 'user.deactivate']);
    expect(byB.data[1]).toMatchObject({
      actor: { _id: adminB.user.id, name: adminB.user.name, username: adminB.user.username },
      targetType: 'user',
      targetId: two.user.id,
      before: { status: 'active' },
      after: { status: 'inactive' },
      reason: 'Fraud',
      createdAt: expect.any(String),
    });

    const deactivations = (await list('?action=user.deactivate&limit=100')).json();
    expect(deactivations.data.every((e: { action: string }) => e.action === 'user.deactivate')).toBe(true);
    expect(deactivations.total).toBeGreaterThanOrEqual(2);

    const target = (await list(`?targetId=${one.user.id}`)).json();
    expect(target).toMatchObject({ total: 1, data: [{ actor: { _id: adminA.user.id }, reason: 'Spam' }] });

    const page = (await list(`?actorId=${adminB.user.id}&limit=1&offset=1`)).json();
    expect(page).toMatchObject({ total: 2, data: [{ action: 'user.deactivate' }] });
  });

  it('refuses bad filters with a sentence', async () => {
    const admin = await t.admin();
    const list = (query: string) => t.request({ url: `/api/admin/audit-log${query}`, token: admin.token });
    const action = await list('?action=user.explode');
    expect(action.statusCode).toBe(400);
    expect(action.json().message).toMatch(/not a known action/);
    const actor = await list('?actorId=nobody');
    expect(actor.statusCode).toBe(400);
    expect(actor.json().message).toMatch(/admin filter must be a valid id/);
    expect((await list('?limit=0')).statusCode).toBe(400);
  });
});

describe('admin actions write the audit log', () => {
  it('creator commission, document verdicts', async () => {
    const admin = await t.admin();
    const creator = await t.creator({ documentsVerified: false });
    const id = creator.user.id;
    await send(admin, 'PUT', `/api/admin/performers/${id}/commission`, { commissionPercentage: 0.125 });
    // The same value again is not a change.
    await send(admin, 'PUT', `/api/admin/performers/${id}/commission`, { commissionPercentage: 0.125 });
    await send(admin, 'POST', `/api/admin/performers/${id}/verify-documents`);
    await send(admin, 'POST', `/api/admin/performers/${id}/reject-documents`, { reason: 'Blurred photo' });
    const rows = await rowsOf(id);
    expect(rows.map((r) => [r.action, r.actorId])).toEqual([
      ['performer.commission', admin.user.id],
      ['performer.verify-documents', admin.user.id],
      ['performer.reject-documents', admin.user.id],
    ]);
    expect(rows[0]).toMatchObject({
      before: { commissionPercentage: null },
      after: { commissionPercentage: 0.125 },
    });
    expect(rows[1]).toMatchObject({
      before: { documentsVerifiedAt: null, documentsRejectedAt: null },
      after: { documentsVerifiedAt: expect.any(String), documentsRejectedAt: null },
    });
    expect(rows[2]).toMatchObject({
      after: { documentsVerifiedAt: null, documentsRejectedAt: expect.any(String) },
      reason: 'Blurred photo',
    });
  });

  it('a refused change writes nothing', async () => {
    const admin = await t.admin();
    const creator = await t.creator();
    const res = await send(admin, 'PUT', `/api/admin/performers/${creator.user.id}/commission`, {
      commissionPercentage: 2,
    });
    expect(res.statusCode).toBe(400);
    expect(await rowsOf(creator.user.id)).toEqual([]);
  });

  it('settings: only the values that changed', async () => {
    const admin = await t.admin();
    const before = (await t.request({ url: '/api/admin/settings', token: admin.token })).json().data;
    const res = await send(admin, 'PUT', '/api/admin/settings', {
      siteName: before.siteName,
      performerCommission: 0.3,
    });
    expect(res.statusCode).toBe(200);
    expect(await rowsOf('site')).toEqual([
      expect.objectContaining({
        action: 'settings.update',
        targetType: 'settings',
        actorId: admin.user.id,
        before: { performerCommission: before.performerCommission },
        after: { performerCommission: 0.3 },
      }),
    ]);
    await send(admin, 'PUT', '/api/admin/settings', { performerCommission: before.performerCommission });
  });

  it('wallet credit, with the balance before and after', async () => {
    const admin = await t.admin();
    const fan = await t.fan();
    await fund(fan.user.id, 5);
    const res = await t.request({
      method: 'POST',
      url: '/api/admin/wallet/credit',
      token: admin.token,
      payload: { userId: fan.user.id, amount: 20, reason: 'Goodwill' },
    });
    expect(res.statusCode).toBe(200);
    // The credit the test itself gave (no admin) is not on the log.
    expect(await rowsOf(fan.user.id)).toEqual([
      expect.objectContaining({
        action: 'wallet.credit',
        before: { balanceCents: 500 },
        after: { balanceCents: 2500, creditedCents: 2000, ledgerTransactionId: res.json().data._id },
        reason: 'Goodwill',
      }),
    ]);
  });

  it('payout approve, reject and mark paid', async () => {
    const admin = await t.admin();
    const creator = await t.creator();
    const fan = await t.fan();
    await fund(fan.user.id, 250);
    const tip = await send(fan, 'POST', `/api/wallet/charges/tip/${creator.user.id}`, { amount: 250 });
    expect(tip.statusCode).toBe(200);
    const bank = await send(creator, 'PUT', '/api/performers/banking-settings', {
      holderName: 'Luna Rivers',
      bankName: 'Example Bank',
      accountNumber: 'DE89 3704 0044 0532 0130 00',
      swiftCode: 'DEUTDEFF',
      country: 'de',
    });
    expect(bank.statusCode).toBe(200);
    const ask = async () => {
      const res = await send(creator, 'POST', '/api/payout-requests', { amount: 60 });
      expect(res.statusCode).toBe(200);
      return res.json().data._id as string;
    };
    const paid = await ask();
    await send(admin, 'POST', `/api/admin/payout-requests/${paid}/approve`);
    await send(admin, 'POST', `/api/admin/payout-requests/${paid}/mark-paid`);
    const rejected = await ask();
    await send(admin, 'POST', `/api/admin/payout-requests/${rejected}/reject`, { reason: 'Wrong IBAN' });

    const paidRows = await rowsOf(paid);
    expect(paidRows.map((r) => [r.action, r.before, r.after?.status])).toEqual([
      ['payout.approve', { status: 'pending', amountCents: 6000 }, 'approved'],
      ['payout.mark-paid', { status: 'approved', amountCents: 6000 }, 'paid'],
    ]);
    expect(paidRows[1]?.after).toHaveProperty('ledgerTransactionId');
    expect(await rowsOf(rejected)).toEqual([
      expect.objectContaining({
        action: 'payout.reject',
        targetType: 'payout-request',
        before: { status: 'pending', amountCents: 6000 },
        reason: 'Wrong IBAN',
      }),
    ]);
  });

  it('order refund', async () => {
    const [fan, creator, admin] = [await t.fan(), await t.creator(), await t.admin()];
    await fund(fan.user.id, 50);
    const product = await buildProduct(t.ctx.db.db, {
      performerId: creator.user.id,
      stock: 3,
      priceCents: 1250,
    });
    const address = await send(fan, 'POST', '/api/addresses/create', {
      name: 'Home',
      fullName: 'Ava Thompson',
      phone: '+1 555 0100',
      street: '1 Main Street',
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
      country: 'United States',
    });
    const bought = await send(fan, 'POST', `/api/wallet/charges/product/${product.id}`, {
      quantity: 1,
      deliveryAddressId: address.json().data._id,
    });
    const orderId = bought.json().data.orderId as string;
    const refund = await send(admin, 'POST', `/api/admin/orders/${orderId}/refund`);
    expect(refund.statusCode).toBe(200);
    // A repeat answers the same refund and logs nothing more.
    await send(admin, 'POST', `/api/admin/orders/${orderId}/refund`);
    expect(await rowsOf(orderId)).toEqual([
      expect.objectContaining({
        action: 'order.refund',
        targetType: 'order',
        before: { deliveryStatus: 'processing', refundedAt: null },
        after: expect.objectContaining({ deliveryStatus: 'refunded', refundedCents: 1250 }),
      }),
    ]);
  });

  it('coupons and token packages: create, edit (changed fields only), delete', async () => {
    const admin = await t.admin();
    const coupon = await send(admin, 'POST', '/api/admin/coupons', {
      name: 'Spring',
      code: 'SPRING10',
      value: 10,
      numberOfUses: 5,
    });
    const couponId = coupon.json().data._id as string;
    const off = await send(admin, 'PUT', `/api/admin/coupons/${couponId}`, { isActive: false });
    expect(off.json().data).toMatchObject({ name: 'Spring', isActive: false });
    // A field left out keeps its value (the name is not reset, the coupon stays inactive).
    const edited = await send(admin, 'PUT', `/api/admin/coupons/${couponId}`, { value: 15 });
    expect(edited.json().data).toMatchObject({ name: 'Spring', value: 15, isActive: false });
    await send(admin, 'DELETE', `/api/admin/coupons/${couponId}`);
    const couponRows = await rowsOf(couponId);
    expect(couponRows.map((r) => r.action)).toEqual([
      'coupon.create',
      'coupon.update',
      'coupon.update',
      'coupon.delete',
    ]);
    expect(couponRows[0]).toMatchObject({ before: null, after: { code: 'SPRING10', value: 10 } });
    expect(couponRows[1]).toMatchObject({ before: { isActive: true }, after: { isActive: false } });
    expect(couponRows[2]).toMatchObject({ before: { value: 10 }, after: { value: 15 } });
    expect(Object.keys(couponRows[2]?.after ?? {})).toEqual(['value']);
    expect(couponRows[3]).toMatchObject({ before: { code: 'SPRING10' }, after: null });

    const pkg = await send(admin, 'POST', '/api/admin/package/token', {
      name: 'Bundle',
      tokens: 100,
      price: 90,
    });
    const pkgId = pkg.json().data._id as string;
    await send(admin, 'PUT', `/api/admin/package/token/${pkgId}`, { price: 80 });
    await send(admin, 'DELETE', `/api/admin/package/token/${pkgId}`);
    const pkgRows = await rowsOf(pkgId);
    expect(pkgRows.map((r) => r.action)).toEqual([
      'token-package.create',
      'token-package.update',
      'token-package.delete',
    ]);
    expect(pkgRows[1]).toMatchObject({ before: { price: 90 }, after: { price: 80 } });
  });

  it('reports: resolving or dismissing is logged once; a second close changes nothing', async () => {
    const [fan, creator, admin] = [await t.fan(), await t.creator(), await t.admin()];
    const made = await send(fan, 'POST', '/api/reports', {
      target: 'performer',
      targetId: creator.user.id,
      category: 'spam',
    });
    const reportId = made.json().data._id as string;
    expect(
      (await send(admin, 'PUT', `/api/admin/reports/${reportId}`, { action: 'warn', reason: 'Spam in bio' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await send(admin, 'PUT', `/api/admin/reports/${reportId}`, { action: 'dismiss' })).statusCode,
    ).toBe(422);
    expect(await rowsOf(reportId)).toEqual([
      expect.objectContaining({
        action: 'report.resolve',
        targetType: 'report',
        actorId: admin.user.id,
        before: { status: 'open' },
        after: { status: 'resolved', action: 'warn', reportedType: 'performer', reportedId: creator.user.id },
        reason: 'Spam in bio',
      }),
    ]);
  });

  it("site promos and pages: create, edit (a page's HTML as its length), delete", async () => {
    const admin = await t.admin();
    const page = await send(admin, 'POST', '/api/admin/posts', {
      title: 'House rules',
      content: '<p>Be kind.</p>',
      status: 'published',
    });
    expect(page.statusCode).toBe(200);
    const pageId = page.json().data._id as string;
    await send(admin, 'PUT', `/api/admin/posts/${pageId}`, { content: '<p>Be kind, always.</p>' });
    await send(admin, 'DELETE', `/api/admin/posts/${pageId}`);
    const pageRows = await rowsOf(pageId);
    expect(pageRows.map((r) => r.action)).toEqual(['page.create', 'page.update', 'page.delete']);
    expect(pageRows[1]).toMatchObject({ before: { contentLength: 15 }, after: { contentLength: 23 } });
    expect(JSON.stringify(pageRows)).not.toContain('Be kind');

    const promo = await send(admin, 'POST', '/api/admin/site-promos', { title: 'Summer' });
    expect(promo.statusCode, promo.body).toBe(200);
    const promoId = promo.json().data._id as string;
    await send(admin, 'PUT', `/api/admin/site-promos/${promoId}`, { title: 'Summer sale' });
    await send(admin, 'DELETE', `/api/admin/site-promos/${promoId}`);
    const promoRows = await rowsOf(promoId);
    expect(promoRows.map((r) => r.action)).toEqual([
      'site-promo.create',
      'site-promo.update',
      'site-promo.delete',
    ]);
    expect(promoRows[1]).toMatchObject({ before: { title: 'Summer' }, after: { title: 'Summer sale' } });
  });
});
