import { earnings, eq, idempotencyKeys, purchases, userBlocks } from '@fanstage/db';
import { buildFeed } from '@fanstage/db/factories';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import type { AppError } from '../../lib/app-error';
import { type ChargeOptions, chargeOnItsOwn, type OneStatementCharge } from './wallet.charge';
import { IdempotentReplay } from './wallet.idempotency';
import { earningsBalance } from './wallet.ledger';
import { reconcileLedger } from './wallet.reconcile';

/*
 * Charges that arrive while others are being written go together in one statement
 * (wallet.charge.ts `chargeOnItsOwn`, migration 0039 `wallet_charge_group`). These tests send many
 * at once and hold what a charge alone guarantees: each answer and refusal its own, no wallet below
 * zero, a key answered once and replayed, a second purchase refused, and a group that fails as a
 * whole leaving each charge to run alone.
 */

let t: TestApp;
type Account = Awaited<ReturnType<TestApp['fan']>>;

beforeAll(async () => {
  t = await createTestApp({ env: { LOG_LEVEL: 'error' } });
});
afterEach(async () => {
  const report = await reconcileLedger(t.ctx.db.db);
  expect(report.problems).toEqual([]);
});
afterAll(() => t.close());

const tipOf = (fan: Account, performerId: string, key?: string): ChargeOptions => ({
  actor: { id: fan.user.id, role: 'user' },
  kind: 'tip',
  country: null,
  now: new Date(),
  defaultCommissionRate: 0.2,
  idempotency: key ? { userId: fan.user.id, key, requestHash: `hash-of-${key}` } : null,
  performerId,
  amountCents: 1000,
  tipLimits: { minimum: 1, maximum: 1000 },
  reference: `tip:${performerId}`,
});

/** Each call's outcome: the charge, or the error's name and status. */
const settle = (calls: Array<Promise<OneStatementCharge>>) =>
  Promise.all(
    calls.map((call) =>
      call.then(
        (charge) => ({ ok: charge }) as const,
        (error: unknown) => ({ error }) as const,
      ),
    ),
  );

const balanceOf = async (fan: Account) =>
  Math.round((await t.request({ url: '/api/users/me', token: fan.token })).json().data.balance * 100);

describe('charges in groups', () => {
  it('thirty tips at once: each wallet covers two of its three, a replayed key and a block answer their own', async () => {
    const creators = [await t.creator(), await t.creator()];
    const fans = await Promise.all(Array.from({ length: 9 }, () => t.fan()));
    await Promise.all(fans.map((fan) => t.fund(fan.user, 20)));
    await t.ctx.db.db
      .insert(userBlocks)
      .values({ performerId: creators[1]!.user.id, targetId: fans[8]!.user.id, reason: 'test' });
    const statementsBefore = t.ctx.db.statements();
    // Sent in one turn: the first goes alone, the rest wait for it and go together. Fans 0–7 tip
    // three times (their wallets cover two); fan 8, blocked by the second creator, tips them.
    const calls = fans
      .slice(0, 8)
      .flatMap((fan, k) =>
        Array.from({ length: 3 }, (_, n) =>
          chargeOnItsOwn(t.ctx.db, tipOf(fan, creators[(k + n) % 2]!.user.id)),
        ),
      );
    calls.push(chargeOnItsOwn(t.ctx.db, tipOf(fans[8]!, creators[1]!.user.id)));
    // The same key twice in one turn: charged once, the second answered with the first's answer.
    const twin = await (async () => {
      const replayed = [
        chargeOnItsOwn(t.ctx.db, tipOf(fans[8]!, creators[0]!.user.id, 'twin-key')),
        chargeOnItsOwn(t.ctx.db, tipOf(fans[8]!, creators[0]!.user.id, 'twin-key')),
      ];
      return settle(replayed);
    })();
    const outcomes = await settle(calls);
    const statements = t.ctx.db.statements() - statementsBefore;

    for (let k = 0; k < 8; k += 1) {
      const own = outcomes.slice(k * 3, k * 3 + 3);
      expect(own.filter((o) => 'ok' in o)).toHaveLength(2);
      const refused = own.find((o) => 'error' in o);
      expect(refused && 'error' in refused && (refused.error as AppError).message).toBe(
        'You have an insufficient wallet balance. Please top up.',
      );
      expect(await balanceOf(fans[k]!)).toBe(0);
    }
    const blocked = outcomes[24]!;
    expect('error' in blocked && (blocked.error as AppError).statusCode).toBe(403);
    // Each charge answered its own balance: a fan's two tips left 10.00 and 0.00, in some order.
    const balances = outcomes
      .slice(0, 24)
      .flatMap((o) => ('ok' in o ? [o.ok.charge.balance] : []))
      .sort((a, b) => a - b);
    expect(balances).toEqual([...Array(8).fill(0), ...Array(8).fill(10)]);

    const [first, second] = twin;
    expect(first && 'ok' in first).toBe(true);
    expect(second && 'error' in second && second.error).toBeInstanceOf(IdempotentReplay);
    const replay = (second as { error: IdempotentReplay }).error;
    expect(replay.body).toEqual({ data: (first as { ok: OneStatementCharge }).ok.charge });
    expect(await balanceOf(fans[8]!)).toBe(1000);
    const keys = await t.ctx.db.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.userId, fans[8]!.user.id));
    expect(keys).toHaveLength(1);

    // 16 tips + the twin's one, split 80/20 between two creators.
    const creatorTips = await Promise.all(
      creators.map((c) => t.ctx.db.db.select().from(earnings).where(eq(earnings.performerId, c.user.id))),
    );
    expect(creatorTips[0]!.length + creatorTips[1]!.length).toBe(17);
    expect(
      (await earningsBalance(t.ctx.db.db, creators[0]!.user.id)) +
        (await earningsBalance(t.ctx.db.db, creators[1]!.user.id)),
    ).toBe(17 * 800);
    // Alone, 27 charges are 27 statements; in groups, a handful.
    expect(statements).toBeLessThan(8);
  });

  it('buys a post once when the same fan asks twice in one group, and a failed group runs each alone', async () => {
    const creator = await t.creator();
    const fans = await Promise.all(Array.from({ length: 4 }, () => t.fan()));
    await Promise.all(fans.map((fan) => t.fund(fan.user, 50)));
    const post = await buildFeed(t.ctx.db.db, { performerId: creator.user.id, isSale: true, price: 5 });
    const buy = (fan: Account): ChargeOptions => ({
      ...tipOf(fan, creator.user.id),
      kind: 'feed',
      performerId: undefined,
      amountCents: undefined,
      tipLimits: undefined,
      targetId: post.id,
      reference: `feed:${post.id}`,
    });
    // Two tips take the two lanes (each goes alone); the three purchases wait and go as one group,
    // in the order they were asked. Were a purchase alone in a lane, the fan's second could run at
    // the same time as the first on another connection, and either could be the one charged.
    const bought = await settle([
      chargeOnItsOwn(t.ctx.db, tipOf(fans[3]!, creator.user.id)),
      chargeOnItsOwn(t.ctx.db, tipOf(fans[2]!, creator.user.id)),
      chargeOnItsOwn(t.ctx.db, buy(fans[0]!)),
      chargeOnItsOwn(t.ctx.db, buy(fans[0]!)),
      chargeOnItsOwn(t.ctx.db, buy(fans[1]!)),
    ]);
    expect(bought.map((o) => ('ok' in o ? 200 : (o.error as AppError).statusCode))).toEqual([
      200, 200, 200, 409, 200,
    ]);
    expect(await t.ctx.db.db.select().from(purchases).where(eq(purchases.targetId, post.id))).toHaveLength(2);
    expect(await balanceOf(fans[0]!)).toBe(4500);

    // A creator id that is no uuid fails the group's statement as a whole; each charge then runs
    // alone, so the good ones are charged once and only the bad one fails.
    const mixed = await settle([
      chargeOnItsOwn(t.ctx.db, tipOf(fans[3]!, creator.user.id)),
      chargeOnItsOwn(t.ctx.db, tipOf(fans[2]!, creator.user.id)),
      chargeOnItsOwn(t.ctx.db, tipOf(fans[1]!, 'not-a-uuid')),
      chargeOnItsOwn(t.ctx.db, tipOf(fans[2]!, creator.user.id)),
    ]);
    expect(mixed.map((o) => 'ok' in o)).toEqual([true, true, false, true]);
    expect(await balanceOf(fans[1]!)).toBe(4500);
    expect(await balanceOf(fans[2]!)).toBe(2000);
    expect(await balanceOf(fans[3]!)).toBe(3000);
  });
});
