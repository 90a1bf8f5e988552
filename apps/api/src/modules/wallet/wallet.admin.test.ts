import { eq, sql, users } from '@fanstage/db';
import { buildFeed } from '@fanstage/db/factories';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClock } from '../../../test/helpers';
import { createSession } from '../auth/sessions';
import { reconcileLedger } from './wallet.reconcile';
import { grantWalletCredit } from './wallet.service';

const clock = new TestClock(new Date('2030-05-10T12:00:00.000Z'));
let t: TestApp;
type Account = Awaited<ReturnType<TestApp['fan']>>;
const dayMs = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp({ clock });
  await t.ctx.settings.update({ performerCommission: 0.2 });
});
afterEach(async () => {
  expect((await reconcileLedger(t.ctx.db.db)).problems).toEqual([]);
});
afterAll(async () => {
  await t.close();
});

const as = async (account: Account, options: Parameters<TestApp['request']>[0]) =>
  t.request({
    ...options,
    token: (await createSession(t.ctx, { userId: account.user.id, remember: true })).token,
  });

const fund = (user: { id: string }, cents: number) =>
  grantWalletCredit(t.ctx, { userId: user.id, amountCents: cents, reason: 'test', initiatorId: null });

const tip = async (fan: Account, creator: Account, amount: number) => {
  const res = await as(fan, {
    method: 'POST',
    url: `/api/wallet/charges/tip/${creator.user.id}`,
    payload: { amount },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data._id as string;
};

const search = async (admin: Account, path: string, query: Record<string, string> = {}) => {
  const res = await as(admin, { url: `/api/admin/${path}?${new URLSearchParams(query)}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Record<string, unknown>[]; total: number };
};

/** A fan and a creator with names unique to one test, and one tip of 12.34 between them. */
async function tipScene(label: string) {
  const fan = await t.fan({ name: `Fan ${label}` });
  const creator = await t.creator({ name: `Creator ${label}` });
  await fund(fan.user, 100_00);
  const transactionId = await tip(fan, creator, 12.34);
  return { fan, creator, transactionId };
}

describe('the reconciliation', () => {
  it('shows the same report as npm run reconcile, and names a wallet that drifted', async () => {
    const admin = await t.admin();
    const { fan } = await tipScene('reconcile');
    const res = await as(admin, { url: '/api/admin/ledger/reconciliation' });
    expect(res.statusCode).toBe(200);
    const expected = await reconcileLedger(t.ctx.db.db);
    expect(res.json().data).toEqual({ ...expected, ok: true, checkedAt: clock.now().toISOString() });
    expect(expected.totalsByKind.creator_earnings).toBeGreaterThan(0);

    // A cached balance that no longer matches its entries is reported, with the user's id.
    await t.ctx.db.db
      .update(users)
      .set({ balanceCents: sql`${users.balanceCents} + 1` })
      .where(eq(users.id, fan.user.id));
    try {
      const drifted = (await as(admin, { url: '/api/admin/ledger/reconciliation' })).json().data;
      expect(drifted.ok).toBe(false);
      expect(drifted.problems).toEqual([
        `Wallet of user ${fan.user.id} caches 8767 cents but its entries sum to 8766.`,
      ]);
    } finally {
      await t.ctx.db.db
        .update(users)
        .set({ balanceCents: sql`${users.balanceCents} - 1` })
        .where(eq(users.id, fan.user.id));
    }
  });
});

describe('transactions across the site', () => {
  it('lists a tip with its three lines, found by a person’s name, their id, the kind and the dates', async () => {
    const admin = await t.admin();
    const { fan, creator, transactionId } = await tipScene('Wren');
    const byName = await search(admin, 'transactions', { q: 'creator wren' });
    expect(byName.total).toBe(1);
    expect(byName.data[0]).toEqual({
      _id: transactionId,
      kind: 'charge',
      reference: `tip:${creator.user.id}`,
      initiator: { _id: fan.user.id, name: 'Fan Wren', username: fan.user.username },
      amountCents: 1234,
      entries: expect.arrayContaining([
        { account: 'fan_wallet', user: expect.objectContaining({ _id: fan.user.id }), amountCents: -1234 },
        {
          account: 'creator_earnings',
          user: expect.objectContaining({ _id: creator.user.id }),
          amountCents: 987,
        },
        { account: 'platform_revenue', user: null, amountCents: 247 },
      ]),
      createdAt: clock.now().toISOString(),
      isRefundable: true,
      refundedAt: null,
      refundTransactionId: null,
    });
    // The fan's id finds the credit that funded them and the tip; the kind narrows it.
    const byUser = await search(admin, 'transactions', { userId: fan.user.id });
    expect(byUser.data.map((r) => r.kind).sort()).toEqual(['admin_credit', 'charge']);
    // Only the charge can be refunded.
    expect(byUser.data.map((r) => [r.kind, r.isRefundable]).sort()).toEqual([
      ['admin_credit', false],
      ['charge', true],
    ]);
    const charges = await search(admin, 'transactions', { userId: fan.user.id, kind: 'charge' });
    expect(charges.data.map((r) => r._id)).toEqual([transactionId]);
    // A whole day includes its last millisecond; the day before finds nothing.
    const today = clock.now().toISOString().slice(0, 10);
    const yesterday = new Date(clock.now().getTime() - dayMs).toISOString().slice(0, 10);
    expect((await search(admin, 'transactions', { q: 'Wren', fromDate: today, toDate: today })).total).toBe(
      2,
    );
    expect((await search(admin, 'transactions', { q: 'Wren', toDate: yesterday })).total).toBe(0);
  });

  it('pages newest first with the total of all matches', async () => {
    const admin = await t.admin();
    const { fan, creator } = await tipScene('Pager');
    clock.advance(1000);
    const second = await tip(fan, creator, 10);
    const page = await search(admin, 'transactions', { q: 'Pager', limit: '1' });
    expect(page.total).toBe(3);
    expect(page.data.map((r) => r._id)).toEqual([second]);
    const next = await search(admin, 'transactions', { q: 'Pager', limit: '1', offset: '2' });
    expect(next.data.map((r) => r.kind)).toEqual(['admin_credit']);
  });

  it('exports one CSV line per ledger entry, amounts exact, names escaped and kept from running as formulas', async () => {
    const admin = await t.admin();
    const fan = await t.fan({ name: '=HYPERLINK("http://evil.test","click"), now' });
    const creator = await t.creator({ name: 'Quill "the pen"\nSmith' });
    await fund(fan.user, 20_00);
    const transactionId = await tip(fan, creator, 10.05);
    const res = await as(admin, { url: `/api/admin/transactions.csv?userId=${creator.user.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="transactions.csv"');
    const fanLabel = `"'=HYPERLINK(""http://evil.test"",""click""), now (@${fan.user.username})"`;
    const creatorLabel = `"Quill ""the pen""\nSmith (@${creator.user.username})"`;
    const at = clock.now().toISOString();
    const base = `${at},${transactionId},charge,tip:${creator.user.id},${fanLabel}`;
    expect(res.body).toBe(
      [
        'date,transaction,kind,reference,initiator,account,account_owner,amount',
        `${base},fan_wallet,${fanLabel},-10.05`,
        `${base},creator_earnings,${creatorLabel},8.04`,
        `${base},platform_revenue,,2.01`,
        '',
      ].join('\n'),
    );
  });
});

describe('earnings across the site', () => {
  it('lists every creator’s earnings with search by person, type and dates, and marks refunds', async () => {
    const admin = await t.admin();
    const { fan, creator, transactionId } = await tipScene('Juniper');
    const post = await buildFeed(t.ctx.db.db, { performerId: creator.user.id, price: 3, isSale: true });
    clock.advance(1000);
    const bought = await as(fan, { method: 'POST', url: `/api/wallet/charges/feed/${post.id}`, payload: {} });
    expect(bought.statusCode).toBe(200);

    const all = await search(admin, 'earnings', { q: 'juniper' });
    expect(all.total).toBe(2);
    expect(all.data.map((r) => r.type)).toEqual(['feed', 'tip']);
    expect(all.data[1]).toEqual({
      _id: expect.any(String),
      transactionId,
      type: 'tip',
      sourceId: null,
      creator: { _id: creator.user.id, name: 'Creator Juniper', username: creator.user.username },
      fan: { _id: fan.user.id, name: 'Fan Juniper', username: fan.user.username },
      grossCents: 1234,
      commissionCents: 247,
      commissionRate: 0.2,
      netCents: 987,
      createdAt: expect.any(String),
      refundedAt: null,
    });
    expect((await search(admin, 'earnings', { q: 'juniper', type: 'feed' })).data).toMatchObject([
      { grossCents: 300, commissionCents: 60, netCents: 240, sourceId: post.id },
    ]);
    expect((await search(admin, 'earnings', { userId: fan.user.id })).total).toBe(2);
    const tomorrow = new Date(clock.now().getTime() + dayMs).toISOString().slice(0, 10);
    expect((await search(admin, 'earnings', { q: 'juniper', fromDate: tomorrow })).total).toBe(0);
  });

  it('exports earnings as CSV with exact amounts and the same filters', async () => {
    const admin = await t.admin();
    const { fan, creator, transactionId } = await tipScene('Osprey, & co');
    const res = await as(admin, { url: `/api/admin/earnings.csv?q=${encodeURIComponent('Osprey')}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="earnings.csv"');
    const [header, row, end, ...rest] = res.body.split('\n');
    expect(header).toBe(
      'date,earning,transaction,type,creator,fan,gross,commission_rate,commission,net,refunded_at',
    );
    expect(row).toMatch(
      new RegExp(
        `^${clock.now().toISOString()},[0-9a-f-]{36},${transactionId},tip,"Creator Osprey, & co \\(@${creator.user.username}\\)","Fan Osprey, & co \\(@${fan.user.username}\\)",12\\.34,0\\.2,2\\.47,9\\.87,$`,
      ),
    );
    expect([end, ...rest]).toEqual(['']);
  });
});

describe('who may read the ledger', () => {
  const urls = [
    '/api/admin/ledger/reconciliation',
    '/api/admin/transactions',
    '/api/admin/transactions.csv',
    '/api/admin/earnings',
    '/api/admin/earnings.csv',
  ];

  it('answers 401 to visitors and 403 to fans and creators, also with a bad query', async () => {
    const [fan, creator] = [await t.fan(), await t.creator()];
    for (const url of [...urls, '/api/admin/transactions?kind=nope']) {
      expect((await t.request({ url })).statusCode, url).toBe(401);
      expect((await as(fan, { url })).statusCode, url).toBe(403);
      expect((await as(creator, { url })).statusCode, url).toBe(403);
    }
  });

  it('refuses a bad search with a sentence', async () => {
    const admin = await t.admin();
    const cases: [string, string][] = [
      [
        '/api/admin/transactions?kind=nope',
        'The kind must be charge, admin_credit, top_up, subscription, payout, refund or adjustment.',
      ],
      [
        '/api/admin/earnings?type=nope',
        'The type must be one of tip, feed, video, gallery, product, message, stream, private_call, subscription.',
      ],
      ['/api/admin/transactions?fromDate=yesterday', 'Dates must be YYYY-MM-DD or an ISO date-time.'],
      [
        '/api/admin/earnings.csv?fromDate=2030-05-02&toDate=2030-05-01',
        'The start date must not be after the end date.',
      ],
      ['/api/admin/transactions?userId=42', 'The user filter must be a valid id.'],
      ['/api/admin/earnings?limit=500', 'The limit must be at most 100.'],
    ];
    for (const [url, message] of cases) {
      const res = await as(admin, { url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toBe(message);
    }
  });
});
