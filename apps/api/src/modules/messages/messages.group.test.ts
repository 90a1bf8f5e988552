import { eq, performerProfiles, sql, userBlocks, users } from '@fanstage/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { findMemberView, findSendFacts, insertMessage } from './messages.repo';

/*
 * Text messages sent while a statement is writing others go together in the next statement
 * (messages.repo.ts, `textMessageGroup`). These tests send many at once and hold what a message
 * written alone guarantees: each conversation numbered 1..n without a gap in the order the sends
 * arrived, its last message the newest, every member's and recipient's unseen counts exact, and a
 * bad message failing only its own send.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { LOG_LEVEL: 'error', MESSAGE_RATE_LIMIT_PER_MINUTE: '1000' } });
});
afterAll(() => t.close());

type Account = Awaited<ReturnType<TestApp['fan']>>;

const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
  ((await t.ctx.db.db.execute(query)) as unknown as { rows: T[] }).rows;

describe('text messages written in groups', () => {
  it('forty sends at once in four conversations keep each one numbered in order and the counts exact', async () => {
    const creator = await t.creator();
    const fans = await Promise.all(Array.from({ length: 4 }, () => t.fan()));
    const conversations = await Promise.all(fans.map((fan) => t.conversation(fan, creator)));
    const statementsBefore = t.ctx.db.statements();
    const now = new Date();
    // Sent in one turn: the first goes alone, the rest wait for it and go together.
    const written = await Promise.all(
      Array.from({ length: 40 }, (_, k) =>
        insertMessage(t.ctx.db, {
          conversationId: conversations[k % 4]!,
          senderId: fans[k % 4]!.user.id,
          recipientId: creator.user.id,
          type: 'text',
          // Quotes, backslashes, braces and a newline travel unchanged through the group's JSON.
          text: `message ${k} "quoted" \\ {braces}, 'single'\nline two ✓`,
          priceCents: 0,
          fileIds: [],
          now: new Date(now.getTime() + k),
        }),
      ),
    );
    // Grouped: far fewer statements than messages.
    expect(t.ctx.db.statements() - statementsBefore).toBeLessThan(10);
    for (const [k, message] of written.entries()) {
      expect(message.text).toBe(`message ${k} "quoted" \\ {braces}, 'single'\nline two ✓`);
      expect(message.conversationId).toBe(conversations[k % 4]);
      expect(message.createdAt.getTime()).toBe(now.getTime() + k);
    }
    // Each conversation numbered 1 to 10 without a gap or a repeat. Within a group they go in the order
    // sent; two groups run at once (two lanes), so sends in flight together may be numbered in either
    // order, as concurrent sends always could.
    const inConversation = (id: string) =>
      written.filter((m) => m.conversationId === id).sort((a, b) => a.seq - b.seq);
    for (const id of conversations) {
      expect(inConversation(id).map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    }
    // Each message answers the recipient's total just after it: every total from 1 to 40 once.
    expect(written.map((m) => m.recipientUnreadTotal).sort((a, b) => a! - b!)).toEqual(
      Array.from({ length: 40 }, (_, k) => k + 1),
    );

    const kept = await rowsOf<{
      id: string;
      last_seq: number;
      last_message_id: string;
      last_message_at: Date;
    }>(
      sql`select id, last_seq, last_message_id, last_message_at from conversations where id in ${conversations}`,
    );
    for (const row of kept) {
      const newest = inConversation(row.id).at(-1)!;
      expect(Number(row.last_seq)).toBe(10);
      expect(row.last_message_id).toBe(newest.id);
      expect(new Date(row.last_message_at).getTime()).toBe(newest.createdAt.getTime());
    }
    const members = await rowsOf<{ user_id: string; unread_count: number; last_activity_at: Date }>(
      sql`select user_id, unread_count, last_activity_at from conversation_members where conversation_id in ${conversations}`,
    );
    for (const m of members) {
      expect(Number(m.unread_count)).toBe(m.user_id === creator.user.id ? 10 : 0);
    }
    const [total] = await rowsOf<{ total: number }>(
      sql`select total from message_unread_totals where user_id = ${creator.user.id}`,
    );
    expect(Number(total!.total)).toBe(40);

    // Through the API the thread reads in its numbers' order.
    const page = await t.request({
      url: `/api/messages/conversations/${conversations[0]}`,
      token: creator.token,
    });
    expect(page.statusCode, page.body).toBe(200);
    expect((page.json().data as Array<{ _id: string }>).map((m) => m._id)).toEqual(
      inConversation(conversations[0]!).map((m) => m.id),
    );
  });

  it('a message for a conversation that is gone fails alone; the others of its group are written', async () => {
    const creator = await t.creator();
    const fans = await Promise.all(Array.from({ length: 3 }, () => t.fan()));
    const conversations = await Promise.all(fans.map((fan) => t.conversation(fan, creator)));
    const gone = '01a2223b-0000-7000-8000-000000000000';
    const values = (conversationId: string, k: number) => ({
      conversationId,
      senderId: fans[k % 3]!.user.id,
      recipientId: creator.user.id,
      type: 'text' as const,
      text: `m${k}`,
      priceCents: 0,
      fileIds: [],
      now: new Date(),
    });
    const outcomes = await Promise.allSettled([
      ...Array.from({ length: 6 }, (_, k) => insertMessage(t.ctx.db, values(conversations[k % 3]!, k))),
      insertMessage(t.ctx.db, values(gone, 6)),
      // A sender that does not exist breaks the group's statement as a whole: each is then written alone.
      insertMessage(t.ctx.db, { ...values(conversations[0]!, 7), senderId: gone }),
      insertMessage(t.ctx.db, values(conversations[1]!, 8)),
    ]);
    expect(outcomes.slice(0, 6).every((o) => o.status === 'fulfilled')).toBe(true);
    expect(outcomes[6]!.status).toBe('rejected');
    expect(outcomes[7]!.status).toBe('rejected');
    expect(outcomes[8]!.status).toBe('fulfilled');

    const counts = await rowsOf<{ conversation_id: string; n: number; max: number }>(
      sql`select conversation_id, count(*)::int as n, max(seq) as max from messages
          where conversation_id in ${conversations} group by conversation_id`,
    );
    const byId = new Map(counts.map((c) => [c.conversation_id, c]));
    // 2 each from the six, and one more in the second: numbered without a gap.
    expect(Number(byId.get(conversations[0]!)!.n)).toBe(2);
    expect(Number(byId.get(conversations[0]!)!.max)).toBe(2);
    expect(Number(byId.get(conversations[1]!)!.n)).toBe(3);
    expect(Number(byId.get(conversations[1]!)!.max)).toBe(3);
    const [total] = await rowsOf<{ total: number }>(
      sql`select total from message_unread_totals where user_id = ${creator.user.id}`,
    );
    expect(Number(total!.total)).toBe(7);
    const [gap] = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from conversations c where c.id in ${conversations}
          and c.last_seq <> (select count(*) from messages m where m.conversation_id = c.id)`,
    );
    expect(Number(gap!.n)).toBe(0);
  });

  it('views looked up together answer each asker alone: a stranger in the same group gets 404, a member 200', async () => {
    const creator = await t.creator();
    const fans = await Promise.all(Array.from({ length: 6 }, () => t.fan()));
    const strangers = await Promise.all(Array.from({ length: 3 }, () => t.fan()));
    const conversations = await Promise.all(fans.map((fan) => t.conversation(fan, creator)));
    const sendAs = (who: Account, conversationId: string, text: string) =>
      t.request({
        method: 'POST',
        url: `/api/messages/conversations/${conversationId}`,
        token: who.token,
        payload: { text },
      });
    // The creator blocks one fan: only that fan's view says so.
    await t.ctx.db.db
      .insert(userBlocks)
      .values({ performerId: creator.user.id, targetId: fans[1]!.user.id, reason: 'test' });
    // Looked up at once, straight from the repository: they go in groups.
    const before = t.ctx.db.statements();
    const now = new Date();
    const views = await Promise.all([
      ...fans.map((fan, k) =>
        findMemberView(t.ctx.db, { conversationId: conversations[k]!, viewerId: fan.user.id, now }),
      ),
      ...strangers.map((stranger, k) =>
        findMemberView(t.ctx.db, { conversationId: conversations[k]!, viewerId: stranger.user.id, now }),
      ),
      findMemberView(t.ctx.db, { conversationId: conversations[5]!, viewerId: creator.user.id, now }),
    ]);
    expect(t.ctx.db.statements() - before).toBeLessThan(5);
    for (const [k, view] of views.slice(0, 6).entries()) {
      expect(view!.conversation.id).toBe(conversations[k]);
      expect(view!.me.userId).toBe(fans[k]!.user.id);
      expect(view!.other.userId).toBe(creator.user.id);
      expect(view!.user.id).toBe(creator.user.id);
      expect(view!.blockedViewer).toBe(k === 1);
      expect(view!.blockedOther).toBe(false);
    }
    expect(views.slice(6, 9)).toEqual([null, null, null]);
    expect(views[9]!.me.userId).toBe(creator.user.id);
    expect(views[9]!.other.userId).toBe(fans[5]!.user.id);
    expect(views[9]!.user.id).toBe(fans[5]!.user.id);
    await t.ctx.db.db.delete(userBlocks).where(eq(userBlocks.performerId, creator.user.id));

    // And through the API, sent at once.
    const answers = await Promise.all([
      ...fans.map((fan, k) => sendAs(fan, conversations[k]!, `mine ${k}`)),
      ...strangers.map((stranger, k) => sendAs(stranger, conversations[k]!, `not mine ${k}`)),
      // The creator answers in one of them at the same moment.
      sendAs(creator, conversations[5]!, 'from the creator'),
    ]);
    for (const res of answers.slice(0, 6)) expect(res.statusCode, res.body).toBe(200);
    for (const res of answers.slice(6, 9)) expect(res.statusCode, res.body).toBe(404);
    expect(answers[9]!.statusCode, answers[9]!.body).toBe(200);
    for (const [k, res] of answers.slice(0, 6).entries()) {
      expect(res.json().data).toMatchObject({ text: `mine ${k}`, conversationId: conversations[k] });
    }
    const [none] = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from messages where text like 'not mine%'`,
    );
    expect(Number(none!.n)).toBe(0);
  });

  it('send facts looked up together answer each sender alone: blocks, an inactive or subscribers-only creator, strangers', async () => {
    const creator = await t.creator();
    const strict = await t.creator();
    const fans = await Promise.all(Array.from({ length: 4 }, () => t.fan()));
    const stranger = await t.fan();
    const conversations = await Promise.all(fans.slice(0, 3).map((fan) => t.conversation(fan, creator)));
    const strictConversation = await t.conversation(fans[3]!, strict);
    await t.ctx.db.db
      .insert(userBlocks)
      .values({ performerId: creator.user.id, targetId: fans[1]!.user.id, reason: 'test' });
    await t.ctx.db.db
      .update(performerProfiles)
      .set({ requiresSubscriptionToMessage: true })
      .where(eq(performerProfiles.userId, strict.user.id));
    const now = new Date();
    const ask = (viewerId: string, conversationId: string) =>
      findSendFacts(t.ctx.db, { conversationId, viewerId, now });
    const before = t.ctx.db.statements();
    const facts = await Promise.all([
      ...fans.slice(0, 3).map((fan, k) => ask(fan.user.id, conversations[k]!)),
      ask(creator.user.id, conversations[1]!),
      ask(fans[3]!.user.id, strictConversation),
      ask(stranger.user.id, conversations[0]!),
      ask(fans[0]!.user.id, strictConversation),
    ]);
    expect(t.ctx.db.statements() - before).toBeLessThan(5);
    for (const [k, row] of facts.slice(0, 3).entries()) {
      expect(row).toMatchObject({
        conversationId: conversations[k],
        otherId: creator.user.id,
        otherRole: 'performer',
        otherStatus: 'active',
        blockedViewer: k === 1,
        blockedOther: false,
        subscribed: false,
      });
    }
    // The creator in the blocked fan's conversation: they blocked the other member.
    expect(facts[3]).toMatchObject({
      otherId: fans[1]!.user.id,
      otherRole: 'user',
      blockedViewer: false,
      blockedOther: true,
    });
    expect(facts[4]).toMatchObject({
      otherId: strict.user.id,
      requiresSubscriptionToMessage: true,
      subscribed: false,
    });
    // Not a member of that conversation: nothing, whoever else asks with them.
    expect(facts.slice(5)).toEqual([null, null]);

    // Through the API at once: each send has its own answer; the other creator goes inactive first.
    await t.ctx.db.db.update(users).set({ status: 'inactive' }).where(eq(users.id, creator.user.id));
    t.ctx.accountCache.forget(creator.user.id);
    const send = (who: Account, conversationId: string) =>
      t.request({
        method: 'POST',
        url: `/api/messages/conversations/${conversationId}`,
        token: who.token,
        payload: { text: 'hello' },
      });
    const answers = await Promise.all([
      send(fans[0]!, conversations[0]!),
      send(fans[1]!, conversations[1]!),
      send(fans[3]!, strictConversation),
      send(stranger, conversations[2]!),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([403, 403, 403, 404]);
    expect(answers[0]!.json().message).toBe('This account is not active, so it cannot receive messages.');
    expect(answers[1]!.json().message).toBe(
      'You have been blocked by this creator, so you cannot message them.',
    );
    expect(answers[2]!.json().message).toBe(
      'This creator only accepts messages from subscribers. Subscribe to send a message.',
    );
    const [none] = await rowsOf<{ n: number }>(
      sql`select count(*)::int as n from messages where conversation_id in ${[...conversations, strictConversation]}`,
    );
    expect(Number(none!.n)).toBe(0);
  });
});
