import { eq, idempotencyKeys, ledgerAccounts } from '@fanstage/db';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, TestClock } from '../../../test/helpers';
import { pruneIdempotencyKeys } from './wallet.idempotency';
import { pruneKeysJobName, rollUpJobName, rollUpMinEntries, runLedgerRollUp } from './wallet.jobs';
import { accountIdOf, creatorEarnings, earningsBalance } from './wallet.ledger';
import { reconcileLedger } from './wallet.reconcile';
import { grantWalletCredit } from './wallet.service';

const clock = new TestClock();
let t: TestApp;
type Account = Awaited<ReturnType<TestApp['fan']>>;
const hourMs = 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterEach(async () => {
  expect((await reconcileLedger(t.ctx.db.db)).problems).toEqual([]);
});
afterAll(async () => {
  await t.close();
});

const fund = (user: { id: string }, amount: number) =>
  grantWalletCredit(t.ctx, { userId: user.id, amountCents: amount * 100, reason: 'test', initiatorId: null });

const tip = (from: Account, performerId: string, amount: number, key?: string) =>
  t.request({
    method: 'POST',
    url: `/api/wallet/charges/tip/${performerId}`,
    token: from.token,
    payload: { amount },
    headers: key ? { 'idempotency-key': key } : {},
  });

const keysOf = (userId: string) =>
  t.ctx.db.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));

const accountOf = async (creatorId: string) =>
  (
    await t.ctx.db.db
      .select()
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.id, accountIdOf(creatorEarnings(creatorId))))
  )[0]!;

describe('pruning Idempotency-Keys', () => {
  it('keeps a key for a day, then deletes it so the same key pays again', async () => {
    const [fan, creator] = [await t.fan(), await t.creator()];
    await fund(fan.user, 100);
    expect((await tip(fan, creator.user.id, 10, 'tip-once')).statusCode).toBe(200);
    const [stored] = await keysOf(fan.user.id);
    const createdAt = stored!.createdAt.getTime();

    expect(await pruneIdempotencyKeys(t.ctx.db.db, { now: new Date(createdAt + 23 * hourMs) })).toBe(0);
    const replay = await tip(fan, creator.user.id, 10, 'tip-once');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await earningsBalance(t.ctx.db.db, creator.user.id)).toBe(800);

    expect(await pruneIdempotencyKeys(t.ctx.db.db, { now: new Date(createdAt + 25 * hourMs) })).toBe(1);
    expect(await keysOf(fan.user.id)).toEqual([]);
    const fresh = await tip(fan, creator.user.id, 10, 'tip-once');
    expect(fresh.headers['idempotent-replayed']).toBeUndefined();
    expect(await earningsBalance(t.ctx.db.db, creator.user.id)).toBe(1600);
  });

  it('prunes only keys older than a day when the queue runs the job', async () => {
    const fan = await t.fan();
    const row = { userId: fan.user.id, requestHash: 'x', responseStatus: 200, responseBody: { data: null } };
    await t.ctx.db.db.insert(idempotencyKeys).values([
      { ...row, key: 'old', createdAt: new Date(clock.now().getTime() - 25 * hourMs) },
      { ...row, key: 'recent', createdAt: new Date(clock.now().getTime() - 23 * hourMs) },
    ]);
    await t.ctx.queue.send(pruneKeysJobName, {});
    await vi.waitFor(async () => expect((await keysOf(fan.user.id)).map((k) => k.key)).toEqual(['recent']), {
      timeout: 30_000,
      interval: 250,
    });
  });
});

describe('the ledger roll-up job', () => {
  it('folds a creator’s earnings entries into the snapshot without changing the balance', async () => {
    const [fan, creator] = [await t.fan(), await t.creator()];
    await fund(fan.user, 500);
    for (let i = 0; i < rollUpMinEntries; i++) await tip(fan, creator.user.id, 10);
    expect(await accountOf(creator.user.id)).toMatchObject({ rolledUpCents: 0, rolledUpEntryId: 0 });

    await t.ctx.queue.send(rollUpJobName, {});
    await vi.waitFor(
      async () => expect((await accountOf(creator.user.id)).rolledUpCents).toBe(rollUpMinEntries * 800),
      { timeout: 30_000, interval: 250 },
    );
    expect((await accountOf(creator.user.id)).rolledUpAt).toEqual(clock.now());
    expect(await earningsBalance(t.ctx.db.db, creator.user.id)).toBe(rollUpMinEntries * 800);

    // Entries after the snapshot still count, and a run with too few new entries leaves it alone.
    await tip(fan, creator.user.id, 10);
    await runLedgerRollUp(t.ctx);
    expect((await accountOf(creator.user.id)).rolledUpCents).toBe(rollUpMinEntries * 800);
    expect(await earningsBalance(t.ctx.db.db, creator.user.id)).toBe((rollUpMinEntries + 1) * 800);
  });

  it('rolls up once when several nodes run it at the same time', async () => {
    const [fan, creator] = [await t.fan(), await t.creator()];
    await fund(fan.user, 500);
    for (let i = 0; i < rollUpMinEntries; i++) await tip(fan, creator.user.id, 20);
    await Promise.all([runLedgerRollUp(t.ctx), runLedgerRollUp(t.ctx), runLedgerRollUp(t.ctx)]);
    expect((await accountOf(creator.user.id)).rolledUpCents).toBe(rollUpMinEntries * 1600);
    expect(await earningsBalance(t.ctx.db.db, creator.user.id)).toBe(rollUpMinEntries * 1600);
  });
});
