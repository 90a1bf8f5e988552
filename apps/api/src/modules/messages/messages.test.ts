import type { AddressInfo } from 'node:net';
import {
  deletedMessageText,
  messagesPageSize,
  type ServerEventName,
  type ServerEventPayloads,
  serverEvents,
} from '@fanstage/contract';
import { follows, sql, type Transaction, userBlocks } from '@fanstage/db';
import { buildSubscription } from '@fanstage/db/factories';
import type { SQL } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, TestClock } from '../../../test/helpers';
import { decideSend } from './messages.access';
import { conversationPageQuery, threadPageQuery } from './messages.repo';
import { toPlainText } from './messages.service';

/*
 * Conversations and text messages through the HTTP API, and their live events through a real
 * socket.io client. Only the two members of a conversation can learn anything about it.
 */

const clock = new TestClock();
let t: TestApp;
let url: string;
const sockets: Socket[] = [];
type Account = Awaited<ReturnType<TestApp['fan']>>;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { MESSAGE_RATE_LIMIT_PER_MINUTE: '30' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(async () => {
  await t.close();
});

const api = (
  who: Account | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  payload?: unknown,
) =>
  t.request({
    method,
    url: path,
    token: who?.token,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const send = (who: Account, conversationId: string, body: string | object) =>
  api(
    who,
    'POST',
    `/api/messages/conversations/${conversationId}`,
    typeof body === 'string' ? { text: body } : body,
  );

const thread = (who: Account, conversationId: string, query = '') =>
  api(who, 'GET', `/api/messages/conversations/${conversationId}${query}`);

/** A fan and a creator with a conversation the fan opened. */
async function pair(options: { creator?: Parameters<TestApp['creator']>[0] } = {}) {
  const fan = await t.fan();
  const creator = await t.creator(options.creator);
  const res = await api(fan, 'POST', '/api/conversations', {
    source: 'performer',
    sourceId: creator.user.username,
  });
  expect(res.statusCode).toBe(200);
  return { fan, creator, conversationId: res.json().data._id as string };
}

const unreadOf = async (who: Account) =>
  (await api(who, 'GET', '/api/messages/total-unread-messages')).json().data.total as number;

function open(token: string) {
  const socket = connect(url, {
    transports: ['websocket'],
    reconnection: false,
    timeout: 5000,
    query: { token },
  });
  sockets.push(socket);
  return new Promise<Socket>((resolve, reject) => {
    socket.once(serverEvents.authResult, () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

function collect<K extends ServerEventName>(socket: Socket, event: K) {
  const received: ServerEventPayloads[K][] = [];
  socket.on(event as string, (payload: ServerEventPayloads[K]) => received.push(payload));
  return received;
}

describe('starting a conversation', () => {
  it('opens one conversation per pair, reused whoever asks again', async () => {
    const { fan, creator, conversationId } = await pair();
    const again = await api(fan, 'POST', '/api/conversations', {
      source: 'performer',
      sourceId: creator.user.id,
    });
    expect(again.json().data._id).toBe(conversationId);
    const fromCreator = await api(creator, 'POST', '/api/conversations', {
      source: 'user',
      sourceId: fan.user.id,
    });
    expect(fromCreator.statusCode).toBe(200);
    expect(fromCreator.json().data).toMatchObject({
      _id: conversationId,
      type: 'private',
      recipient: { _id: fan.user.id, isPerformer: false, isOnline: false },
      lastMessage: null,
      totalNotSeenMessages: 0,
      isBlocked: false,
      canSend: true,
      cannotSendReason: null,
    });
    const list = await api(fan, 'GET', '/api/conversations');
    expect(list.json()).toMatchObject({
      total: 1,
      data: [{ _id: conversationId, recipient: { _id: creator.user.id } }],
    });
  });

  it('refuses a conversation with yourself, by id or by username', async () => {
    const creator = await t.creator();
    const fan = await t.fan();
    for (const [who, body] of [
      [creator, { source: 'performer', sourceId: creator.user.id }],
      [creator, { source: 'user', sourceId: creator.user.username!.toUpperCase() }],
      [fan, { source: 'performer', sourceId: fan.user.id }],
      [fan, { source: 'user', sourceId: fan.user.username }],
    ] as const) {
      const res = await api(who, 'POST', '/api/conversations', body);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('You cannot message yourself.');
    }
  });

  it('lets a creator write first only to a fan who follows or subscribes', async () => {
    const creator = await t.creator();
    const stranger = await t.fan();
    const follower = await t.fan();
    const subscriber = await t.fan();
    await t.ctx.db.db.insert(follows).values({ followerId: follower.user.id, performerId: creator.user.id });
    await buildSubscription(t.ctx.db.db, { fanId: subscriber.user.id, performerId: creator.user.id });
    const start = (id: string) =>
      api(creator, 'POST', '/api/conversations', { source: 'user', sourceId: id });
    const refused = await start(stranger.user.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'You can message a fan once they follow you, subscribe to you or write to you.',
    );
    expect((await start(follower.user.id)).statusCode).toBe(200);
    expect((await start(subscriber.user.username!)).statusCode).toBe(200);
    const fanAsCreator = await api(stranger, 'POST', '/api/conversations', {
      source: 'user',
      sourceId: follower.user.id,
    });
    expect(fanAsCreator.statusCode).toBe(403);
  });

  it('answers 404 for an unknown or unlisted creator and 400 with a sentence for bad input', async () => {
    const fan = await t.fan();
    const hidden = await t.creator({ documentsVerified: false });
    for (const sourceId of ['nobody_here', hidden.user.id]) {
      const res = await api(fan, 'POST', '/api/conversations', { source: 'performer', sourceId });
      expect(res.statusCode).toBe(404);
    }
    const bad = await api(fan, 'POST', '/api/conversations', { source: 'admin', sourceId: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('The source must be performer or user.');
    expect((await api(fan, 'POST', '/api/conversations', { source: 'performer' })).statusCode).toBe(400);
    expect((await api(null, 'GET', '/api/conversations')).statusCode).toBe(401);
  });
});

describe('sending and reading', () => {
  it('stores plain trimmed text, shows it to both, and counts it unread for the recipient until read', async () => {
    const { fan, creator, conversationId } = await pair();
    const res = await send(fan, conversationId, '  hello <b>there</b> <3  ');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      conversationId,
      senderId: fan.user.id,
      type: 'text',
      text: 'hello there <3',
      isDeleted: false,
      isSale: false,
      isLocked: false,
      files: [],
      isSeen: false,
    });
    await send(fan, conversationId, 'second');
    expect(await unreadOf(creator)).toBe(2);
    expect(await unreadOf(fan)).toBe(0);
    const creatorList = (await api(creator, 'GET', '/api/conversations')).json();
    expect(creatorList.data[0]).toMatchObject({ totalNotSeenMessages: 2, lastMessage: { text: 'second' } });

    const read = await api(creator, 'POST', `/api/messages/read-all/${conversationId}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().data.totalNotSeenMessages).toBe(0);
    expect(await unreadOf(creator)).toBe(0);
    const seen = (await thread(fan, conversationId)).json();
    expect(seen.data.map((m: { isSeen: boolean }) => m.isSeen)).toEqual([true, true]);
  });

  it('refuses empty, too long and malformed messages with a sentence, never a 500', async () => {
    const { fan, conversationId } = await pair();
    const cases: [unknown, number, string][] = [
      [{ text: '   ' }, 400, 'Write a message or attach a photo or video.'],
      [{ text: 'x'.repeat(2001) }, 400, 'A message can be at most 2000 characters.'],
      [{ text: 5 }, 400, 'The message must be text.'],
      [{ text: '<i></i>' }, 422, 'Write a message or attach a photo or video.'],
      [{ text: 'hi', extra: 1 }, 400, ''],
      [{ text: 'hi', fileIds: ['nope'] }, 400, 'The file ids must be a valid id.'],
      [{ text: 'hi', fileIds: ['0190a0a0-0000-7000-8000-000000000001'] }, 422, 'Some files were not found'],
      [{ text: 'hi', price: 5 }, 422, 'Only creators can put a price on a message.'],
    ];
    for (const [body, status, message] of cases) {
      const res = await send(fan, conversationId, body as object);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toContain(message);
    }
    const raw = await t.request({
      method: 'POST',
      url: `/api/messages/conversations/${conversationId}`,
      token: fan.token,
      headers: { 'content-type': 'application/json' },
      payload: '{"text": ',
    });
    expect(raw.statusCode).toBe(400);
    expect((await thread(fan, 'not-an-id')).statusCode).toBe(400);
    expect((await thread(fan, conversationId, '?offset=-1')).statusCode).toBe(400);
    expect((await thread(fan, conversationId, '?after=zzz')).statusCode).toBe(400);
  });

  it('pages 25 from the newest, each page oldest first, and `after` gives what came later', async () => {
    const { fan, creator, conversationId } = await pair();
    for (let i = 1; i <= 30; i += 1) {
      const res = await send(i % 2 ? fan : creator, conversationId, `m${i}`);
      expect(res.statusCode).toBe(200);
    }
    const first = (await thread(fan, conversationId)).json();
    expect(first.total).toBe(30);
    expect(first.data).toHaveLength(messagesPageSize);
    expect(first.data.map((m: { text: string }) => m.text)).toEqual(
      Array.from({ length: 25 }, (_, i) => `m${i + 6}`),
    );
    const older = (await thread(fan, conversationId, '?offset=25')).json();
    expect(older.data.map((m: { text: string }) => m.text)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
    const m27 = first.data.find((m: { text: string }) => m.text === 'm27')._id;
    const after = (await thread(creator, conversationId, `?after=${m27}`)).json();
    expect(after.data.map((m: { text: string }) => m.text)).toEqual(['m28', 'm29', 'm30']);
    const last = first.data[24]._id;
    expect((await thread(creator, conversationId, `?after=${last}`)).json().data).toEqual([]);
  });

  it('limits sending per account (MESSAGE_RATE_LIMIT_PER_MINUTE, 30 here)', async () => {
    const { fan, conversationId } = await pair();
    // The limiter's window is wall-clock time and may turn over once during the run: 62 sends fill
    // one of the two windows past 30 whatever the moment.
    const answers = [];
    for (let i = 0; i < 62; i += 1) answers.push(await send(fan, conversationId, `n${i}`));
    const limited = answers.filter((r) => r.statusCode === 429);
    expect(limited.length).toBeGreaterThan(0);
    expect(answers.filter((r) => r.statusCode === 200).length).toBeLessThanOrEqual(60);
    expect(limited[0]!.json().message).toMatch(/\w+ \w+/);
  });

  it('lets only the sender delete a message; both then see "Message deleted!" without files', async () => {
    const { fan, creator, conversationId } = await pair();
    const id = (await send(fan, conversationId, 'oops')).json().data._id;
    const notYours = await api(creator, 'DELETE', `/api/messages/${id}`);
    expect(notYours.statusCode).toBe(403);
    expect(notYours.json().message).toBe('You can only delete your own messages.');
    const res = await api(fan, 'DELETE', `/api/messages/${id}`);
    expect(res.statusCode).toBe(200);
    for (const who of [fan, creator]) {
      const [message] = (await thread(who, conversationId)).json().data;
      expect(message).toMatchObject({ _id: id, text: deletedMessageText, isDeleted: true, files: [] });
    }
    const list = (await api(creator, 'GET', '/api/conversations')).json();
    expect(list.data[0].lastMessage).toMatchObject({ text: deletedMessageText, isDeleted: true });
  });

  it('finds conversations by the other person’s name or username', async () => {
    const fan = await t.fan();
    const luna = await t.creator({ name: 'Luna Searchable' });
    const other = await t.creator();
    for (const c of [luna, other]) {
      await api(fan, 'POST', '/api/conversations', { source: 'performer', sourceId: c.user.id });
    }
    const found = (await api(fan, 'GET', '/api/conversations/search?q=searchable')).json();
    expect(found.total).toBe(1);
    expect(found.data[0].recipient._id).toBe(luna.user.id);
    const percent = (await api(fan, 'GET', '/api/conversations/search?q=%25')).json();
    expect(percent.total).toBe(0);
  });
});

describe('who may write', () => {
  it('asks fans of a "subscribers only" creator to subscribe first; the creator may still write', async () => {
    const { fan, creator, conversationId } = await pair({
      creator: { profile: { requiresSubscriptionToMessage: true } },
    });
    const refused = await send(fan, conversationId, 'hi');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'This creator only accepts messages from subscribers. Subscribe to send a message.',
    );
    expect((await api(fan, 'GET', `/api/conversations/${conversationId}`)).json().data).toMatchObject({
      canSend: false,
      cannotSendReason: 'This creator only accepts messages from subscribers. Subscribe to send a message.',
    });
    expect((await send(creator, conversationId, 'subscribe to chat')).statusCode).toBe(200);
    await buildSubscription(t.ctx.db.db, {
      fanId: fan.user.id,
      performerId: creator.user.id,
      expiredAt: new Date(clock.now().getTime() + 86_400_000),
    });
    expect((await send(fan, conversationId, 'subscribed now')).statusCode).toBe(200);
  });

  it('refuses a fan the creator blocked (403 with a sentence) and shows the conversation as blocked', async () => {
    const { fan, creator, conversationId } = await pair();
    await t.ctx.db.db
      .insert(userBlocks)
      .values({ performerId: creator.user.id, targetId: fan.user.id, reason: 'Rude.' });
    const refused = await send(fan, conversationId, 'hello?');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You have been blocked by this creator, so you cannot message them.');
    expect((await api(fan, 'GET', `/api/conversations/${conversationId}`)).json().data).toMatchObject({
      isBlocked: true,
      canSend: false,
    });
    const creatorView = (await api(creator, 'GET', `/api/conversations/${conversationId}`)).json().data;
    expect(creatorView).toMatchObject({ isBlocked: true, canSend: false });
    const other = await t.creator();
    await t.ctx.db.db
      .insert(userBlocks)
      .values({ performerId: other.user.id, targetId: fan.user.id, reason: 'Rude.' });
    const start = await api(fan, 'POST', '/api/conversations', {
      source: 'performer',
      sourceId: other.user.id,
    });
    expect(start.statusCode).toBe(403);
  });

  it('gives each reason in order (pure rule)', () => {
    const viewer = { id: 'f', role: 'user' as const };
    const party = (over: object = {}) =>
      ({
        user: { id: 'c', role: 'performer', status: 'active', ...over },
        requiresSubscriptionToMessage: true,
      }) as never;
    const none = { blocked: new Set<string>(), subscribedTo: new Set<string>() };
    expect(decideSend(viewer, party(), { ...none, subscribedTo: new Set(['c']) }).canSend).toBe(true);
    expect(decideSend(viewer, party(), none).reason).toContain('only accepts messages from subscribers');
    expect(decideSend(viewer, party({ status: 'inactive' }), none).reason).toContain('not active');
    expect(decideSend(viewer, party(), { ...none, blocked: new Set(['c:f']) })).toMatchObject({
      canSend: false,
      isBlocked: true,
    });
  });

  it('strips tags and control characters but keeps a lone < (pure rule)', () => {
    expect(toPlainText('<script>alert(1)</script>hi\u0007 <3\n')).toBe('alert(1)hi <3');
  });
});

describe('a third person', () => {
  it('gets the same 404 as for a missing id on every route of the pair’s conversation', async () => {
    const { fan, conversationId } = await pair();
    const messageId = (await send(fan, conversationId, 'private')).json().data._id;
    const third = await t.fan();
    const missing = '0190a0a0-0000-7000-8000-00000000abcd';
    const routes = (
      conversation: string,
      message: string,
    ): [string, 'GET' | 'POST' | 'DELETE', object?][] => [
      [`/api/conversations/${conversation}`, 'GET'],
      [`/api/messages/conversations/${conversation}`, 'GET'],
      [`/api/messages/conversations/${conversation}`, 'POST', { text: 'hi' }],
      [`/api/messages/read-all/${conversation}`, 'POST'],
      [`/api/messages/${message}`, 'DELETE'],
      [`/api/messages/${message}/file/${missing}/status`, 'GET'],
    ];
    const real = routes(conversationId, messageId);
    const fake = routes(missing, missing);
    for (const [i, [path, method, body]] of real.entries()) {
      const theirs = await api(third, method, path, body);
      const nothing = await api(third, method, fake[i]![0], body);
      expect(theirs.statusCode, path).toBe(404);
      expect(theirs.json(), path).toEqual(nothing.json());
    }
    expect((await api(third, 'GET', '/api/conversations')).json().total).toBe(0);
    const afterOther = await thread(fan, conversationId, `?after=${missing}`);
    expect(afterOther.statusCode).toBe(404);
  });
});

describe('live events', () => {
  it("delivers a new message once to both members, the unread total with the recipient's, and nothing to others", async () => {
    const { fan, creator, conversationId } = await pair();
    const third = await t.fan();
    const [fanSocket, creatorSocket, thirdSocket] = await Promise.all([
      open(fan.token),
      open(creator.token),
      open(third.token),
    ]);
    const fanGot = collect(fanSocket, 'message/created');
    const creatorGot = collect(creatorSocket, 'message/created');
    const unread = collect(creatorSocket, 'message/unread-total');
    const leaked = collect(thirdSocket, 'message/created');
    const sent = (await send(fan, conversationId, 'live!')).json().data;
    await vi.waitFor(() => {
      expect(creatorGot).toHaveLength(1);
      expect(fanGot).toHaveLength(1);
    });
    // The recipient's total comes in its message's event (the statement that wrote it returned it);
    // the sender's event has none.
    expect(creatorGot[0]).toEqual({ conversationId, message: { ...sent }, unreadTotal: 1 });
    expect(fanGot[0]).not.toHaveProperty('unreadTotal');
    expect(unread).toEqual([]);
    expect(leaked).toEqual([]);

    const online = (await api(fan, 'GET', `/api/conversations/${conversationId}`)).json().data;
    expect(online.recipient.isOnline).toBe(true);

    const reads = collect(fanSocket, 'conversation/read');
    await api(creator, 'POST', `/api/messages/read-all/${conversationId}`);
    await vi.waitFor(() => expect(unread).toEqual([{ total: 0 }]));
    await vi.waitFor(() =>
      expect(reads).toEqual([{ conversationId, readerId: creator.user.id, totalNotSeenMessages: 0 }]),
    );

    const deleted = collect(creatorSocket, 'message/deleted');
    await api(fan, 'DELETE', `/api/messages/${sent._id}`);
    await vi.waitFor(() => expect(deleted).toHaveLength(1));
    expect(deleted[0]!.message).toMatchObject({ _id: sent._id, text: deletedMessageText, isDeleted: true });
    expect(leaked).toEqual([]);
  });
});

describe('hot queries', () => {
  const planOf = (build: (tx: Transaction) => { getSQL(): SQL }) =>
    t.ctx.db.db.transaction(async (tx) => {
      // A test table is tiny, so the planner would rather scan (or bitmap-scan and sort) it; forbid
      // that to see that the index gives the order by itself.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const result = (await tx.execute(sql`explain ${build(tx).getSQL()}`)) as unknown as {
        rows: { 'QUERY PLAN': string }[];
      };
      return result.rows.map((r) => r['QUERY PLAN']).join('\n');
    });

  it('reads a thread page backward along its index, without sorting', async () => {
    const { conversationId } = await pair();
    const plan = await planOf((tx) =>
      threadPageQuery(tx, { conversationId, offset: 0, limit: messagesPageSize }),
    );
    expect(plan).toMatch(/Index Scan Backward using messages_conversation_seq_idx/);
    expect(plan).not.toMatch(/Sort/);
  });

  it('reads a conversation list along the member activity index, without sorting or a sub-plan', async () => {
    const { fan } = await pair();
    const plan = await planOf((tx) =>
      conversationPageQuery(tx, { userId: fan.user.id, offset: 0, limit: 20 }),
    );
    expect(plan).toMatch(/conversation_members_user_activity_idx/);
    expect(plan).not.toMatch(/SubPlan|Sort/);
  });
});
