import { buildCreator, buildFeed, buildPurchase, buildSubscription } from '@fanstage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { type Actor, findActorByToken } from '../auth/sessions';
import { type AccessAction, decideAccess, decideCreator, decideItem, type ItemFacts } from './access';

/*
 * The access module's answer to "may this actor do this to these ids": first the rules alone (the
 * matrix of roles, states and actions), then the whole thing on a real database, in bulk.
 */

const creatorId = '01a2019b-4926-76fd-a59f-000000000001';
const fanId = '01a2019b-4926-76fd-a59f-000000000002';
const creator = { id: creatorId, role: 'performer' as const };
const fan = { id: fanId, role: 'user' as const };
const admin = { id: '01a2019b-4926-76fd-a59f-000000000003', role: 'admin' as const };

const post = (over: Partial<ItemFacts> = {}): ItemFacts => ({
  id: 'p',
  ownerId: creatorId,
  performerId: creatorId,
  isPublished: true,
  hiddenAt: null,
  gate: { id: 'p', type: 'feed', ownerId: creatorId, isSale: true, priceCents: 500 },
  isForSale: true,
  ...over,
});
const locked = { canView: false, reason: 'needs-purchase' as const };
const open = { canView: true, reason: 'purchased' as const };
const statusOf = (v: ReturnType<typeof decideItem>) => (v.allowed ? 200 : v.status);

describe('the rules', () => {
  it('gives the owner everything but buying or reporting their own', () => {
    for (const action of ['see', 'unlock', 'react', 'comment', 'edit', 'delete'] as AccessAction[]) {
      expect(
        statusOf(decideItem(creator, action, 'feed', post(), { creatorVisible: true, gate: null })),
        action,
      ).toBe(200);
    }
    // Hidden, draft or not: still theirs.
    expect(
      statusOf(
        decideItem(creator, 'see', 'feed', post({ hiddenAt: new Date(), isPublished: false }), {
          creatorVisible: false,
          gate: null,
        }),
      ),
    ).toBe(200);
    expect(decideItem(creator, 'buy', 'feed', post(), { creatorVisible: true, gate: null })).toMatchObject({
      status: 422,
      message: 'You cannot buy your own content.',
    });
    expect(
      statusOf(decideItem(creator, 'report', 'feed', post(), { creatorVisible: true, gate: null })),
    ).toBe(422);
  });

  it('lets admins see and delete anything (hidden too), never edit or buy', () => {
    const hidden = post({ hiddenAt: new Date() });
    const held = { creatorVisible: false, gate: locked };
    expect(decideItem(admin, 'unlock', 'feed', hidden, held)).toMatchObject({
      allowed: true,
      unlocked: true,
    });
    expect(statusOf(decideItem(admin, 'delete', 'feed', hidden, held))).toBe(200);
    expect(statusOf(decideItem(admin, 'edit', 'feed', hidden, held))).toBe(404);
    expect(statusOf(decideItem(admin, 'buy', 'feed', post(), held))).toBe(422);
  });

  it('hides from fans and visitors what is hidden, unpublished or of a creator they may not see (404)', () => {
    for (const facts of [post({ hiddenAt: new Date() }), post({ isPublished: false })]) {
      for (const actor of [fan, null]) {
        expect(statusOf(decideItem(actor, 'see', 'feed', facts, { creatorVisible: true, gate: open }))).toBe(
          404,
        );
      }
    }
    expect(statusOf(decideItem(fan, 'see', 'feed', post(), { creatorVisible: false, gate: open }))).toBe(404);
    expect(statusOf(decideItem(fan, 'see', 'feed', undefined, { creatorVisible: true, gate: open }))).toBe(
      404,
    );
  });

  it('lets fans see a locked card, react and report, but not unlock or comment (403); visitors must log in', () => {
    const held = { creatorVisible: true, gate: locked };
    expect(decideItem(fan, 'see', 'feed', post(), held)).toMatchObject({ allowed: true, unlocked: false });
    expect(statusOf(decideItem(fan, 'react', 'feed', post(), held))).toBe(200);
    expect(statusOf(decideItem(fan, 'report', 'feed', post(), held))).toBe(200);
    expect(decideItem(fan, 'unlock', 'feed', post(), held)).toMatchObject({ status: 403 });
    expect(decideItem(fan, 'comment', 'feed', post(), held)).toMatchObject({
      status: 403,
      message: 'Subscribe to this creator or buy this item to see and write comments.',
    });
    expect(statusOf(decideItem(fan, 'buy', 'feed', post(), held))).toBe(200);
    expect(statusOf(decideItem(fan, 'buy', 'feed', post({ isForSale: false }), held))).toBe(422);
    expect(statusOf(decideItem(fan, 'edit', 'feed', post(), held))).toBe(404);
    expect(statusOf(decideItem(fan, 'delete', 'feed', post(), held))).toBe(404);
    expect(statusOf(decideItem(null, 'react', 'feed', post(), held))).toBe(401);
  });

  it('lets a comment go with what it is on; its creator may delete it', () => {
    const comment = post({
      ownerId: fanId,
      gate: null,
      isForSale: false,
      parent: { resource: 'feed', id: 'p' },
    });
    const other = { id: '01a2019b-4926-76fd-a59f-000000000009', role: 'user' as const };
    expect(
      statusOf(
        decideItem(other, 'see', 'comment', comment, {
          creatorVisible: true,
          gate: null,
          parentUnlocked: false,
        }),
      ),
    ).toBe(404);
    expect(
      statusOf(
        decideItem(other, 'see', 'comment', comment, {
          creatorVisible: true,
          gate: null,
          parentUnlocked: true,
        }),
      ),
    ).toBe(200);
    expect(
      statusOf(
        decideItem(creator, 'delete', 'comment', comment, {
          creatorVisible: true,
          gate: null,
          parentUnlocked: true,
        }),
      ),
    ).toBe(200);
    expect(
      statusOf(
        decideItem(other, 'delete', 'comment', comment, {
          creatorVisible: true,
          gate: null,
          parentUnlocked: true,
        }),
      ),
    ).toBe(404);
  });

  it('refuses creator-directed actions: invisible 404, blocked 403, oneself 422, visitors 401', () => {
    const visible = { visible: true, blocksActor: false };
    for (const action of [
      'tip',
      'message',
      'subscribe',
      'follow',
      'join-stream',
      'request-show',
      'call',
    ] as const) {
      expect(statusOf(decideCreator(fan, action, creatorId, visible)), action).toBe(200);
      expect(
        statusOf(decideCreator(fan, action, creatorId, { visible: false, blocksActor: false })),
        action,
      ).toBe(404);
      expect(
        decideCreator(fan, action, creatorId, { visible: true, blocksActor: true }),
        action,
      ).toMatchObject({
        status: 403,
        message: 'You have been blocked by this creator.',
      });
      expect(statusOf(decideCreator(creator, action, creatorId, visible)), action).toBe(422);
      expect(statusOf(decideCreator(null, action, creatorId, visible)), action).toBe(401);
    }
    expect(statusOf(decideCreator(null, 'see', creatorId, visible))).toBe(200);
  });
});

describe('decideAccess on the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers for many ids of every kind in a fixed number of statements', async () => {
    const db = t.ctx.db.db;
    const owner = await t.creator();
    const subscriber = await t.fan();
    const buyer = await t.fan();
    const blocked = await t.fan();
    const unlisted = await buildCreator(db, { documentsVerified: false });
    await buildSubscription(db, { fanId: subscriber.user.id, performerId: owner.user.id });
    const forSubscribers = await buildFeed(db, { performerId: owner.user.id });
    const forSale = await buildFeed(db, { performerId: owner.user.id, isSale: true, price: 5 });
    await buildPurchase(db, {
      fanId: buyer.user.id,
      performerId: owner.user.id,
      targetType: 'feed',
      targetId: forSale.id,
      priceCents: 500,
    });
    const hidden = await buildFeed(db, {
      performerId: owner.user.id,
      hiddenAt: new Date(),
      hiddenReason: 'No',
    });
    const scheduled = await buildFeed(db, {
      performerId: owner.user.id,
      publishedAt: new Date(Date.now() + 86_400_000),
    });
    const ofUnlisted = await buildFeed(db, { performerId: unlisted.id });
    await t.request({
      method: 'POST',
      url: '/api/block/users',
      token: owner.token,
      payload: { targetId: blocked.user.id, reason: 'Rude' },
    });
    const many = await Promise.all(
      Array.from({ length: 25 }, () => buildFeed(db, { performerId: owner.user.id, isSale: true, price: 2 })),
    );
    const ids = [
      forSubscribers.id,
      forSale.id,
      hidden.id,
      scheduled.id,
      ofUnlisted.id,
      ...many.map((f) => f.id),
    ];
    const decide = async (actor: Actor | null, action: AccessAction) => {
      const before = t.ctx.db.statements();
      const verdicts = await decideAccess(t.ctx, { actor, country: null, action, resource: 'feed', ids });
      return { verdicts, statements: t.ctx.db.statements() - before };
    };
    const actorOf = (token: string) => findActorByToken(t.ctx, token);
    const sub = (await actorOf(subscriber.token))!;
    const { verdicts, statements } = await decide(sub, 'unlock');
    expect(statements).toBeLessThanOrEqual(5);
    const status = (id: string) => {
      const v = verdicts.get(id)!;
      return v.allowed ? 200 : v.status;
    };
    expect([forSubscribers.id, forSale.id, hidden.id, scheduled.id, ofUnlisted.id].map(status)).toEqual([
      200, 403, 404, 404, 404,
    ]);
    expect(many.every((f) => status(f.id) === 403)).toBe(true);
    const bought = await decide((await actorOf(buyer.token))!, 'unlock');
    expect(bought.verdicts.get(forSale.id)).toMatchObject({ allowed: true });
    expect(bought.verdicts.get(forSubscribers.id)).toMatchObject({ allowed: false, status: 403 });
    // The fan the creator blocked finds none of the creator's posts.
    const refused = await decide((await actorOf(blocked.token))!, 'see');
    expect([...refused.verdicts.values()].every((v) => !v.allowed && v.status === 404)).toBe(true);
    // The owner: everything of theirs; unknown ids: 404.
    const own = await decide((await actorOf(owner.token))!, 'edit');
    expect(ids.filter((id) => id !== ofUnlisted.id).every((id) => own.verdicts.get(id)?.allowed)).toBe(true);
    expect(own.verdicts.get(ofUnlisted.id)).toMatchObject({ status: 404 });
    // A creator's actions, in bulk too.
    const creators = await decideAccess(t.ctx, {
      actor: (await actorOf(blocked.token))!,
      country: null,
      action: 'tip',
      resource: 'performer',
      ids: [owner.user.id, unlisted.id],
    });
    expect(creators.get(owner.user.id)).toMatchObject({ status: 403 });
    expect(creators.get(unlisted.id)).toMatchObject({ status: 404 });
  });
});
