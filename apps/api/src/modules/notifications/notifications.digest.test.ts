import { buildSubscription } from '@fanstage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, TestClock } from '../../../test/helpers';
import { notificationsOf } from '../../../test/notifications';
import { digestQuietMs, sendMessageDigests } from './notifications.service';

let t: TestApp;
const clock = new TestClock();

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

type Account = Awaited<ReturnType<TestApp['fan']>>;

const post = (who: Account, url: string, payload: object) =>
  t.request({ method: 'POST', url, token: who.token, payload });

async function chat(fan: Account, creator: Account) {
  await buildSubscription(t.ctx.db.db, { fanId: fan.user.id, performerId: creator.user.id });
  const opened = await post(fan, '/api/conversations', { source: 'performer', sourceId: creator.user.id });
  expect(opened.statusCode, opened.body).toBe(200);
  return opened.json().data._id as string;
}

const digestsOf = async (who: Account) =>
  (await notificationsOf(t.ctx, who.user.id)).filter((n) => n.type === 'message.digest');

describe('the unread messages digest', () => {
  it('tells a person once of messages left unread for a while, and again only after new ones', async () => {
    const [fan, creator] = [await t.fan(), await t.creator()];
    const conversationId = await chat(fan, creator);
    for (const text of ['Hello', 'Are you there?']) {
      expect((await post(fan, `/api/messages/conversations/${conversationId}`, { text })).statusCode).toBe(
        200,
      );
    }
    // Too fresh: they may still be read live.
    await sendMessageDigests(t.ctx);
    expect(await digestsOf(creator)).toEqual([]);

    clock.advance(digestQuietMs + 1000);
    await sendMessageDigests(t.ctx);
    expect(await digestsOf(creator)).toEqual([
      expect.objectContaining({
        title: 'You have 2 unread messages',
        body: 'You have 2 unread messages in 1 conversation.',
        link: '/messages',
      }),
    ]);
    expect(await digestsOf(fan)).toEqual([]);

    // Nothing new: no second digest.
    clock.advance(digestQuietMs);
    await sendMessageDigests(t.ctx);
    expect(await digestsOf(creator)).toHaveLength(1);

    // A new message, left unread in turn: one more digest.
    expect(
      (await post(fan, `/api/messages/conversations/${conversationId}`, { text: 'Hi again' })).statusCode,
    ).toBe(200);
    clock.advance(digestQuietMs + 1000);
    await sendMessageDigests(t.ctx);
    expect((await digestsOf(creator)).map((n) => n.title)).toEqual([
      'You have 3 unread messages',
      'You have 2 unread messages',
    ]);
  });

  it('tells nobody whose messages were read', async () => {
    const [fan, creator] = [await t.fan(), await t.creator()];
    const conversationId = await chat(fan, creator);
    expect(
      (await post(fan, `/api/messages/conversations/${conversationId}`, { text: 'Hello' })).statusCode,
    ).toBe(200);
    const read = await post(creator, `/api/messages/read-all/${conversationId}`, {});
    expect(read.statusCode, read.body).toBe(200);
    clock.advance(digestQuietMs + 1000);
    await sendMessageDigests(t.ctx);
    expect(await digestsOf(creator)).toEqual([]);
  });
});
