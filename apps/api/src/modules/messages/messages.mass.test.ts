import {
  conversationMembers,
  eq,
  files,
  follows,
  massMessageRecipients,
  massMessages,
  messageFiles,
  messages,
  newId,
  userBlocks,
  users,
} from '@fanstage/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { massBatchSize, runMassMessage } from './messages.mass';

/*
 * Mass messages are written set-based: a batch of fans is a fixed number of statements, so 500
 * fans cost what 50 do; each fan still gets one message, one live event and one unread total.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** `n` followers of the creator, written in one statement each for users and follows. */
async function followers(creatorId: string, n: number): Promise<string[]> {
  const rows = Array.from({ length: n }, () => {
    const id = newId();
    const tag = id.replaceAll('-', '').slice(-16);
    return {
      id,
      name: `Fan ${tag}`,
      username: `fan_${tag}`,
      email: `fan_${tag}@example.test`,
      role: 'user' as const,
    };
  });
  await t.ctx.db.db
    .insert(users)
    .values(rows.map((r) => ({ ...r, passwordHash: 'x', emailVerifiedAt: new Date() })));
  await t.ctx.db.db.insert(follows).values(rows.map((r) => ({ followerId: r.id, performerId: creatorId })));
  return rows.map((r) => r.id);
}

async function sendingMass(creatorId: string, values: Partial<typeof massMessages.$inferInsert> = {}) {
  const now = t.ctx.clock.now();
  const [row] = await t.ctx.db.db
    .insert(massMessages)
    .values({
      performerId: creatorId,
      text: 'hello all',
      audience: 'followers',
      status: 'sending',
      createdAt: now,
      updatedAt: now,
      ...values,
    })
    .returning();
  return row!;
}

/** Runs the mass message and answers how many statements it took. */
async function statementsOf(massMessageId: string) {
  const before = t.ctx.db.statements();
  await runMassMessage(t.ctx, { massMessageId });
  return t.ctx.db.statements() - before;
}

describe('a mass message to many fans', () => {
  it('costs the same number of statements for 50 fans as for 500', async () => {
    expect(massBatchSize).toBeGreaterThanOrEqual(500);
    const small = await t.creator();
    const large = await t.creator();
    await followers(small.user.id, 50);
    await followers(large.user.id, 500);
    const fifty = await statementsOf((await sendingMass(small.user.id)).id);
    const fiveHundred = await statementsOf((await sendingMass(large.user.id)).id);
    expect(fiveHundred).toBe(fifty);
    // Read, files, batch (begin, claim, messages, read back, counters, commit), unread totals, finish.
    expect(fifty).toBeLessThanOrEqual(14);
    const [row] = await t.ctx.db.db
      .select()
      .from(massMessages)
      .where(eq(massMessages.performerId, large.user.id));
    expect(row).toMatchObject({ status: 'sent', recipientsCount: 500 });
  });

  it('gives each fan one message, one live event and one unread total, skips blocked fans, and locks a paid one', async () => {
    const creator = await t.creator();
    const fans = await followers(creator.user.id, 30);
    const [blocked, talking] = fans as [string, string];
    await t.ctx.db.db
      .insert(userBlocks)
      .values({ performerId: creator.user.id, targetId: blocked, reason: 'test' });
    const [file] = await t.ctx.db.db
      .insert(files)
      .values({
        ownerId: creator.user.id,
        kind: 'message-photo',
        visibility: 'private',
        storageKey: `test/${newId()}.png`,
        mimeType: 'image/png',
        size: 10,
        status: 'ready',
      })
      .returning();
    // A first (free) mass message: the second joins the conversations it made.
    const first = await sendingMass(creator.user.id, { text: 'first', fileIds: [] });
    await runMassMessage(t.ctx, { massMessageId: first.id });
    expect(
      (await t.ctx.db.db.select().from(conversationMembers).where(eq(conversationMembers.userId, talking)))[0]
        ?.unreadCount,
    ).toBe(1);

    const toUser = vi.spyOn(t.ctx.realtime, 'toUser');
    const paid = await sendingMass(creator.user.id, {
      text: 'paid photo',
      fileIds: [file!.id],
      priceCents: 500,
    });
    const reached = await runMassMessage(t.ctx, { massMessageId: paid.id });
    expect(reached).toBe(29);
    // Again: nobody gets it twice.
    expect(await runMassMessage(t.ctx, { massMessageId: paid.id })).toBe(0);

    const sent = await t.ctx.db.db.select().from(messages).where(eq(messages.massMessageId, paid.id));
    expect(sent).toHaveLength(29);
    expect(new Set(sent.map((m) => m.conversationId)).size).toBe(29);
    for (const m of sent)
      expect(m).toMatchObject({ priceCents: 500, type: 'photo', seq: 2, text: 'paid photo' });
    const recipients = await t.ctx.db.db
      .select()
      .from(massMessageRecipients)
      .where(eq(massMessageRecipients.massMessageId, paid.id));
    expect(recipients.map((r) => r.fanId).sort()).toEqual(fans.filter((f) => f !== blocked).sort());
    expect(new Set(recipients.map((r) => r.messageId))).toEqual(new Set(sent.map((m) => m.id)));
    const attached = await t.ctx.db.db.select().from(messageFiles).where(eq(messageFiles.fileId, file!.id));
    expect(attached).toHaveLength(29);

    // The fan already in a conversation: the same one, now two unread.
    const members = await t.ctx.db.db
      .select()
      .from(conversationMembers)
      .where(eq(conversationMembers.userId, talking));
    expect(members).toHaveLength(1);
    expect(members[0]!.unreadCount).toBe(2);

    const events = (userId: string, event: string) =>
      toUser.mock.calls.filter(([to, name]) => to === userId && name === event);
    for (const fanId of fans) {
      const n = fanId === blocked ? 0 : 1;
      expect(events(fanId, 'message/created')).toHaveLength(n);
      if (n) expect(events(fanId, 'message/created')[0]![2]).toHaveProperty('unreadTotal');
    }
    // Each fan's unread total comes with their message: 2 for the one who had an unread message already.
    expect(events(talking, 'message/created')[0]![2]).toMatchObject({ unreadTotal: 2 });
    const live = events(talking, 'message/created')[0]![2] as {
      message: { isLocked: boolean; price: number };
    };
    expect(live.message).toMatchObject({ isLocked: true });
    expect(toUser.mock.calls.filter(([to]) => to === creator.user.id)).toEqual([]);
    toUser.mockRestore();
  });
});
