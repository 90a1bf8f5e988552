import { sql } from '@fanstage/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';

/*
 * A person's unread total (`message_unread_totals`) is kept in the statements that change a member's
 * unseen count, and the statement that writes a message returns the recipient's new total for the
 * live event. These tests hold it exact when messages and reads happen at once (on PostgreSQL they
 * run concurrently), and equal to the sum over the person's conversations afterwards.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { LOG_LEVEL: 'error', MESSAGE_RATE_LIMIT_PER_MINUTE: '1000' } });
});
afterAll(() => t.close());

type Account = Awaited<ReturnType<TestApp['fan']>>;

const send = (who: Account, conversationId: string, text: string) =>
  t.request({
    method: 'POST',
    url: `/api/messages/conversations/${conversationId}`,
    token: who.token,
    payload: { text },
  });

const totalOf = async (who: Account) =>
  (await t.request({ url: '/api/messages/total-unread-messages', token: who.token })).json().data
    .total as number;

/** People whose kept total differs from what their conversations hold (none when all is well). */
async function drifted(): Promise<unknown[]> {
  const result = (await t.ctx.db.db.execute(sql`
    select u.id, coalesce(k.total, 0) as kept,
      coalesce((select sum(m.unread_count) from conversation_members m where m.user_id = u.id), 0)::int as held
    from users u left join message_unread_totals k on k.user_id = u.id
    where coalesce(k.total, 0) <> coalesce((select sum(m.unread_count) from conversation_members m where m.user_id = u.id), 0)
  `)) as unknown as { rows: unknown[] };
  return result.rows;
}

describe('the unread total kept with the messages', () => {
  it('eight fans writing to one creator at once announce 1 to 8, each once, and the total is 8', async () => {
    const creator = await t.creator();
    const fans = await Promise.all(Array.from({ length: 8 }, () => t.fan()));
    const conversations = await Promise.all(fans.map((fan) => t.conversation(fan, creator)));
    expect(await totalOf(creator)).toBe(0);

    const toUser = vi.spyOn(t.ctx.realtime, 'toUser');
    const sent = await Promise.all(fans.map((fan, i) => send(fan, conversations[i]!, `hi ${i}`)));
    for (const res of sent) expect(res.statusCode, res.body).toBe(200);
    const announced = toUser.mock.calls
      .filter(([to, name]) => to === creator.user.id && name === 'message/created')
      .map(([, , payload]) => (payload as { unreadTotal?: number }).unreadTotal);
    toUser.mockRestore();
    expect(announced.sort((a, b) => a! - b!)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(await totalOf(creator)).toBe(8);
    // The senders' totals did not move.
    for (const fan of fans) expect(await totalOf(fan)).toBe(0);
    expect(await drifted()).toEqual([]);
  });

  it('reading a conversation takes off what it held while messages keep coming in the others', async () => {
    const creator = await t.creator();
    const fans = await Promise.all(Array.from({ length: 4 }, () => t.fan()));
    const conversations = await Promise.all(fans.map((fan) => t.conversation(fan, creator)));
    for (const [i, fan] of fans.entries()) {
      for (let n = 0; n < 3; n++) expect((await send(fan, conversations[i]!, `m${n}`)).statusCode).toBe(200);
    }
    expect(await totalOf(creator)).toBe(12);

    const toUser = vi.spyOn(t.ctx.realtime, 'toUser');
    const [read, ...more] = await Promise.all([
      t.request({
        method: 'POST',
        url: `/api/messages/read-all/${conversations[0]}`,
        token: creator.token,
      }),
      ...fans.slice(1).map((fan, i) => send(fan, conversations[i + 1]!, 'one more')),
    ]);
    expect(read!.statusCode, read!.body).toBe(200);
    for (const res of more) expect(res.statusCode).toBe(200);
    const totals = toUser.mock.calls
      .filter(([to, name]) => to === creator.user.id && name === 'message/unread-total')
      .map(([, , payload]) => (payload as { total: number }).total);
    toUser.mockRestore();
    // 12 − 3 read + 3 new: the read announced what stood when it ran (between 9 and 12).
    expect(totals).toHaveLength(1);
    expect(totals[0]).toBeGreaterThanOrEqual(9);
    expect(totals[0]).toBeLessThanOrEqual(12);
    expect(await totalOf(creator)).toBe(12);
    expect(await drifted()).toEqual([]);

    // Reading one with nothing unseen changes nothing and announces the total as it is.
    const again = await t.request({
      method: 'POST',
      url: `/api/messages/read-all/${conversations[0]}`,
      token: creator.token,
    });
    expect(again.statusCode).toBe(200);
    expect(await totalOf(creator)).toBe(12);
    for (const conversationId of conversations.slice(1)) {
      await t.request({
        method: 'POST',
        url: `/api/messages/read-all/${conversationId}`,
        token: creator.token,
      });
    }
    expect(await totalOf(creator)).toBe(0);
    expect(await drifted()).toEqual([]);
  });

  it('a person with no unread row answers 0, and another member cannot read or lower it', async () => {
    const creator = await t.creator();
    const fan = await t.fan();
    const stranger = await t.fan();
    const conversationId = await t.conversation(fan, creator);
    expect(await totalOf(fan)).toBe(0);
    expect((await send(creator, conversationId, 'welcome')).statusCode).toBe(200);
    expect(await totalOf(fan)).toBe(1);
    const theirs = await t.request({
      method: 'POST',
      url: `/api/messages/read-all/${conversationId}`,
      token: stranger.token,
    });
    expect(theirs.statusCode).toBe(404);
    expect(await totalOf(fan)).toBe(1);
    expect(await totalOf(stranger)).toBe(0);
    expect(await drifted()).toEqual([]);
  });
});
