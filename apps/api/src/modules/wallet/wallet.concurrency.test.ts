import { earnings, eq, idempotencyKeys, ledgerTransactions, purchases, sql } from '@fanstage/db';
import { buildFeed } from '@fanstage/db/factories';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import {
  accountIdOf,
  earningsBalance,
  platformRevenue,
  rollUpAccount,
  rollUpAccounts,
} from './wallet.ledger';
import { reconcileLedger } from './wallet.reconcile';
import { splitCommission } from './wallet.service';

let t: TestApp;
type Account = Awaited<ReturnType<TestApp['fan']>>;

beforeAll(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  const report = await reconcileLedger(t.ctx.db.db);
  expect(report.problems).toEqual([]);
});
afterAll(async () => {
  await t.close();
});

const walletCents = async (account: Account) =>
  Math.round((await t.request({ url: '/api/users/me', token: account.token })).json().data.balance * 100);

const tip = (from: Account, performerId: string, payload: object, key?: string) =>
  t.request({
    method: 'POST',
    url: `/api/wallet/charges/tip/${performerId}`,
    token: from.token,
    payload,
    headers: key ? { 'idempotency-key': key } : {},
  });

const tipsTo = async (performerId: string) =>
  t.ctx.db.db.select().from(earnings).where(eq(earnings.performerId, performerId));

describe('concurrent charges', () => {
  it('lets exactly 10 of 200 concurrent tips through a wallet that covers 10, and leaves it at 0', async () => {
    const [fan, creator] = [await t.fan(), await t.creator()];
    await t.fund(fan.user, 100);
    const results = await Promise.all(
      Array.from({ length: 200 }, () => tip(fan, creator.user.id, { amount: 10 })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 422)).toHaveLength(190);
    for (const refused of results.filter((r) => r.statusCode === 422)) {
      expect(refused.json().message).toBe('You have an insufficient wallet balance. Please top up.');
    }
    expect(await walletCents(fan)).toBe(0);
    expect(await tipsTo(creator.user.id)).toHaveLength(10);
    expect(await earningsBalance(t.ctx.db.db, creator.user.id)).toBe(8000);
  });

  it('credits one creator from many fans at once without losing a tip', async () => {
    const creator = await t.creator();
    const fans = await Promise.all(Array.from({ length: 20 }, () => t.fan()));
    await Promise.all(fans.map((f) => t.fund(f.user, 30)));
    const results = await Promise.all(
      fans.flatMap((f) => [tip(f, creator.user.id, { amount: 10 }), tip(f, creator.user.id, { amount: 10 })]),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(await earningsBalance(t.ctx.db.db, creator.user.id)).toBe(40 * 800);
  });

  it('sells an item once when the same fan buys it twice at the same moment', async () => {
    const [fan, creator] = [await t.fan(), await t.creator()];
    await t.fund(fan.user, 100);
    const post = await buildFeed(t.ctx.db.db, { performerId: creator.user.id, isSale: true, price: 5 });
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.request({ method: 'POST', url: `/api/wallet/charges/feed/${post.id}`, token: fan.token }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(await walletCents(fan)).toBe(9500);
    expect(await t.ctx.db.db.select().from(purchases).where(eq(purchases.fanId, fan.user.id))).toHaveLength(
      1,
    );
  });
});

describe('Idempotency-Key', () => {
  it('charges once for 50 concurrent requests with one key and answers each with the first result', async () => {
    const [fan, creator] = [await t.fan(), await t.creator()];
    await t.fund(fan.user, 100);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => tip(fan, creator.user.id, { amount: 10 }, 'tip-once-1')),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const ids = new Set(results.map((r) => r.json().data._id));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(49);
    expect(await walletCents(fan)).toBe(9000);
    expect(await tipsTo(creator.user.id)).toHaveLength(1);
  });

  it('replays later with the stored answer even after the money ran out', async () => {
    const [fan, creator] = [await t.fan(), await t.creator()];
    await t.fund(fan.user, 10);
    const first = await tip(fan, creator.user.id, { amount: 10 }, 'tip-replay');
    expect(first.statusCode).toBe(200);
    const replay = await tip(fan, creator.user.id, { amount: 10 }, 'tip-replay');
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect(await walletCents(fan)).toBe(0);
  });

  it('refuses the same key with a different body (422) and moves no money', async () => {
    const [fan, creator, other] = [await t.fan(), await t.creator(), await t.creator()];
    await t.fund(fan.user, 100);
    expect((await tip(fan, creator.user.id, { amount: 10 }, 'k-1')).statusCode).toBe(200);
    for (const res of [
      await tip(fan, creator.user.id, { amount: 11 }, 'k-1'),
      await tip(fan, other.user.id, { amount: 10 }, 'k-1'),
    ]) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
      expect(res.json().message).toMatch(/already used for a different request/);
    }
    expect(await walletCents(fan)).toBe(9000);
  });

  it('keeps keys per user: another fan may use the same key', async () => {
    const [a, b, creator] = [await t.fan(), await t.fan(), await t.creator()];
    await t.fund(a.user, 10);
    await t.fund(b.user, 10);
    expect((await tip(a, creator.user.id, { amount: 10 }, 'shared')).statusCode).toBe(200);
    expect((await tip(b, creator.user.id, { amount: 10 }, 'shared')).statusCode).toBe(200);
    expect(await tipsTo(creator.user.id)).toHaveLength(2);
  });

  it('refuses a key that is too long or not visible characters (400)', async () => {
    const [fan, creator] = [await t.fan(), await t.creator()];
    await t.fund(fan.user, 10);
    for (const key of ['x'.repeat(256), 'has space', 'é']) {
      const res = await tip(fan, creator.user.id, { amount: 10 }, key);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/Idempotency-Key/);
    }
    expect(await walletCents(fan)).toBe(1000);
  });

  it('does not store a refused request: the same key works once the wallet is topped up', async () => {
    const [fan, creator] = [await t.fan(), await t.creator()];
    const refused = await tip(fan, creator.user.id, { amount: 10 }, 'after-top-up');
    expect(refused.statusCode).toBe(422);
    await t.fund(fan.user, 10);
    expect((await tip(fan, creator.user.id, { amount: 10 }, 'after-top-up')).statusCode).toBe(200);
  });
});

describe('a charge that fails midway', () => {
  /** A trigger that fails every ledger line written: a crash between the debit and the entries. */
  const failLedgerLines = async (on: boolean) => {
    const statements = on
      ? [
          `CREATE FUNCTION test_fail_ledger_line() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN RAISE EXCEPTION 'simulated crash after the debit'; END $$`,
          `CREATE TRIGGER test_fail_ledger_line BEFORE INSERT ON ledger_entries
            FOR EACH ROW EXECUTE FUNCTION test_fail_ledger_line()`,
        ]
      : ['DROP TRIGGER test_fail_ledger_line ON ledger_entries', 'DROP FUNCTION test_fail_ledger_line()'];
    for (const statement of statements) await t.ctx.db.db.execute(sql.raw(statement));
  };

  it('leaves no half-done charge when the transaction fails after the debit', async () => {
    const [fan, creator] = [await t.fan(), await t.creator()];
    await t.fund(fan.user, 20);
    const post = await buildFeed(t.ctx.db.db, { performerId: creator.user.id, isSale: true, price: 5 });
    const transactionsBefore = (await t.ctx.db.db.select().from(ledgerTransactions)).length;
    // The charge is one statement (wallet_charge): fail it after the debit, at the ledger lines.
    await failLedgerLines(true);
    const crashedTip = await tip(fan, creator.user.id, { amount: 10 }, 'crash-1');
    const crashedBuy = await t.request({
      method: 'POST',
      url: `/api/wallet/charges/feed/${post.id}`,
      token: fan.token,
    });
    expect([crashedTip.statusCode, crashedBuy.statusCode]).toEqual([500, 500]);
    expect(crashedTip.body).not.toContain('simulated');

    expect(await walletCents(fan)).toBe(2000);
    expect((await t.ctx.db.db.select().from(ledgerTransactions)).length).toBe(transactionsBefore);
    expect(await t.ctx.db.db.select().from(purchases).where(eq(purchases.fanId, fan.user.id))).toHaveLength(
      0,
    );
    expect(await tipsTo(creator.user.id)).toHaveLength(0);
    expect(
      await t.ctx.db.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, fan.user.id)),
    ).toHaveLength(0);

    await failLedgerLines(false);
    expect((await tip(fan, creator.user.id, { amount: 10 }, 'crash-1')).statusCode).toBe(200);
    expect(await walletCents(fan)).toBe(1000);
  });
});

describe('derived balances', () => {
  it('keeps a creator balance exact while roll-ups run between concurrent tips', async () => {
    const creator = await t.creator();
    const fans = await Promise.all(Array.from({ length: 10 }, () => t.fan()));
    await Promise.all(fans.map((f) => t.fund(f.user, 50)));
    const account = accountIdOf({ kind: 'creator_earnings', userId: creator.user.id });
    await Promise.all([
      ...fans.flatMap((f) => Array.from({ length: 5 }, () => tip(f, creator.user.id, { amount: 10 }))),
      ...Array.from({ length: 10 }, () => rollUpAccount(t.ctx, account)),
    ]);
    await rollUpAccounts(t.ctx);
    expect(await earningsBalance(t.ctx.db.db, creator.user.id)).toBe(50 * 800);
    // After the roll-up the balance is read from the snapshot alone.
    await rollUpAccount(t.ctx, accountIdOf(platformRevenue));
    expect((await reconcileLedger(t.ctx.db.db)).problems).toEqual([]);
  });

  it('splits commission in whole cents, half up to the platform', () => {
    expect(splitCommission(1000, 0.2)).toEqual({ commissionCents: 200, netCents: 800 });
    expect(splitCommission(1000, 0.3)).toEqual({ commissionCents: 300, netCents: 700 });
    expect(splitCommission(5, 0.3)).toEqual({ commissionCents: 2, netCents: 3 });
    expect(splitCommission(1, 0.2)).toEqual({ commissionCents: 0, netCents: 1 });
    expect(splitCommission(999, 0)).toEqual({ commissionCents: 0, netCents: 999 });
    expect(splitCommission(999, 1)).toEqual({ commissionCents: 999, netCents: 0 });
  });
});
