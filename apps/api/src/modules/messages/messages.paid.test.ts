import { mkdtemp, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverEvents } from '@fanstage/contract';
import { earnings, eq, massMessages, messages, purchases } from '@fanstage/db';
import { buildSubscription } from '@fanstage/db/factories';
import sharp from 'sharp';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp, TestClock } from '../../../test/helpers';
import { seedDemoMessages } from '../../seed/demo-messages';
import { resolveMediaTools, runTool } from '../media/media.ffmpeg';
import { processMediaFile } from '../media/media.service';
import { reconcileLedger } from '../wallet';
import { massSendJobName, runDueMassMessages, runMassMessage } from './messages.mass';
import { sendWelcomeMessage } from './messages.welcome';

/*
 * Money and many recipients: paid photo messages (locked until that fan buys, once), tips from a
 * chat, mass messages sent once per fan however many workers run, and the welcome message.
 */

const clock = new TestClock();
let t: TestApp;
let url: string;
const sockets: Socket[] = [];
type Account = Awaited<ReturnType<TestApp['fan']>>;
let photo: Buffer;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { QUEUE_POLL_SECONDS: '0.5' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c06' } })
    .png()
    .toBuffer();
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  expect((await reconcileLedger(t.ctx.db.db)).problems).toEqual([]);
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

const balanceOf = async (who: Account) =>
  (await api(who, 'GET', '/api/users/me')).json().data.balance as number;

async function uploadPhoto(who: Account, path = '/api/messages/public/file/photo', bytes: Buffer = photo) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'image/png' }), 'photo.png');
  return t.request({ method: 'POST', url: path, token: who.token, payload: form });
}

async function pair() {
  const fan = await t.fan();
  const creator = await t.creator();
  const res = await api(fan, 'POST', '/api/conversations', {
    source: 'performer',
    sourceId: creator.user.id,
  });
  return { fan, creator, conversationId: res.json().data._id as string };
}

const send = (who: Account, conversationId: string, body: object) =>
  api(who, 'POST', `/api/messages/conversations/${conversationId}`, body);
const threadOf = async (who: Account, conversationId: string) =>
  (await api(who, 'GET', `/api/messages/conversations/${conversationId}`)).json().data as {
    _id: string;
    type: string;
    text: string;
    isLocked: boolean;
    isBought: boolean;
    price: number;
    tipAmount: number | null;
    files: { _id: string; preview?: string; urls?: { full?: string } }[];
  }[];

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

describe('paid messages', () => {
  it('is locked with a blurred preview for the fan until bought, then open for that fan only', async () => {
    const { fan, creator, conversationId } = await pair();
    const upload = await uploadPhoto(creator);
    expect(upload.statusCode).toBe(200);
    expect(upload.json().data).toMatchObject({ kind: 'message-photo', status: 'ready' });
    const fileId = upload.json().data._id;
    const sent = await send(creator, conversationId, { text: 'just for you', fileIds: [fileId], price: 5 });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toMatchObject({ type: 'photo', isSale: true, price: 5, isLocked: false });
    const messageId = sent.json().data._id;
    const creatorUrl = sent.json().data.files[0].urls.full as string;

    const [locked] = await threadOf(fan, conversationId);
    expect(locked).toMatchObject({ text: 'just for you', isLocked: true, isBought: false, price: 5 });
    expect(locked!.files[0]!.preview).toMatch(/^data:image\/webp;base64,/);
    expect(locked!.files[0]!.urls).toBeUndefined();
    expect(JSON.stringify(locked)).not.toContain('/api/files/private');

    // Guessing the file's address without a signature, or with another's, gets nothing.
    const key = new URL(creatorUrl, 'http://x').pathname;
    expect((await t.request({ url: key, token: fan.token })).statusCode).toBeGreaterThanOrEqual(400);
    expect((await t.request({ url: `${key}?exp=99999999999&sig=abc` })).statusCode).toBeGreaterThanOrEqual(
      400,
    );

    await t.fund(fan.user, 20);
    const socket = await open(fan.token);
    const balances: { balance: number }[] = [];
    socket.on('wallet/balance', (payload: { balance: number }) => balances.push(payload));
    const bought = await api(fan, 'POST', `/api/wallet/charges/message/${messageId}`);
    expect(bought.statusCode).toBe(200);
    expect(bought.json().data).toMatchObject({
      type: 'message',
      targetId: messageId,
      amount: 5,
      balance: 15,
    });
    await vi.waitFor(() => expect(balances).toEqual([{ balance: 15 }]));

    const [open_] = await threadOf(fan, conversationId);
    expect(open_).toMatchObject({ isLocked: false, isBought: true });
    const url = open_!.files[0]!.urls!.full!;
    expect((await t.request({ url })).statusCode).toBe(200);

    const again = await api(fan, 'POST', `/api/wallet/charges/message/${messageId}`);
    expect(again.statusCode).toBe(409);
    expect(await balanceOf(fan)).toBe(15);
    const [earning] = await t.ctx.db.db.select().from(earnings).where(eq(earnings.sourceId, messageId));
    expect(earning).toMatchObject({ sourceType: 'message', grossCents: 500, netCents: 400 });

    const own = await api(creator, 'POST', `/api/wallet/charges/message/${messageId}`);
    expect(own.statusCode).toBe(422);
    const third = await t.fan();
    await t.fund(third.user, 20);
    const stranger = await api(third, 'POST', `/api/wallet/charges/message/${messageId}`);
    expect(stranger.statusCode).toBe(404);
    expect(await balanceOf(third)).toBe(20);
  });

  it('keeps the same photo locked for another fan who did not buy their copy', async () => {
    const creator = await t.creator();
    const [a, b] = [await t.fan(), await t.fan()];
    const fileId = (await uploadPhoto(creator)).json().data._id;
    const ids: Record<string, string> = {};
    for (const fan of [a, b]) {
      await api(fan, 'POST', '/api/conversations', { source: 'performer', sourceId: creator.user.id });
      const conversation = (await api(creator, 'GET', '/api/conversations')).json().data[0]._id;
      ids[fan.user.id] = conversation;
      await send(creator, conversation, { fileIds: [fileId], price: 3 });
    }
    await t.fund(a.user, 10);
    const [messageOfA] = await threadOf(a, ids[a.user.id]!);
    expect((await api(a, 'POST', `/api/wallet/charges/message/${messageOfA!._id}`)).statusCode).toBe(200);
    expect((await threadOf(a, ids[a.user.id]!))[0]!.isLocked).toBe(false);
    expect((await threadOf(b, ids[b.user.id]!))[0]!.isLocked).toBe(true);
  });

  it('refuses a price without files, a price from a fan, a failed upload kind and a deleted paid message', async () => {
    const { fan, creator, conversationId } = await pair();
    const noFiles = await send(creator, conversationId, { text: 'pay me', price: 5 });
    expect(noFiles.statusCode).toBe(422);
    expect(noFiles.json().message).toContain('A paid message needs a photo or video');
    const fanFile = (await uploadPhoto(fan)).json().data._id;
    const fanPrice = await send(fan, conversationId, { fileIds: [fanFile], price: 5 });
    expect(fanPrice.statusCode).toBe(422);
    expect((await send(fan, conversationId, { fileIds: [fanFile] })).statusCode).toBe(200);
    const notImage = await uploadPhoto(
      fan,
      '/api/messages/private/file',
      Buffer.from('just text, not a video'),
    );
    expect(notImage.statusCode).toBe(415);
    const viaGeneric = await uploadPhoto(creator, '/api/messages/private/file');
    expect(viaGeneric.json().data.kind).toBe('message-photo');
    const paid = await send(creator, conversationId, { fileIds: [viaGeneric.json().data._id], price: 2 });
    const status = await api(
      fan,
      'GET',
      `/api/messages/${paid.json().data._id}/file/${viaGeneric.json().data._id}/status`,
    );
    expect(status.json().data).toMatchObject({ status: 'ready' });
    await api(creator, 'DELETE', `/api/messages/${paid.json().data._id}`);
    await t.fund(fan.user, 10);
    const deleted = await api(fan, 'POST', `/api/wallet/charges/message/${paid.json().data._id}`);
    expect(deleted.statusCode).toBe(422);
    expect(await balanceOf(fan)).toBe(10);
    expect((await t.ctx.db.db.select().from(purchases).where(eq(purchases.fanId, fan.user.id))).length).toBe(
      0,
    );
  });
});

describe('tips in a chat', () => {
  it('adds a "tipped" message to the conversation in the tip’s transaction and delivers it live', async () => {
    const { fan, creator, conversationId } = await pair();
    await t.fund(fan.user, 50);
    const creatorSocket = await open(creator.token);
    const got: unknown[] = [];
    creatorSocket.on('message/created', (payload: unknown) => got.push(payload));
    const res = await api(fan, 'POST', `/api/wallet/charges/tip/${creator.user.id}`, {
      amount: 10,
      conversationId,
    });
    expect(res.statusCode).toBe(200);
    const [tip] = await threadOf(creator, conversationId);
    expect(tip).toMatchObject({ type: 'tip', text: 'tipped 10.00', tipAmount: 10 });
    await vi.waitFor(() => expect(got).toHaveLength(1));
  });

  it('refuses a conversation that is not the tipper’s with that creator and moves no money', async () => {
    const { conversationId } = await pair();
    const fan = await t.fan();
    const creator = await t.creator();
    await t.fund(fan.user, 50);
    const res = await api(fan, 'POST', `/api/wallet/charges/tip/${creator.user.id}`, {
      amount: 10,
      conversationId,
    });
    expect(res.statusCode).toBe(404);
    expect(await balanceOf(fan)).toBe(50);
  });
});

describe('mass messages', () => {
  async function audience(creatorId: string) {
    const future = new Date(clock.now().getTime() + 7 * 86_400_000);
    const past = new Date(clock.now().getTime() - 86_400_000);
    const active = [await t.fan(), await t.fan()];
    const lapsed = await t.fan();
    for (const fan of active)
      await buildSubscription(t.ctx.db.db, { fanId: fan.user.id, performerId: creatorId, expiredAt: future });
    await buildSubscription(t.ctx.db.db, { fanId: lapsed.user.id, performerId: creatorId, expiredAt: past });
    return { active, lapsed };
  }
  const messagesOf = (massMessageId: string) =>
    t.ctx.db.db.select().from(messages).where(eq(messages.massMessageId, massMessageId));

  it('sends each fan once even when two workers run the same mass message at the same time', async () => {
    const creator = await t.creator();
    const { active, lapsed } = await audience(creator.user.id);
    const at = new Date(clock.now().getTime() + 3_600_000).toISOString();
    const created = await api(creator, 'POST', '/api/messages/mass', {
      text: 'hello all',
      audience: 'subscribers',
      scheduledAt: at,
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().data).toMatchObject({ status: 'scheduled', recipientsCount: 0 });
    const id = created.json().data._id;
    await t.ctx.db.db.update(massMessages).set({ status: 'sending' }).where(eq(massMessages.id, id));
    const [fanSocket, creatorSocket] = await Promise.all([open(active[0]!.token), open(creator.token)]);
    const fanGot: unknown[] = [];
    const creatorGot: unknown[] = [];
    fanSocket.on('message/created', (payload: unknown) => fanGot.push(payload));
    creatorSocket.on('message/created', (payload: unknown) => creatorGot.push(payload));
    const reached = await Promise.all([
      runMassMessage(t.ctx, { massMessageId: id }),
      runMassMessage(t.ctx, { massMessageId: id }),
    ]);
    expect(reached[0]! + reached[1]!).toBe(3);
    const sent = await messagesOf(id);
    expect(sent).toHaveLength(3);
    const list = (await api(creator, 'GET', '/api/messages/mass')).json();
    expect(list.data[0]).toMatchObject({ _id: id, status: 'sent', recipientsCount: 3 });
    for (const fan of [...active, lapsed]) {
      const conversations = (await api(fan, 'GET', '/api/conversations')).json();
      expect(conversations.data[0]).toMatchObject({
        totalNotSeenMessages: 1,
        lastMessage: { text: 'hello all' },
      });
    }
    expect(await runMassMessage(t.ctx, { massMessageId: id })).toBe(0);
    await vi.waitFor(() => expect(fanGot).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(fanGot).toHaveLength(1);
    expect(creatorGot).toEqual([]);
  });

  it('sends only to active subscribers when asked, through the queue', async () => {
    const creator = await t.creator();
    const { lapsed } = await audience(creator.user.id);
    const created = await api(creator, 'POST', '/api/messages/mass', {
      text: 'active only',
      audience: 'active-subscribers',
    });
    expect(created.json().data.status).toBe('sending');
    const id = created.json().data._id;
    await vi.waitFor(async () => expect((await messagesOf(id)).length).toBe(2), {
      timeout: 30_000,
      interval: 250,
    });
    expect((await api(lapsed, 'GET', '/api/conversations')).json().total).toBe(0);
    expect(massSendJobName).toBe('messages.mass-send');
  });

  it('sends a scheduled one when its time comes, and a cancelled one never', async () => {
    const creator = await t.creator();
    const follower = await t.fan();
    await api(follower, 'POST', `/api/follows/${creator.user.id}`);
    const at = new Date(clock.now().getTime() + 3_600_000).toISOString();
    const keep = (
      await api(creator, 'POST', '/api/messages/mass', {
        text: 'later',
        audience: 'followers',
        scheduledAt: at,
      })
    ).json().data;
    const drop = (
      await api(creator, 'POST', '/api/messages/mass', {
        text: 'never',
        audience: 'followers',
        scheduledAt: at,
      })
    ).json().data;
    const cancelled = await api(creator, 'DELETE', `/api/messages/mass/${drop._id}`);
    expect(cancelled.json().data.status).toBe('cancelled');
    expect((await api(creator, 'DELETE', `/api/messages/mass/${drop._id}`)).statusCode).toBe(422);
    expect(await runDueMassMessages(t.ctx)).toEqual([]);
    clock.advance(3_600_000);
    expect(await runDueMassMessages(t.ctx)).toEqual([keep._id]);
    expect(await messagesOf(keep._id)).toHaveLength(1);
    expect(await messagesOf(drop._id)).toHaveLength(0);
    expect((await api(creator, 'DELETE', `/api/messages/mass/${keep._id}`)).statusCode).toBe(422);
    const other = await t.creator();
    expect((await api(other, 'DELETE', `/api/messages/mass/${keep._id}`)).statusCode).toBe(404);
    const fan = await t.fan();
    expect(
      (await api(fan, 'POST', '/api/messages/mass', { text: 'x', audience: 'followers' })).statusCode,
    ).toBe(403);
    const past = await api(creator, 'POST', '/api/messages/mass', {
      text: 'x',
      audience: 'followers',
      scheduledAt: new Date(clock.now().getTime() - 1000).toISOString(),
    });
    expect(past.statusCode).toBe(422);
    expect(
      (await api(creator, 'POST', '/api/messages/mass', { text: 'x', audience: 'everyone' })).json().message,
    ).toContain('The audience must be subscribers, active-subscribers or followers.');
  });
});

describe('welcome message', () => {
  it('goes once to a fan on follow and subscribe, as the creator set it', async () => {
    const creator = await t.creator();
    const put = await api(creator, 'PUT', '/api/messages/welcome', {
      enabled: true,
      text: ' Welcome! ',
      trigger: 'both',
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toMatchObject({
      enabled: true,
      text: 'Welcome!',
      trigger: 'both',
      price: 0,
      files: [],
    });
    expect((await api(creator, 'GET', '/api/messages/welcome')).json().data.text).toBe('Welcome!');
    const fan = await t.fan();
    await api(fan, 'POST', `/api/follows/${creator.user.id}`);
    await api(fan, 'DELETE', `/api/follows/${creator.user.id}`);
    await api(fan, 'POST', `/api/follows/${creator.user.id}`);
    await sendWelcomeMessage(t.ctx, {
      performerId: creator.user.id,
      fanId: fan.user.id,
      trigger: 'subscribe',
    });
    const list = (await api(fan, 'GET', '/api/conversations')).json();
    expect(list.total).toBe(1);
    const thread = await threadOf(fan, list.data[0]._id);
    expect(thread.map((m) => m.text)).toEqual(['Welcome!']);
  });

  it('waits for the trigger it was set for, and is off without text or files', async () => {
    const creator = await t.creator();
    const fan = await t.fan();
    await api(fan, 'POST', `/api/follows/${creator.user.id}`);
    expect((await api(fan, 'GET', '/api/conversations')).json().total).toBe(0);
    await api(creator, 'PUT', '/api/messages/welcome', {
      enabled: true,
      text: 'Thanks for subscribing',
      trigger: 'subscribe',
    });
    const follower = await t.fan();
    await api(follower, 'POST', `/api/follows/${creator.user.id}`);
    expect((await api(follower, 'GET', '/api/conversations')).json().total).toBe(0);
    await t.fund(follower.user, 20);
    const subscribed = await api(follower, 'POST', '/api/payment/subscribe/performers', {
      performerId: creator.user.id,
      type: 'monthly',
      paymentMethod: 'wallet',
    });
    expect(subscribed.statusCode).toBe(200);
    expect((await api(follower, 'GET', '/api/conversations')).json().data[0].lastMessage.text).toBe(
      'Thanks for subscribing',
    );
    const empty = await api(creator, 'PUT', '/api/messages/welcome', { enabled: true, text: '' });
    expect(empty.statusCode).toBe(422);
    expect((await api(fan, 'GET', '/api/messages/welcome')).statusCode).toBe(403);
  });
});

describe('demo messages', () => {
  it('gives Ava two conversations, one with a paid photo still locked, once however often it runs', async () => {
    const ava = await t.fan({ username: 'ava.thompson' });
    const luna = await t.creator({ username: 'luna.rivers' });
    await t.creator({ username: 'mateo.alves' });
    await seedDemoMessages(t.ctx);
    await seedDemoMessages(t.ctx);
    const list = (await api(ava, 'GET', '/api/conversations')).json();
    expect(list.total).toBe(2);
    const withLuna = list.data.find((c: { recipient: { _id: string } }) => c.recipient._id === luna.user.id);
    expect(withLuna.totalNotSeenMessages).toBe(1);
    const thread = await threadOf(ava, withLuna._id);
    expect(thread).toHaveLength(5);
    expect(thread[4]).toMatchObject({ type: 'photo', isLocked: true, price: 4.99 });
    expect((await threadOf(luna, withLuna._id))[4]!.files[0]!.urls?.full).toBeDefined();
  });
});

describe('video messages', () => {
  it('transcodes a chat video, shows its status to both members, and keeps a paid one without a URL for the fan', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fanstage-message-video-'));
    try {
      const clip = join(dir, 'clip.mp4');
      await runTool(resolveMediaTools({}).ffmpeg, [
        ...[
          '-hide_banner',
          '-v',
          'error',
          '-y',
          '-f',
          'lavfi',
          '-i',
          'testsrc=duration=2:size=160x120:rate=15',
        ],
        ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', clip],
      ]);
      const { fan, creator, conversationId } = await pair();
      const form = new FormData();
      form.append('file', new Blob([await readFile(clip)], { type: 'video/mp4' }), 'clip.mp4');
      const upload = await t.request({
        method: 'POST',
        url: '/api/messages/private/file/video',
        token: creator.token,
        payload: form,
      });
      expect(upload.statusCode).toBe(200);
      expect(upload.json().data).toMatchObject({ kind: 'message-video', status: 'uploaded' });
      const fileId = upload.json().data._id;
      const sent = await send(creator, conversationId, { fileIds: [fileId], price: 2 });
      expect(sent.json().data.type).toBe('video');
      const messageId = sent.json().data._id;
      await processMediaFile(t.ctx, { fileId, signal: new AbortController().signal });
      for (const who of [fan, creator]) {
        const status = await api(who, 'GET', `/api/messages/${messageId}/file/${fileId}/status`);
        expect(status.json().data).toMatchObject({ _id: fileId, status: 'ready' });
      }
      const [locked] = await threadOf(fan, conversationId);
      expect(locked).toMatchObject({ isLocked: true });
      expect(locked!.files[0]!.urls).toBeUndefined();
      const [own] = await threadOf(creator, conversationId);
      expect((own!.files[0]!.urls as { video?: string }).video).toMatch(/^\/api\/files\/private\//);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
