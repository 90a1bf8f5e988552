import { randomUUID } from 'node:crypto';
import { eq, notifications } from '@fanstage/db';
import { buildFeed, buildGallery, buildProduct, buildSubscription, buildVideo } from '@fanstage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { grantWalletCredit } from '../wallet';

/*
 * Every route of the published OpenAPI document that takes an id in its path, walked with a second
 * person of each role against things that belong to someone else. A route is listed below with what
 * a stranger must get: `owner` routes belong to one creator or fan (strangers of the same role get
 * 404, the other role 403 or 404, visitors 401); `admin` routes refuse everyone else (403, visitors
 * 401); `open` routes are meant for other people's ids (a public page, following, tipping), with
 * the reason, and are covered by their domain's own tests. A route missing from the list fails the
 * test: a new route cannot escape it. A refusal of the body by validation (400, before the id is
 * looked at) also counts as no leak; anything 2xx, or a 409/422 that tells the state of someone
 * else's thing, is a leak.
 */

type Kind =
  | 'post'
  | 'video'
  | 'gallery'
  | 'product'
  | 'comment'
  | 'conversation'
  | 'message'
  | 'order'
  | 'address'
  | 'payout'
  | 'live'
  | 'privateShow'
  | 'call'
  | 'creator'
  | 'blockedFan'
  | 'notification'
  | 'unknown';

type Rule =
  | { owner: 'creator' | 'fan' | 'both'; id: Kind; extra?: Record<string, Kind> }
  | { admin: true }
  | { open: string };

/** What a stranger must get on each id route (METHOD and OpenAPI path). */
const rules: Record<string, Rule> = {
  'POST /api/users/{id}/avatar/upload': { owner: 'fan', id: 'creator' },
  'GET /api/users/view/{id}': { open: 'a public user card' },
  'GET /api/states/{country}': { open: 'reference data' },
  'GET /api/cities/{country}/{state}': { open: 'reference data' },
  'GET /api/flags/{code}.svg': { open: 'reference data' },
  'GET /api/performers/{id}': { open: "a creator's public profile" },
  'POST /api/admin/performers/{id}/verify-documents': { admin: true },
  'DELETE /api/block/users/{id}': { owner: 'creator', id: 'blockedFan' },
  'POST /api/admin/performers/{id}/reject-documents': { admin: true },
  'PUT /api/admin/performers/{id}/commission': { admin: true },
  'POST /api/admin/contact-messages/{id}/handled': { admin: true },
  'GET /api/admin/users/{id}': { admin: true },
  'POST /api/admin/subscriptions/{id}/extend': { admin: true },
  'POST /api/admin/subscriptions/{id}/cancel': { admin: true },
  'PUT /api/admin/users/{id}': { admin: true },
  'POST /api/admin/users/{id}/deactivate': { admin: true },
  'POST /api/admin/users/{id}/reactivate': { admin: true },
  'GET /api/admin/users/{id}/2fa': { admin: true },
  'POST /api/admin/users/{id}/2fa/reset': { admin: true },
  'POST /api/follows/{performerId}': { open: 'following a creator' },
  'DELETE /api/follows/{performerId}': { open: "unfollowing: only the caller's own follow" },
  'POST /api/performer/feeds/{kind}/upload': { open: 'an upload of the caller, {kind} is a media kind' },
  'GET /api/files/{id}/status': { owner: 'creator', id: 'unknown' },
  'GET /api/performer/feeds/{id}': { owner: 'creator', id: 'post' },
  'PUT /api/performer/feeds/{id}': { owner: 'creator', id: 'post' },
  'DELETE /api/performer/feeds/{id}': { owner: 'creator', id: 'post' },
  'GET /api/user/feeds/search/{username}': { open: "a creator's public feed" },
  'GET /api/user/feeds/{id}': { open: 'a post as its viewer may see it (content gate)' },
  'POST /api/user/feeds/vote/{id}': { open: 'voting in a poll the fan may see (content gate)' },
  'GET /api/user/feeds/{id}/file/{fileId}/status': { open: 'a file status of a post the viewer may see' },
  'GET /api/performer/performer-assets/galleries/{id}': { owner: 'creator', id: 'gallery' },
  'PUT /api/performer/performer-assets/galleries/{id}': { owner: 'creator', id: 'gallery' },
  'DELETE /api/performer/performer-assets/galleries/{id}': { owner: 'creator', id: 'gallery' },
  'PUT /api/performer/performer-assets/photos/{id}': { owner: 'creator', id: 'unknown' },
  'DELETE /api/performer/performer-assets/photos/{id}': { owner: 'creator', id: 'unknown' },
  'POST /api/performer/performer-assets/photos/set-cover/{id}': { owner: 'creator', id: 'unknown' },
  'GET /api/performer-assets/galleries/{id}': { open: 'a gallery as its viewer may see it (content gate)' },
  'GET /api/performer-assets/galleries/{id}/download': {
    open: 'downloading a gallery its viewer may see (content gate: subscribe or buy first)',
  },
  'GET /api/performer-assets/photos/{performerId}': { open: "a creator's public photos (content gate)" },
  'PUT /api/performer/performer-assets/videos/edit/{id}': { owner: 'creator', id: 'video' },
  'GET /api/performer/performer-assets/videos/{id}/view': { owner: 'creator', id: 'video' },
  'DELETE /api/performer/performer-assets/videos/remove-file/{id}': { owner: 'creator', id: 'video' },
  'DELETE /api/performer/performer-assets/videos/{id}': { owner: 'creator', id: 'video' },
  'GET /api/performer-assets/videos/{id}': { open: 'a video as its viewer may see it (content gate)' },
  'GET /api/performer-assets/videos/{id}/file/{fileId}/status': {
    open: 'a file status of a video the viewer may see',
  },
  'PUT /api/performer/performer-assets/products/{id}': { owner: 'creator', id: 'product' },
  'DELETE /api/performer/performer-assets/products/{id}': { owner: 'creator', id: 'product' },
  'GET /api/performer/performer-assets/products/{id}/view': { owner: 'creator', id: 'product' },
  'GET /api/performer-assets/products/{id}': { open: 'a product in the shop' },
  'GET /api/reactions/{type}/bookmark': { open: "the caller's own bookmarks; {type} is a kind" },
  'DELETE /api/comments/{id}': { owner: 'fan', id: 'comment' },
  'PUT /api/admin/reports/{id}': { admin: true },
  'GET /api/admin/content/{target}/{id}': { admin: true },
  'POST /api/admin/content/{target}/{id}/hide': { admin: true },
  'POST /api/admin/content/{target}/{id}/unhide': { admin: true },
  'DELETE /api/admin/content/{target}/{id}': { admin: true },
  'GET /api/posts/{idOrSlug}': { open: 'a CMS page' },
  'PUT /api/admin/site-promos/{id}': { admin: true },
  'DELETE /api/admin/site-promos/{id}': { admin: true },
  'GET /api/admin/posts/{id}': { admin: true },
  'PUT /api/admin/posts/{id}': { admin: true },
  'DELETE /api/admin/posts/{id}': { admin: true },
  'GET /api/admin/email-templates/{key}': { admin: true },
  'PUT /api/admin/email-templates/{key}': { admin: true },
  'POST /api/admin/email-templates/{key}/reset': { admin: true },
  'POST /api/admin/email-templates/{key}/preview': { admin: true },
  'POST /api/wallet/charges/tip/{performerId}': { open: 'tipping a creator' },
  'POST /api/wallet/charges/feed/{id}': { open: 'buying a post (content gate)' },
  'POST /api/wallet/charges/video/{id}': { open: 'buying a video (content gate)' },
  'POST /api/wallet/charges/gallery/{id}': { open: 'buying a gallery (content gate)' },
  'POST /api/wallet/charges/message/{id}': { owner: 'fan', id: 'message' },
  'POST /api/wallet/charges/stream/{id}': { open: 'paying for a show the fan may join' },
  'GET /api/payment/card-subscriptions/{id}': { owner: 'fan', id: 'unknown' },
  'POST /api/payment/card-subscriptions/{id}/cancel': { owner: 'fan', id: 'unknown' },
  'POST /api/payment/{provider}/cancel-subscription/{id}': { owner: 'fan', id: 'unknown' },
  'GET /api/subscriptions/performers/{performerId}/mine': { open: "the caller's own subscription" },
  'PUT /api/admin/package/token/{id}': { admin: true },
  'DELETE /api/admin/package/token/{id}': { admin: true },
  'POST /api/coupons/{code}/apply-coupon': { open: 'a coupon code anyone may try' },
  'GET /api/admin/coupons/{id}': { admin: true },
  'PUT /api/admin/coupons/{id}': { admin: true },
  'DELETE /api/admin/coupons/{id}': { admin: true },
  'GET /api/payment/orders/{id}': { owner: 'fan', id: 'unknown' },
  'POST /api/payment/orders/{id}/cancel': { owner: 'fan', id: 'unknown' },
  'POST /api/payment/sandbox/checkout/{id}/pay': { owner: 'fan', id: 'unknown' },
  'POST /api/{provider}/cards': { open: "adding the caller's own card; {provider} is a gateway" },
  'DELETE /api/payment-cards/{id}': { owner: 'fan', id: 'unknown' },
  'GET /api/payout-requests/{id}/view': { owner: 'creator', id: 'payout' },
  'PUT /api/payout-requests/{id}': { owner: 'creator', id: 'payout' },
  'POST /api/admin/payout-requests/{id}/approve': { admin: true },
  'POST /api/admin/payout-requests/{id}/reject': { admin: true },
  'POST /api/admin/payout-requests/{id}/mark-paid': { admin: true },
  'PUT /api/addresses/{id}': { owner: 'fan', id: 'address' },
  // Everyone has their own notifications: a stranger of any role gets 404.
  'POST /api/notifications/{id}/read': { owner: 'both', id: 'notification' },
  'DELETE /api/addresses/{id}': { owner: 'fan', id: 'address' },
  'POST /api/wallet/charges/product/{id}': { open: 'buying a product in the shop' },
  'GET /api/orders/{id}': { owner: 'both', id: 'order' },
  'PUT /api/orders/{id}/update': { owner: 'creator', id: 'order' },
  'PUT /api/orders/{id}/update/delivery-address': { owner: 'fan', id: 'order' },
  // A physical product here: the link of a digital one is the orders tests' (bought, then a link).
  'GET /api/performer-assets/products/{id}/download-link': { owner: 'fan', id: 'unknown' },
  'POST /api/admin/orders/{id}/refund': { admin: true },
  'POST /api/admin/transactions/{id}/refund': { admin: true },
  'GET /api/conversations/{id}': { owner: 'both', id: 'conversation' },
  'GET /api/messages/conversations/{id}': { owner: 'both', id: 'conversation' },
  'POST /api/messages/conversations/{id}': { owner: 'both', id: 'conversation' },
  'GET /api/messages/{id}/file/{fileId}/status': {
    owner: 'both',
    id: 'unknown',
    extra: { fileId: 'unknown' },
  },
  'DELETE /api/messages/{id}': { owner: 'both', id: 'message' },
  'POST /api/messages/read-all/{id}': { owner: 'both', id: 'conversation' },
  'DELETE /api/messages/mass/{id}': { owner: 'creator', id: 'unknown' },
  'PUT /api/streaming/live/{id}': { owner: 'creator', id: 'live' },
  'POST /api/streaming/live/{id}/end': { owner: 'creator', id: 'live' },
  'GET /api/streaming/join/{id}': { open: 'joining a show (subscribers; its own gate)' },
  'GET /api/streaming/{id}': { open: 'a show page' },
  'GET /api/conversations/stream/performer/{id}': { open: "a creator's show chat (its own gate)" },
  'GET /api/messages/stream/{id}': { open: 'a show chat (its own gate)' },
  'POST /api/messages/stream/{id}': { open: 'writing in a show chat (its own gate)' },
  'GET /api/messages/conversations/public/{id}': { open: 'a public show chat (its own gate)' },
  'DELETE /api/messages/stream/{id}/remove-all-message': { owner: 'creator', id: 'live' },
  'POST /api/streaming/live/{id}/viewers/{userId}/mute': {
    owner: 'creator',
    id: 'live',
    extra: { userId: 'creator' },
  },
  'DELETE /api/streaming/live/{id}/viewers/{userId}/mute': {
    owner: 'creator',
    id: 'live',
    extra: { userId: 'creator' },
  },
  'POST /api/streaming/live/{id}/viewers/{userId}/remove': {
    owner: 'creator',
    id: 'live',
    extra: { userId: 'creator' },
  },
  'GET /api/streaming/private/request/{id}': { owner: 'both', id: 'privateShow' },
  'DELETE /api/streaming/private/request/{id}': { owner: 'fan', id: 'privateShow' },
  'POST /api/streaming/private/request/{id}/approve': { owner: 'creator', id: 'privateShow' },
  'POST /api/streaming/private/request/{id}/reject': { owner: 'creator', id: 'privateShow' },
  'GET /api/streaming/private/request/{id}/start': { owner: 'creator', id: 'privateShow' },
  'POST /api/streaming/private/request/{id}/edit': { owner: 'creator', id: 'privateShow' },
  'POST /api/streaming/private/request/{id}/finish': { owner: 'both', id: 'privateShow' },
  'POST /api/streaming/private/request/{id}/heartbeat': { owner: 'both', id: 'privateShow' },
  'GET /api/streaming/private/request/{id}/join': { owner: 'both', id: 'privateShow' },
  'GET /api/streaming/calls/{id}': { owner: 'both', id: 'call' },
  'POST /api/streaming/calls/{id}/accept': { owner: 'creator', id: 'call' },
  'POST /api/streaming/calls/{id}/decline': { owner: 'creator', id: 'call' },
  'POST /api/streaming/calls/{id}/cancel': { owner: 'fan', id: 'call' },
  'POST /api/streaming/calls/{id}/end': { owner: 'both', id: 'call' },
  'POST /api/streaming/calls/{id}/heartbeat': { owner: 'both', id: 'call' },
  'GET /api/streaming/calls/{id}/join': { owner: 'both', id: 'call' },
};

type Account = Awaited<ReturnType<TestApp['fan']>>;
let t: TestApp;
let spec: { paths: Record<string, Record<string, unknown>> };
const ids = {} as Record<Kind, string>;
const strangers = {} as Record<'fan' | 'creator', Account>;
const owners = {} as Record<'fan' | 'creator', Account>;

const api = async (who: Account, method: string, url: string, payload?: object) => {
  const res = await t.request({
    method: method as 'GET',
    url,
    token: who.token,
    ...(payload ? { payload } : {}),
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json().data as { _id: string };
};

beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_RATE_LIMIT: '100000' } });
  spec = (await t.request({ url: '/api/openapi.json' })).json();

  // The owners: a creator who takes calls and a fan who subscribes, buys, writes and calls.
  const creator = await t.creator({ privateCallPrice: 1, profile: { acceptsCalls: true } });
  const fan = await t.fan();
  owners.creator = creator;
  owners.fan = fan;
  strangers.fan = await t.fan();
  strangers.creator = await t.creator();
  const db = t.ctx.db.db;
  await buildSubscription(db, { fanId: fan.user.id, performerId: creator.user.id });
  await grantWalletCredit(t.ctx, {
    userId: fan.user.id,
    amountCents: 50_000,
    reason: 'walk',
    initiatorId: null,
  });
  ids.creator = creator.user.id;
  ids.unknown = randomUUID();
  ids.post = (await buildFeed(db, { performerId: creator.user.id })).id;
  ids.video = (await buildVideo(db, { performerId: creator.user.id })).id;
  ids.gallery = (await buildGallery(db, { performerId: creator.user.id })).id;
  ids.product = (await buildProduct(db, { performerId: creator.user.id })).id;
  ids.comment = (
    await api(fan, 'POST', '/api/comments', { objectType: 'feed', objectId: ids.post, content: 'Lovely' })
  )._id;
  ids.conversation = (
    await api(fan, 'POST', '/api/conversations', { source: 'performer', sourceId: creator.user.id })
  )._id;
  ids.message = (
    await api(fan, 'POST', `/api/messages/conversations/${ids.conversation}`, { text: 'Hello' })
  )._id;
  ids.address = (
    await api(fan, 'POST', '/api/addresses/create', {
      name: 'Home',
      fullName: 'Ava Thompson',
      street: '1 Main Street',
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
      country: 'United States',
    })
  )._id;
  const bought = (await api(fan, 'POST', `/api/wallet/charges/product/${ids.product}`, {
    quantity: 1,
    deliveryAddressId: ids.address,
  })) as unknown as { orderId: string };
  ids.order = bought.orderId;
  ids.live = (await api(creator, 'POST', '/api/streaming/live', { title: 'Walk show' }))._id;
  ids.privateShow = (
    await api(fan, 'POST', '/api/streaming/private/request', {
      performerId: creator.user.id,
      scheduledAt: new Date(t.ctx.clock.now().getTime() + 3_600_000).toISOString(),
      timezone: 'Europe/Paris',
      note: 'Hello',
    })
  )._id;
  ids.call = (await api(fan, 'POST', '/api/streaming/calls', { performerId: creator.user.id }))._id;
  // The creator earned from the tip and the sale above: a payout request with bank details.
  await api(fan, 'POST', `/api/wallet/charges/tip/${creator.user.id}`, { amount: 100 });
  await api(creator, 'PUT', '/api/performers/banking-settings', {
    holderName: 'Luna Rivers',
    bankName: 'Example Bank',
    accountNumber: 'DE89 3704 0044 0532 0130 00',
    swiftCode: 'DEUTDEFF',
    country: 'de',
  });
  ids.payout = (await api(creator, 'POST', '/api/payout-requests', { amount: 50 }))._id;
  // A fan the creator blocked: only that creator may unblock them.
  const rude = await t.fan();
  await api(creator, 'POST', '/api/block/users', { targetId: rude.user.id, reason: 'Rude in chat' });
  ids.blockedFan = rude.user.id;
  // The creator was told of the order and the tip above.
  const [told] = await db.select().from(notifications).where(eq(notifications.userId, creator.user.id));
  ids.notification = told!.id;
});
afterAll(async () => {
  await t?.close();
});

/** The id routes of the document, as `METHOD path`. */
const idRoutes = () =>
  Object.entries(spec.paths).flatMap(([path, ops]) =>
    path.includes('{') ? Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`) : [],
  );

/** A path with each parameter filled: `{id}` with the rule's kind, others with theirs or a UUID. */
function urlOf(path: string, rule: Extract<Rule, { owner: unknown }>) {
  return path.replace(/\{(\w+)\}/g, (_, name: string) =>
    name === 'id' ? ids[rule.id] : ids[rule.extra?.[name] ?? 'unknown'],
  );
}

/** A refusal before the id was looked at: the body or query did not pass validation. */
const isValidationRefusal = (status: number, body: string) =>
  status === 400 && body.includes('VALIDATION_FAILED');

describe('every id route of the OpenAPI document, tried by strangers', () => {
  it('lists every id route with what a stranger gets', () => {
    const missing = idRoutes().filter((r) => !rules[r]);
    expect(missing, 'add these routes to the rules of id-routes.test.ts').toEqual([]);
  });

  it("finds the owners' things there: the ids the strangers try are real", async () => {
    const missed: string[] = [];
    for (const route of idRoutes()) {
      const rule = rules[route];
      if (!rule || !('owner' in rule) || rule.id === 'unknown' || !route.startsWith('GET ')) continue;
      const owner = owners[rule.owner === 'both' ? 'fan' : rule.owner];
      const res = await t.request({ url: urlOf(route.slice(4), rule), token: owner.token });
      // A show's start or a call's media may be refused for its state (409/422), never as missing.
      if (res.statusCode === 404 || res.statusCode === 403)
        missed.push(`${route}: ${res.statusCode} ${res.body}`);
    }
    expect(missed).toEqual([]);
  });

  it("gives strangers of every role no one else's things", async () => {
    const leaks: string[] = [];
    for (const route of idRoutes()) {
      const rule = rules[route];
      if (!rule || 'open' in rule) continue;
      const [method, path] = route.split(' ') as [string, string];
      const url = 'admin' in rule ? path.replace(/\{(\w+)\}/g, () => randomUUID()) : urlOf(path, rule);
      const payload = method === 'GET' || method === 'DELETE' ? undefined : {};
      const visitor = await t.request({ method: method as 'GET', url, ...(payload ? { payload } : {}) });
      if (visitor.statusCode !== 401 && !isValidationRefusal(visitor.statusCode, visitor.body)) {
        leaks.push(`${route} as a visitor: ${visitor.statusCode} ${visitor.body.slice(0, 120)}`);
      }
      for (const role of ['fan', 'creator'] as const) {
        const res = await t.request({
          method: method as 'GET',
          url,
          token: strangers[role].token,
          headers: { 'idempotency-key': randomUUID() },
          ...(payload ? { payload } : {}),
        });
        const sameRole = 'owner' in rule && (rule.owner === role || rule.owner === 'both');
        const allowed = 'admin' in rule ? [403] : sameRole ? [404] : [403, 404];
        if (!allowed.includes(res.statusCode) && !isValidationRefusal(res.statusCode, res.body)) {
          leaks.push(`${route} as another ${role}: ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
      }
    }
    expect(leaks).toEqual([]);
  });
});
