import { eq, subscriptions } from '@fanstage/db';
import { buildSubscription } from '@fanstage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClock } from '../../../test/helpers';
import { notificationsOf } from '../../../test/notifications';
import { expiryReminderMs, remindExpiringSubscriptions } from './subscriptions.service';

const clock = new TestClock();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

const dayMs = 24 * 60 * 60 * 1000;
/** A subscription ending at `expiredAt`, renewing or not. */
async function subscription(options: {
  fanId: string;
  performerId: string;
  expiredAt: Date;
  autoRenew: boolean;
}) {
  const row = await buildSubscription(t.ctx.db.db, options);
  await t.ctx.db.db
    .update(subscriptions)
    .set({ autoRenew: options.autoRenew })
    .where(eq(subscriptions.id, row.id));
  return row;
}
const remindersOf = async (userId: string) =>
  (await notificationsOf(t.ctx, userId)).filter((n) => n.type === 'subscription.expiring');

describe('the "ends soon" reminder job', () => {
  it('reminds a fan once per period of a subscription that does not renew, days before it ends', async () => {
    const [fan, creator] = [await t.fan(), await t.creator({ name: 'Robin Vale' })];
    const endsAt = new Date(clock.now().getTime() + expiryReminderMs + dayMs);
    const sub = await subscription({
      fanId: fan.user.id,
      performerId: creator.user.id,
      expiredAt: endsAt,
      autoRenew: false,
    });
    // Too early: more than the window before the end.
    await remindExpiringSubscriptions(t.ctx);
    expect(await remindersOf(fan.user.id)).toEqual([]);

    clock.advance(2 * dayMs);
    await remindExpiringSubscriptions(t.ctx);
    await remindExpiringSubscriptions(t.ctx);
    const told = await remindersOf(fan.user.id);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      title: `Your subscription to Robin Vale ends on ${endsAt.toISOString().slice(0, 10)}`,
      link: '/user/subscriptions',
    });

    // A new period (the fan paid again, still not renewing) is reminded again before its end.
    const nextEnd = new Date(endsAt.getTime() + 30 * dayMs);
    await t.ctx.db.db.update(subscriptions).set({ expiredAt: nextEnd }).where(eq(subscriptions.id, sub.id));
    clock.set(new Date(nextEnd.getTime() - dayMs));
    await remindExpiringSubscriptions(t.ctx);
    expect(await remindersOf(fan.user.id)).toHaveLength(2);
  });

  it('does not remind a subscription that renews, nor one already ended', async () => {
    const [fan, creator, other] = [await t.fan(), await t.creator(), await t.creator()];
    const now = clock.now().getTime();
    await subscription({
      fanId: fan.user.id,
      performerId: creator.user.id,
      expiredAt: new Date(now + dayMs),
      autoRenew: true,
    });
    await subscription({
      fanId: fan.user.id,
      performerId: other.user.id,
      expiredAt: new Date(now - dayMs),
      autoRenew: false,
    });
    await remindExpiringSubscriptions(t.ctx);
    expect(await remindersOf(fan.user.id)).toEqual([]);
  });
});
