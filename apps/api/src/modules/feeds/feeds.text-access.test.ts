import { follows } from '@fanstage/db';
import { buildFeed, buildPurchase, buildSubscription } from '@fanstage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClock } from '../../../test/helpers';
import { syncTimelines } from '../../../test/timelines';
import { grantWalletCredit } from '../wallet';

/*
 * Business rules, "Who may see what": a post's text is part of what is sold. A locked post shows
 * none of its text, only the creator's optional public line (`previewText`), in every answer.
 */

const clock = new TestClock();
const day = 24 * 60 * 60 * 1000;
let t: TestApp;

type Account = Awaited<ReturnType<TestApp['fan']>>;

const ppvText = 'The secret recipe: three parts patience, one part butter.';
const subscriberText = 'Members only: the tour dates are 4, 11 and 18 July.';
const ppvLine = 'My grandmother’s recipe, finally written down.';

let creator: Account;
let ppv: { id: string };
let subscriberOnly: { id: string };

beforeAll(async () => {
  t = await createTestApp({ clock });
  creator = await t.creator();
  const publishedAt = new Date(clock.now().getTime() - 60_000);
  ppv = await buildFeed(t.ctx.db.db, {
    performerId: creator.user.id,
    text: ppvText,
    previewText: ppvLine,
    isSale: true,
    price: 5,
    publishedAt,
  });
  subscriberOnly = await buildFeed(t.ctx.db.db, {
    performerId: creator.user.id,
    text: subscriberText,
    publishedAt,
  });
});
afterAll(async () => {
  await t.close();
});

const view = (id: string, token?: string) => t.request({ url: `/api/user/feeds/${id}`, token });
const creatorFeed = (token?: string) =>
  t.request({ url: `/api/user/feeds/search/${creator.user.username}`, token });
const postIn = (body: { data: { _id: string }[] }, id: string) => body.data.find((p) => p._id === id);

const subscribe = (fan: Account) =>
  buildSubscription(t.ctx.db.db, {
    fanId: fan.user.id,
    performerId: creator.user.id,
    expiredAt: new Date(clock.now().getTime() + 30 * day),
  });

const buy = (fan: Account, id: string) =>
  buildPurchase(t.ctx.db.db, {
    fanId: fan.user.id,
    performerId: creator.user.id,
    targetType: 'feed',
    targetId: id,
  });

describe('a locked post carries none of its text', () => {
  it('hides both texts from a visitor, on the post and in the creator feed, and shows the public line', async () => {
    for (const res of [await view(ppv.id), await view(subscriberOnly.id), await creatorFeed()]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(ppvText);
      expect(res.body).not.toContain(subscriberText);
    }
    expect((await view(ppv.id)).json().data).toMatchObject({
      canView: false,
      text: '',
      previewText: ppvLine,
    });
    expect(postIn((await creatorFeed()).json(), ppv.id)).toMatchObject({ text: '', previewText: ppvLine });
  });

  it('hides both texts from a fan who has neither paid nor subscribed', async () => {
    const fan = await t.fan();
    for (const res of [
      await view(ppv.id, fan.token),
      await view(subscriberOnly.id, fan.token),
      await creatorFeed(fan.token),
    ]) {
      expect(res.body).not.toContain(ppvText);
      expect(res.body).not.toContain(subscriberText);
    }
    expect((await view(subscriberOnly.id, fan.token)).json().data).toMatchObject({
      canView: false,
      text: '',
      previewText: '',
    });
  });

  it('shows a subscriber the subscriber text, but not the text of the post for sale', async () => {
    const fan = await t.fan();
    await subscribe(fan);
    expect((await view(subscriberOnly.id, fan.token)).json().data.text).toBe(subscriberText);
    const locked = await view(ppv.id, fan.token);
    expect(locked.body).not.toContain(ppvText);
    expect(locked.json().data.previewText).toBe(ppvLine);
    const list = (await creatorFeed(fan.token)).json();
    expect(postIn(list, subscriberOnly.id)).toMatchObject({ text: subscriberText });
    expect(postIn(list, ppv.id)).toMatchObject({ text: '', previewText: ppvLine });
  });

  it('shows the buyer the text of the post they bought, and the public line too', async () => {
    const fan = await t.fan();
    await buy(fan, ppv.id);
    expect((await view(ppv.id, fan.token)).json().data).toMatchObject({
      canView: true,
      text: ppvText,
      previewText: ppvLine,
    });
    expect(postIn((await creatorFeed(fan.token)).json(), ppv.id)).toMatchObject({ text: ppvText });
  });

  it('shows the owner and an admin every text', async () => {
    const admin = await t.admin();
    for (const token of [creator.token, admin.token]) {
      expect((await view(ppv.id, token)).json().data.text).toBe(ppvText);
      expect((await view(subscriberOnly.id, token)).json().data.text).toBe(subscriberText);
    }
  });

  it('keeps the text out of the home timeline of a fan who follows without paying', async () => {
    const fan = await t.fan();
    await t.ctx.db.db.insert(follows).values({ followerId: fan.user.id, performerId: creator.user.id });
    await syncTimelines(t);
    const res = await t.request({ url: '/api/user/feeds', token: fan.token });
    expect(res.statusCode).toBe(200);
    expect(postIn(res.json(), ppv.id)).toMatchObject({ text: '', previewText: ppvLine });
    expect(postIn(res.json(), subscriberOnly.id)).toMatchObject({ text: '' });
    expect(res.body).not.toContain(ppvText);
    expect(res.body).not.toContain(subscriberText);
  });

  it('keeps the text out of a bookmark card: a locked post is titled by its public line', async () => {
    const fan = await t.fan();
    for (const id of [ppv.id, subscriberOnly.id]) {
      const res = await t.request({
        method: 'POST',
        url: '/api/reactions',
        token: fan.token,
        payload: { objectType: 'feed', objectId: id, action: 'bookmark' },
      });
      expect(res.statusCode).toBe(200);
    }
    const res = await t.request({ url: '/api/reactions/feeds/bookmark', token: fan.token });
    expect(res.body).not.toContain(ppvText);
    expect(res.body).not.toContain(subscriberText);
    const cards = res.json().data as { objectId: string; title: string; isLocked: boolean }[];
    expect(cards.find((c) => c.objectId === ppv.id)).toMatchObject({ title: ppvLine, isLocked: true });
    expect(cards.find((c) => c.objectId === subscriberOnly.id)).toMatchObject({ title: '', isLocked: true });
  });

  it('hides the question and answers of a locked poll', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/performer/feeds/polls',
      token: creator.token,
      payload: {
        text: 'Which city next?',
        options: ['Lisbon', 'Osaka'],
        previewText: 'Vote on my next trip',
      },
    });
    expect(res.statusCode).toBe(200);
    const locked = await view(res.json().data._id, (await t.fan()).token);
    expect(locked.body).not.toContain('Which city next?');
    expect(locked.body).not.toContain('Lisbon');
    expect(locked.json().data).toMatchObject({ poll: null, previewText: 'Vote on my next trip' });
  });
});

describe('a text-only post for sale', () => {
  it('is sold from the wallet and then shows its text to the buyer', async () => {
    const create = await t.request({
      method: 'POST',
      url: '/api/performer/feeds',
      token: creator.token,
      payload: {
        type: 'text',
        text: 'Chapter one, in full.',
        previewText: 'The first chapter of my novel',
        isSale: true,
        price: 3,
      },
    });
    expect(create.statusCode).toBe(200);
    const id = create.json().data._id as string;
    const fan = await t.fan();
    await grantWalletCredit(t.ctx, {
      userId: fan.user.id,
      amountCents: 1000,
      reason: 'test',
      initiatorId: null,
    });
    const before = (await view(id, fan.token)).json().data;
    expect(before).toMatchObject({ canView: false, text: '', previewText: 'The first chapter of my novel' });
    const charge = await t.request({
      method: 'POST',
      url: `/api/wallet/charges/feed/${id}`,
      token: fan.token,
    });
    expect(charge.statusCode).toBe(200);
    expect((await view(id, fan.token)).json().data).toMatchObject({
      canView: true,
      reason: 'purchased',
      text: 'Chapter one, in full.',
    });
  });
});

describe('the public teaser line', () => {
  it('is kept as one plain line, trimmed, and can be edited by its creator', async () => {
    const create = await t.request({
      method: 'POST',
      url: '/api/performer/feeds',
      token: creator.token,
      payload: { type: 'text', text: 'Body', previewText: '  <b>Hello</b>\nthere  ' },
    });
    expect(create.statusCode).toBe(200);
    expect(create.json().data.previewText).toBe('Hello there');
    const edit = await t.request({
      method: 'PUT',
      url: `/api/performer/feeds/${create.json().data._id}`,
      token: creator.token,
      payload: { previewText: 'A new line' },
    });
    expect(edit.json().data.previewText).toBe('A new line');
  });

  it('refuses a line longer than 200 characters with a sentence, and creates nothing', async () => {
    const before = (await t.request({ url: '/api/performer/feeds', token: creator.token })).json().total;
    const res = await t.request({
      method: 'POST',
      url: '/api/performer/feeds',
      token: creator.token,
      payload: { type: 'text', text: 'Body', previewText: 'x'.repeat(201) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('The public teaser line can be at most 200 characters long.');
    expect((await t.request({ url: '/api/performer/feeds', token: creator.token })).json().total).toBe(
      before,
    );
  });
});
