import { liveSessions, messages } from '@fanstage/db';
import { buildFeed, buildGallery, buildSubscription, buildVideo } from '@fanstage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClock } from '../../../test/helpers';
import { reconcileLedger } from './wallet.reconcile';
import { grantWalletCredit } from './wallet.service';

/*
 * Statement budgets of the money hot paths (STYLE habit 14): a tip and every purchase is one
 * statement (`wallet_charge`, which also answers an Idempotency-Key replay before its checks, so
 * the route does not look the key up first), and a tip's notification to the creator is one more.
 * Not counted: the per-node settings and country-block caches (refreshed every few seconds, not
 * per request). Re-adding a multi-statement charge (BEGIN … claim, debit, entries, earning …
 * COMMIT), a key look-up before it or a notification read by read fails here.
 */

const clock = new TestClock();
let t: TestApp;
type Account = Awaited<ReturnType<TestApp['fan']>>;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

const perNodeCaches =
  /from "settings"|from "site_blocked_countries"|from "performer_blocked_countries" limit/;

/** The statements one request sent, less the caches and the notification above. */
async function moneyStatementsOf(run: () => Promise<{ statusCode: number; json: () => unknown }>) {
  const before = t.ctx.db.statements();
  const res = await run();
  const sent = t.ctx.db.lastStatements(t.ctx.db.statements() - before);
  return {
    status: res.statusCode,
    sql: sent.filter((s) => !perNodeCaches.test(s)),
    json: () => (res as { json: () => unknown }).json(),
  };
}

let keys = 0;
const charge = (fan: Account, url: string, payload?: object) =>
  t.request({
    method: 'POST',
    url,
    token: fan.token,
    ...(payload ? { payload } : {}),
    headers: { 'idempotency-key': `budget-${++keys}` },
  });

describe('money statement budgets (warm session, with an Idempotency-Key)', () => {
  it('tips in 2 statements with the notification, buys each kind in 1, replays in 1, and the ledger reconciles', async () => {
    const [fan, creator] = [await t.fan(), await t.creator()];
    await grantWalletCredit(t.ctx, {
      userId: fan.user.id,
      amountCents: 100_000,
      reason: 'test',
      initiatorId: null,
    });
    const performerId = creator.user.id;
    await buildSubscription(t.ctx.db.db, {
      fanId: fan.user.id,
      performerId,
      expiredAt: new Date(clock.now().getTime() + 86_400_000),
    });
    const post = await buildFeed(t.ctx.db.db, {
      publishedAt: clock.now(),
      performerId,
      isSale: true,
      price: 5,
    });
    const video = await buildVideo(t.ctx.db.db, { performerId, isSale: true, priceCents: 1200 });
    const gallery = await buildGallery(t.ctx.db.db, { performerId, isSale: true, priceCents: 800 });
    const opened = await t.request({
      method: 'POST',
      url: '/api/conversations',
      token: fan.token,
      payload: { source: 'performer', sourceId: performerId },
    });
    const [message] = await t.ctx.db.db
      .insert(messages)
      .values({
        conversationId: opened.json().data._id,
        seq: 1000,
        senderId: performerId,
        type: 'photo',
        priceCents: 300,
      })
      .returning();
    const [show] = await t.ctx.db.db
      .insert(liveSessions)
      .values({ performerId, title: 'Live', priceCents: 400, startedAt: clock.now() })
      .returning();
    // Warm the session cache (and the per-node caches) first.
    expect((await t.request({ url: '/api/users/me', token: fan.token })).statusCode).toBe(200);

    const tip = await moneyStatementsOf(() =>
      charge(fan, `/api/wallet/charges/tip/${performerId}`, { amount: 10 }),
    );
    expect(tip.status).toBe(200);
    expect(tip.sql.length, tip.sql.join('\n')).toBe(2);
    expect(tip.sql[0]).toContain('wallet_charge');
    expect(tip.sql[1]).toMatch(/^with wanted as .*insert into "notifications"/s);
    const creatorsNotices = await t.request({ url: '/api/notifications', token: creator.token });
    expect(creatorsNotices.json().data[0]).toMatchObject({ type: 'tip.received' });

    // A replay is the same one statement, and answers what was stored though the creator has
    // blocked the fan since (the function looks the key up before its checks).
    const replayKey = `budget-${keys}`;
    const blocked = await t.request({
      method: 'POST',
      url: '/api/block/users',
      token: creator.token,
      payload: { targetId: fan.user.id, reason: 'Testing a replay' },
    });
    expect(blocked.statusCode, blocked.body).toBeLessThan(300);
    const replay = await moneyStatementsOf(() =>
      t.request({
        method: 'POST',
        url: `/api/wallet/charges/tip/${performerId}`,
        token: fan.token,
        payload: { amount: 10 },
        headers: { 'idempotency-key': replayKey },
      }),
    );
    expect(replay.status).toBe(200);
    expect(replay.json()).toEqual(tip.json());
    expect(replay.sql).toHaveLength(1);
    const newTip = await charge(fan, `/api/wallet/charges/tip/${performerId}`, { amount: 10 });
    expect(newTip.statusCode).toBe(403);
    await t.request({ method: 'DELETE', url: `/api/block/users/${fan.user.id}`, token: creator.token });

    for (const [type, id] of [
      ['feed', post.id],
      ['video', video.id],
      ['gallery', gallery.id],
      ['message', message!.id],
      ['stream', show!.id],
    ] as const) {
      const bought = await moneyStatementsOf(() => charge(fan, `/api/wallet/charges/${type}/${id}`));
      expect(bought.status, type).toBe(200);
      expect(bought.sql.length, `${type}:\n${bought.sql.join('\n')}`).toBe(1);
      expect(bought.sql.filter((s) => s.includes('wallet_charge'))).toHaveLength(1);
    }

    // A refusal costs no more: buying the post again is 409 in the same one statement.
    const again = await moneyStatementsOf(() => charge(fan, `/api/wallet/charges/feed/${post.id}`));
    expect(again.status).toBe(409);
    expect(again.sql).toHaveLength(1);

    const me = await t.request({ url: '/api/users/me', token: fan.token });
    expect(me.json().data.balance).toBe(1000 - 10 - 5 - 12 - 8 - 3 - 4);
    expect((await reconcileLedger(t.ctx.db.db)).problems).toEqual([]);
  });
});
