import { randomUUID } from 'node:crypto';
import { and, auditLog, contactMessages, count, desc, earnings, eq } from '@fanstage/db';
import { buildCreator, buildProduct, buildSubscription, buildVideo } from '@fanstage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClock } from '../../../test/helpers';
import { totpCodeAt } from '../two-factor/totp';
import { grantWalletCredit } from '../wallet';

/*
 * Every admin mutation writes an audit row. Each non-GET route of the OpenAPI document under
 * /api/admin has an entry below: what it needs to exist, the request that changes something and the
 * audit action expected. A new admin mutation without an entry fails the first test, so it cannot
 * ship unaudited by accident.
 */

type Account = Awaited<ReturnType<TestApp['fan']>>;
/** Makes what the call needs (as the admin or anyone) and answers the call. */
type Case = { action: string; prepare: () => Promise<{ url: string; body?: object }> };

let t: TestApp;
let admin: Account;
let spec: { paths: Record<string, Record<string, unknown>> };
const clock = new TestClock();

beforeAll(async () => {
  t = await createTestApp({ clock, env: { LOGIN_RATE_LIMIT: '100000' } });
  admin = await t.admin();
  spec = (await t.request({ url: '/api/openapi.json' })).json();
});
afterAll(() => t.close());

const call = async (who: Account, method: string, url: string, payload?: object) => {
  const res = await t.request({
    method: method as 'POST',
    url,
    token: who.token,
    headers: { 'idempotency-key': randomUUID() },
    ...(payload ? { payload } : {}),
  });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json().data as { _id: string } & Record<string, unknown>;
};

const fund = (userId: string, cents: number) =>
  grantWalletCredit(t.ctx, { userId, amountCents: cents, reason: 'audit walk', initiatorId: null });

const address = {
  name: 'Home',
  fullName: 'Ava Thompson',
  street: '1 Main Street',
  city: 'Springfield',
  state: 'IL',
  zipCode: '62701',
  country: 'United States',
};

/** A fan's paid order of a physical product. */
async function paidOrder() {
  const [fan, creator] = [await t.fan(), await t.creator()];
  await fund(fan.user.id, 5000);
  const product = await buildProduct(t.ctx.db.db, { performerId: creator.user.id, priceCents: 1000 });
  const where = await call(fan, 'POST', '/api/addresses/create', address);
  const bought = await call(fan, 'POST', `/api/wallet/charges/product/${product.id}`, {
    quantity: 1,
    deliveryAddressId: where._id,
  });
  return bought.orderId as string;
}

/** A creator's pending payout request (earned from a tip, with bank details). */
async function pendingPayout() {
  const [fan, creator] = [await t.fan(), await t.creator()];
  await fund(fan.user.id, 20_000);
  await call(fan, 'POST', `/api/wallet/charges/tip/${creator.user.id}`, { amount: 100 });
  await call(creator, 'PUT', '/api/performers/banking-settings', {
    holderName: 'Luna Rivers',
    bankName: 'Example Bank',
    accountNumber: 'DE89 3704 0044 0532 0130 00',
    swiftCode: 'DEUTDEFF',
    country: 'de',
  });
  return (await call(creator, 'POST', '/api/payout-requests', { amount: 50 }))._id;
}

/** A fan with two-factor switched on. */
async function fanWithTwoFactor() {
  const fan = await t.fan();
  const { secret } = await call(fan, 'POST', '/api/users/me/2fa/enrolment', {});
  await call(fan, 'POST', '/api/users/me/2fa/enrolment/confirm', {
    code: totpCodeAt(secret as string, clock.now()),
  });
  clock.advance(30_000);
  return fan;
}

const subscription = async () => {
  const [fan, creator] = [await t.fan(), await t.creator()];
  const expiredAt = new Date(clock.now().getTime() + 10 * 24 * 3600_000);
  return (
    await buildSubscription(t.ctx.db.db, { fanId: fan.user.id, performerId: creator.user.id, expiredAt })
  ).id;
};

const video = async () => (await buildVideo(t.ctx.db.db, { performerId: (await t.creator()).user.id })).id;

const cases: Record<string, Case> = {
  'PUT /api/admin/users/{id}': {
    action: 'user.update',
    prepare: async () => ({ url: `/api/admin/users/${(await t.fan()).user.id}`, body: { name: 'Renamed' } }),
  },
  'POST /api/admin/users/{id}/deactivate': {
    action: 'user.deactivate',
    prepare: async () => ({
      url: `/api/admin/users/${(await t.fan()).user.id}/deactivate`,
      body: { reason: 'Spam' },
    }),
  },
  'POST /api/admin/users/{id}/reactivate': {
    action: 'user.reactivate',
    prepare: async () => {
      const { user } = await t.fan();
      await call(admin, 'POST', `/api/admin/users/${user.id}/deactivate`, { reason: 'Spam' });
      return { url: `/api/admin/users/${user.id}/reactivate`, body: {} };
    },
  },
  'POST /api/admin/users/{id}/2fa/reset': {
    action: 'two-factor.reset',
    prepare: async () => ({
      url: `/api/admin/users/${(await fanWithTwoFactor()).user.id}/2fa/reset`,
      body: { reason: 'Lost phone' },
    }),
  },
  'POST /api/admin/subscriptions': {
    action: 'subscription.grant',
    prepare: async () => {
      const [fan, creator] = [await t.fan(), await t.creator()];
      return {
        url: '/api/admin/subscriptions',
        body: { fanId: fan.user.id, performerId: creator.user.id, days: 7, reason: 'Goodwill' },
      };
    },
  },
  'POST /api/admin/subscriptions/{id}/extend': {
    action: 'subscription.extend',
    prepare: async () => ({
      url: `/api/admin/subscriptions/${await subscription()}/extend`,
      body: { days: 5, reason: 'Outage' },
    }),
  },
  'POST /api/admin/subscriptions/{id}/cancel': {
    action: 'subscription.cancel',
    prepare: async () => ({
      url: `/api/admin/subscriptions/${await subscription()}/cancel`,
      body: { reason: 'Asked by the fan' },
    }),
  },
  'PUT /api/admin/settings': {
    action: 'settings.update',
    prepare: async () => ({
      url: '/api/admin/settings',
      body: { siteName: `Site ${randomUUID().slice(0, 8)}` },
    }),
  },
  'POST /api/admin/performers/{id}/verify-documents': {
    action: 'performer.verify-documents',
    prepare: async () => {
      const creator = await buildCreator(t.ctx.db.db, { documentsVerified: false });
      return { url: `/api/admin/performers/${creator.id}/verify-documents` };
    },
  },
  'POST /api/admin/performers/{id}/reject-documents': {
    action: 'performer.reject-documents',
    prepare: async () => {
      const creator = await buildCreator(t.ctx.db.db, { documentsVerified: false });
      return { url: `/api/admin/performers/${creator.id}/reject-documents`, body: { reason: 'Blurry' } };
    },
  },
  'PUT /api/admin/performers/{id}/commission': {
    action: 'performer.commission',
    prepare: async () => ({
      url: `/api/admin/performers/${(await t.creator()).user.id}/commission`,
      body: { commissionPercentage: 0.15 },
    }),
  },
  'PUT /api/admin/block/countries': {
    action: 'geo-block.update',
    prepare: async () => ({ url: '/api/admin/block/countries', body: { countryCodes: ['KP', 'XK'] } }),
  },
  'PUT /api/admin/reports/{id}': {
    action: 'report.dismiss',
    prepare: async () => {
      const [fan, creator] = [await t.fan(), await t.creator()];
      const report = await call(fan, 'POST', '/api/reports', {
        target: 'performer',
        targetId: creator.user.id,
        category: 'spam',
      });
      return { url: `/api/admin/reports/${report._id}`, body: { action: 'dismiss' } };
    },
  },
  'POST /api/admin/content/{target}/{id}/hide': {
    action: 'content.hide',
    prepare: async () => ({
      url: `/api/admin/content/video/${await video()}/hide`,
      body: { reason: 'Stolen' },
    }),
  },
  'POST /api/admin/content/{target}/{id}/unhide': {
    action: 'content.unhide',
    prepare: async () => {
      const id = await video();
      await call(admin, 'POST', `/api/admin/content/video/${id}/hide`, { reason: 'Stolen' });
      return { url: `/api/admin/content/video/${id}/unhide` };
    },
  },
  'DELETE /api/admin/content/{target}/{id}': {
    action: 'content.delete',
    // A video, as the factory counts it on the profile (a post written straight to the table is not).
    prepare: async () => ({ url: `/api/admin/content/video/${await video()}?reason=Stolen%20pictures` }),
  },
  'POST /api/admin/contact-messages/{id}/handled': {
    action: 'contact-message.handle',
    prepare: async () => {
      const [row] = await t.ctx.db.db
        .insert(contactMessages)
        .values({ name: 'Ava', email: 'ava@example.test', message: 'Hello there' })
        .returning();
      return { url: `/api/admin/contact-messages/${row!.id}/handled` };
    },
  },
  'POST /api/admin/site-promos': {
    action: 'site-promo.create',
    prepare: async () => ({ url: '/api/admin/site-promos', body: { title: 'Summer' } }),
  },
  'PUT /api/admin/site-promos/{id}': {
    action: 'site-promo.update',
    prepare: async () => {
      const promo = await call(admin, 'POST', '/api/admin/site-promos', { title: 'Summer' });
      return { url: `/api/admin/site-promos/${promo._id}`, body: { title: 'Summer sale' } };
    },
  },
  'DELETE /api/admin/site-promos/{id}': {
    action: 'site-promo.delete',
    prepare: async () => {
      const promo = await call(admin, 'POST', '/api/admin/site-promos', { title: 'Winter' });
      return { url: `/api/admin/site-promos/${promo._id}` };
    },
  },
  'POST /api/admin/posts': {
    action: 'page.create',
    prepare: async () => ({ url: '/api/admin/posts', body: { title: `About ${randomUUID()}` } }),
  },
  'PUT /api/admin/posts/{id}': {
    action: 'page.update',
    prepare: async () => {
      const page = await call(admin, 'POST', '/api/admin/posts', { title: `Terms ${randomUUID()}` });
      return { url: `/api/admin/posts/${page._id}`, body: { status: 'published' } };
    },
  },
  'DELETE /api/admin/posts/{id}': {
    action: 'page.delete',
    prepare: async () => {
      const page = await call(admin, 'POST', '/api/admin/posts', { title: `FAQ ${randomUUID()}` });
      return { url: `/api/admin/posts/${page._id}` };
    },
  },
  'POST /api/admin/wallet/credit': {
    action: 'wallet.credit',
    prepare: async () => ({
      url: '/api/admin/wallet/credit',
      body: { userId: (await t.fan()).user.id, amount: 5, reason: 'Goodwill' },
    }),
  },
  'POST /api/admin/package/token': {
    action: 'token-package.create',
    prepare: async () => ({
      url: '/api/admin/package/token',
      body: { name: 'Bundle', tokens: 100, price: 90 },
    }),
  },
  'PUT /api/admin/package/token/{id}': {
    action: 'token-package.update',
    prepare: async () => {
      const pkg = await call(admin, 'POST', '/api/admin/package/token', { name: 'B', tokens: 10, price: 9 });
      return { url: `/api/admin/package/token/${pkg._id}`, body: { price: 8 } };
    },
  },
  'DELETE /api/admin/package/token/{id}': {
    action: 'token-package.delete',
    prepare: async () => {
      const pkg = await call(admin, 'POST', '/api/admin/package/token', { name: 'C', tokens: 10, price: 9 });
      return { url: `/api/admin/package/token/${pkg._id}` };
    },
  },
  'POST /api/admin/coupons': {
    action: 'coupon.create',
    prepare: async () => ({
      url: '/api/admin/coupons',
      body: { code: `C${randomUUID().slice(0, 8)}`, value: 10, numberOfUses: 5 },
    }),
  },
  'PUT /api/admin/coupons/{id}': {
    action: 'coupon.update',
    prepare: async () => {
      const code = `U${randomUUID().slice(0, 8)}`;
      const coupon = await call(admin, 'POST', '/api/admin/coupons', { code, value: 10, numberOfUses: 5 });
      return { url: `/api/admin/coupons/${coupon._id}`, body: { value: 20 } };
    },
  },
  'DELETE /api/admin/coupons/{id}': {
    action: 'coupon.delete',
    prepare: async () => {
      const code = `D${randomUUID().slice(0, 8)}`;
      const coupon = await call(admin, 'POST', '/api/admin/coupons', { code, value: 10, numberOfUses: 5 });
      return { url: `/api/admin/coupons/${coupon._id}` };
    },
  },
  'POST /api/admin/payout-requests/{id}/approve': {
    action: 'payout.approve',
    prepare: async () => ({ url: `/api/admin/payout-requests/${await pendingPayout()}/approve` }),
  },
  'POST /api/admin/payout-requests/{id}/reject': {
    action: 'payout.reject',
    prepare: async () => ({
      url: `/api/admin/payout-requests/${await pendingPayout()}/reject`,
      body: { reason: 'Wrong IBAN' },
    }),
  },
  'POST /api/admin/payout-requests/{id}/mark-paid': {
    action: 'payout.mark-paid',
    prepare: async () => {
      const id = await pendingPayout();
      await call(admin, 'POST', `/api/admin/payout-requests/${id}/approve`);
      return { url: `/api/admin/payout-requests/${id}/mark-paid` };
    },
  },
  'POST /api/admin/orders/{id}/refund': {
    action: 'order.refund',
    prepare: async () => ({ url: `/api/admin/orders/${await paidOrder()}/refund` }),
  },
  'POST /api/admin/transactions/{id}/refund': {
    action: 'charge.refund',
    prepare: async () => {
      const [fan, creator] = [await t.fan(), await t.creator()];
      await fund(fan.user.id, 5000);
      await call(fan, 'POST', `/api/wallet/charges/tip/${creator.user.id}`, { amount: 12 });
      const [tip] = await t.ctx.db.db
        .select({ id: earnings.transactionId })
        .from(earnings)
        .where(eq(earnings.fanId, fan.user.id))
        .orderBy(desc(earnings.createdAt))
        .limit(1);
      return {
        url: `/api/admin/transactions/${tip!.id}/refund`,
        body: { reason: 'Charged twice by mistake' },
      };
    },
  },
  'PUT /api/admin/email-templates/{key}': {
    action: 'email-template.update',
    prepare: async () => ({
      url: '/api/admin/email-templates/auth.password-changed',
      body: { subject: 'Your password was changed', body: 'Hello {{name}}, your password changed.' },
    }),
  },
  'POST /api/admin/email-templates/{key}/reset': {
    action: 'email-template.reset',
    prepare: async () => ({ url: '/api/admin/email-templates/auth.password-changed/reset' }),
  },
};

/** Non-GET admin routes that change nothing (a preview renders unsaved text), so they write no audit row. */
const readOnly = new Set(['POST /api/admin/email-templates/{key}/preview']);

/** The admin mutations of the document, as `METHOD path`. */
const adminMutations = () =>
  Object.entries(spec.paths)
    .filter(([path]) => path === '/api/admin' || path.startsWith('/api/admin/'))
    .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
    .filter((route) => !route.startsWith('GET ') && !route.startsWith('HEAD ') && !readOnly.has(route));

const auditCount = async (action: string) =>
  (
    await t.ctx.db.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.actorId, admin.user.id), eq(auditLog.action, action)))
  )[0]!.n;

describe('every admin mutation writes an audit row', () => {
  it('has a case for every admin mutation of the document, and none for a route that is gone', () => {
    const routes = adminMutations();
    expect(routes.length).toBeGreaterThan(30);
    expect(
      routes.filter((r) => !cases[r]),
      'add these routes to the cases of admin-audit.test.ts',
    ).toEqual([]);
    expect(Object.keys(cases).filter((r) => !routes.includes(r))).toEqual([]);
  });

  it('writes one row with the acting admin for each of them', async () => {
    const missing: string[] = [];
    for (const route of adminMutations()) {
      const entry = cases[route];
      if (!entry) continue;
      const [method] = route.split(' ') as [string];
      const { url, body } = await entry.prepare();
      const before = await auditCount(entry.action);
      await call(admin, method, url, body);
      const written = (await auditCount(entry.action)) - before;
      if (written !== 1) missing.push(`${route}: ${written} rows of ${entry.action}`);
    }
    expect(missing).toEqual([]);
  });
});
