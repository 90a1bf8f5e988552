import { newId } from '@fanstage/db';
import { buildPurchase, buildSubscription } from '@fanstage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClock } from '../../../test/helpers';
import type { Actor } from '../auth/sessions';
import { decideContentAccess, decideOne, type GatedItem, isSubscribed } from './content-access';

const none = { subscribedTo: new Set<string>(), bought: new Set<string>(), blockedBy: new Set<string>() };
const fan = { id: 'fan', role: 'user' as const };
const item = (o: Partial<GatedItem> = {}): GatedItem => ({
  id: 'i1',
  type: 'feed',
  ownerId: 'creator',
  isSale: false,
  priceCents: 0,
  ...o,
});

describe('the access rule for one item', () => {
  it('lets the owner and admins see everything', () => {
    expect(
      decideOne({ id: 'creator', role: 'performer' }, item({ isSale: true, priceCents: 900 }), none).canView,
    ).toBe(true);
    expect(decideOne({ id: 'a', role: 'admin' }, item({ isSale: true, priceCents: 900 }), none).reason).toBe(
      'admin',
    );
  });

  it('shows items not for sale to active subscribers only', () => {
    expect(decideOne(fan, item(), none)).toEqual({ canView: false, reason: 'needs-subscription' });
    expect(decideOne(fan, item(), { ...none, subscribedTo: new Set(['creator']) })).toEqual({
      canView: true,
      reason: 'subscriber',
    });
  });

  it('makes subscribers pay for items for sale, and unlocks them for buyers', () => {
    const paid = item({ isSale: true, priceCents: 500 });
    expect(decideOne(fan, paid, { ...none, subscribedTo: new Set(['creator']) }).reason).toBe(
      'needs-purchase',
    );
    expect(decideOne(fan, paid, { ...none, bought: new Set(['feed:i1']) }).reason).toBe('purchased');
  });

  it('shows items for sale at zero to every logged-in fan', () => {
    expect(decideOne(fan, item({ isSale: true, priceCents: 0 }), none).reason).toBe('free-for-fans');
  });

  it('unlocks through another purchase when told (a photo through its gallery)', () => {
    const photo = item({
      type: 'photo',
      isSale: true,
      priceCents: 300,
      unlockedBy: { type: 'gallery', id: 'g1' },
    });
    expect(decideOne(fan, photo, { ...none, bought: new Set(['gallery:g1']) }).canView).toBe(true);
  });

  it('hides everything of a creator who blocked the fan, even what the fan bought', () => {
    const paid = item({ isSale: true, priceCents: 500 });
    expect(
      decideOne(fan, paid, { ...none, bought: new Set(['feed:i1']), blockedBy: new Set(['creator']) }).reason,
    ).toBe('blocked');
  });
});

describe('decideContentAccess on a real database', () => {
  let t: TestApp;
  const clock = new TestClock(new Date());
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(() => t.close());

  const actorOf = (user: { id: string; role: Actor['role'] }): Actor => ({
    id: user.id,
    role: user.role,
    sessionId: 's',
    status: 'active',
  });

  it('decides a page of items in a few queries: subscriptions and purchases per fan', async () => {
    const creator = await t.creator();
    const other = await t.creator();
    const a = await t.fan();
    const b = await t.fan();
    const subscriberPost = {
      id: newId(),
      type: 'feed' as const,
      ownerId: creator.user.id,
      isSale: false,
      priceCents: 0,
    };
    const ppv = {
      id: newId(),
      type: 'feed' as const,
      ownerId: creator.user.id,
      isSale: true,
      priceCents: 700,
    };
    const otherPost = {
      id: newId(),
      type: 'feed' as const,
      ownerId: other.user.id,
      isSale: false,
      priceCents: 0,
    };
    await buildSubscription(t.ctx.db.db, {
      fanId: a.user.id,
      performerId: creator.user.id,
      expiredAt: new Date(clock.now().getTime() + 86_400_000),
    });
    await buildPurchase(t.ctx.db.db, {
      fanId: a.user.id,
      performerId: creator.user.id,
      targetType: 'feed',
      targetId: ppv.id,
    });

    const forA = await decideContentAccess(t.ctx, {
      actor: actorOf(a.user),
      items: [subscriberPost, ppv, otherPost],
    });
    expect([
      forA.get(subscriberPost.id)?.reason,
      forA.get(ppv.id)?.reason,
      forA.get(otherPost.id)?.reason,
    ]).toEqual(['subscriber', 'purchased', 'needs-subscription']);
    // B holds nothing: A's purchase does not leak to B.
    const forB = await decideContentAccess(t.ctx, { actor: actorOf(b.user), items: [subscriberPost, ppv] });
    expect([forB.get(subscriberPost.id)?.canView, forB.get(ppv.id)?.canView]).toEqual([false, false]);
    const forVisitor = await decideContentAccess(t.ctx, { actor: null, items: [subscriberPost] });
    expect(forVisitor.get(subscriberPost.id)?.reason).toBe('needs-login');
  });

  it('ends access when the subscription expires', async () => {
    const creator = await t.creator();
    const a = await t.fan();
    await buildSubscription(t.ctx.db.db, {
      fanId: a.user.id,
      performerId: creator.user.id,
      expiredAt: new Date(clock.now().getTime() + 60_000),
    });
    expect(await isSubscribed(t.ctx, { actor: actorOf(a.user), performerId: creator.user.id })).toBe(true);
    clock.advance(61_000);
    expect(await isSubscribed(t.ctx, { actor: actorOf(a.user), performerId: creator.user.id })).toBe(false);
  });

  it('counts a creator as subscribed to their own content', async () => {
    const creator = await t.creator();
    expect(await isSubscribed(t.ctx, { actor: actorOf(creator.user), performerId: creator.user.id })).toBe(
      true,
    );
  });
});
