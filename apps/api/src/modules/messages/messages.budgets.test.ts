import { files, newId } from '@fanstage/db';
import { buildPurchase } from '@fanstage/db/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { countStatements } from '../../../test/statements';

/*
 * Statement budgets of messaging (STYLE habit 14): a text message is 2 statements (the member's
 * view with the send decision, one data-modifying statement that also returns the recipient's unread
 * total for the live event); a conversation's page of messages is 1–2 whatever it holds (files, paid messages
 * bought or locked). Enough data that a query per message would show.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { LOG_LEVEL: 'error', MESSAGE_RATE_LIMIT_PER_MINUTE: '1000' } });
});
afterAll(() => t.close());

type Account = Awaited<ReturnType<TestApp['fan']>>;

/** A ready chat photo of the creator's. */
async function chatPhoto(ownerId: string) {
  const id = newId();
  await t.ctx.db.db.insert(files).values({
    id,
    ownerId,
    kind: 'message-photo',
    visibility: 'private',
    storageKey: `private/originals/${id}.jpg`,
    mimeType: 'image/jpeg',
    size: 1000,
    status: 'ready',
    preview: 'data:image/webp;base64,AAAA',
    variants: {
      thumbnail: { key: `private/media/${id}/thumb.webp` },
      full: { key: `private/media/${id}/full.webp` },
    },
  });
  return id;
}

const send = (who: Account, conversationId: string, body: object) =>
  t.request({
    method: 'POST',
    url: `/api/messages/conversations/${conversationId}`,
    token: who.token,
    payload: body,
  });

describe('statement budgets of messaging', () => {
  it('a text message is 2 statements; the page and the conversation at most 2', async () => {
    const creator = await t.creator();
    const fan = await t.fan();
    const started = await t.request({
      method: 'POST',
      url: '/api/conversations',
      token: fan.token,
      payload: { source: 'performer', sourceId: creator.user.id },
    });
    expect(started.statusCode, started.body).toBe(200);
    const conversationId = started.json().data._id as string;
    const paid: string[] = [];
    for (let i = 0; i < 12; i++) {
      expect((await send(fan, conversationId, { text: `Hello ${i}` })).statusCode).toBe(200);
      const res = await send(creator, conversationId, {
        text: `Photo ${i}`,
        fileIds: [await chatPhoto(creator.user.id), await chatPhoto(creator.user.id)],
        ...(i % 2 === 0 ? { price: 3 } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
      if (i % 2 === 0) paid.push(res.json().data._id);
    }
    // The fan bought two of the six paid messages.
    for (const id of paid.slice(0, 2)) {
      await buildPurchase(t.ctx.db.db, {
        fanId: fan.user.id,
        performerId: creator.user.id,
        targetType: 'message',
        targetId: id,
        priceCents: 300,
      });
    }
    await t.request({ url: '/api/users/me', token: fan.token });

    const text = await countStatements(t, () => send(fan, conversationId, { text: 'One more' }));
    expect(text.res.statusCode, text.res.body).toBe(200);
    expect(text.sent.length, text.sent.join('\n')).toBeLessThanOrEqual(2);
    // The message's own statement is among those counted (it is built once and prepared).
    expect(text.sent.filter((q) => q.includes('insert into "messages"'))).toHaveLength(1);

    const page = await countStatements(t, () =>
      t.request({ url: `/api/messages/conversations/${conversationId}?limit=25`, token: fan.token }),
    );
    expect(page.res.statusCode).toBe(200);
    expect(page.sent.length, page.sent.join('\n')).toBeLessThanOrEqual(2);
    expect(page.sent.filter((q) => q.includes('password_hash'))).toEqual([]);
    // The opening page is the form without an OFFSET parameter (planned once per connection).
    expect(page.sent.filter((q) => q.includes('from "messages"') && / offset /.test(q))).toEqual([]);
    const messages = page.res.json().data as {
      _id: string;
      isLocked: boolean;
      isBought: boolean;
      files: { urls?: unknown; preview?: string }[];
    }[];
    expect(messages).toHaveLength(25);
    const byId = new Map(messages.map((m) => [m._id, m]));
    const bought = byId.get(paid[5]!) ? paid.slice(0, 2).filter((id) => byId.has(id)) : [];
    for (const id of bought) expect(byId.get(id)).toMatchObject({ isLocked: false, isBought: true });
    const locked = byId.get(paid[5]!)!;
    expect(locked).toMatchObject({ isLocked: true, isBought: false });
    expect(locked.files).toHaveLength(2);
    expect(locked.files[0]!.urls).toBeUndefined();
    const open = messages.find((m) => m.files.length > 0 && !m.isLocked)!;
    expect(open.files[0]!.urls).toBeDefined();

    const bought0 = await countStatements(t, () =>
      t.request({
        url: `/api/messages/conversations/${conversationId}?offset=20&limit=25`,
        token: fan.token,
      }),
    );
    expect(bought0.sent.length).toBeLessThanOrEqual(2);
    const first = new Map(
      (bought0.res.json().data as { _id: string; isBought: boolean }[]).map((m) => [m._id, m]),
    );
    expect(first.get(paid[0]!)).toMatchObject({ isBought: true });

    const conversation = await countStatements(t, () =>
      t.request({ url: `/api/conversations/${conversationId}`, token: fan.token }),
    );
    expect(conversation.res.statusCode).toBe(200);
    expect(conversation.sent.length, conversation.sent.join('\n')).toBeLessThanOrEqual(2);
    expect(conversation.res.json().data).toMatchObject({ canSend: true, lastMessage: { text: 'One more' } });
  });
});
