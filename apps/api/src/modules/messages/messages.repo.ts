import { messagesPageSize } from '@fanstage/contract';
import {
  type AccountRow,
  accountColumns,
  and,
  asc,
  conversationMembers,
  conversations,
  count,
  type DbHandle,
  desc,
  type Executor,
  eq,
  files,
  follows,
  gt,
  ilike,
  inArray,
  isNull,
  messageFiles,
  messages,
  messageUnreadTotals,
  ne,
  newId,
  or,
  performerProfiles,
  sql,
  subscriptions,
  type Transaction,
  userBlocks,
  users,
} from '@fanstage/db';
import type { SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { groupWhileBusy } from '../../lib/grouped';
import { type Param, preparedPerShape, preparedSql } from '../../lib/prepared';
import type { MediaRow } from '../media/media.presenter';

export type ConversationRow = typeof conversations.$inferSelect;
export type MemberRow = typeof conversationMembers.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;
export type FileRow = typeof files.$inferSelect;
export type UserRow = typeof users.$inferSelect;

/** The other person of a conversation, with what deciding "may I write" needs. */
export interface PartyRow {
  user: AccountRow;
  requiresSubscriptionToMessage: boolean | null;
}

/** The ordered pair that identifies a conversation (ids as PostgreSQL orders uuids). */
export const pairOf = (a: string, b: string): [string, string] => {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  return x < y ? [x, y] : [y, x];
};

export async function findConversationById(db: Executor, id: string): Promise<ConversationRow | null> {
  return (await db.select().from(conversations).where(eq(conversations.id, id)).limit(1))[0] ?? null;
}

export async function findConversationOfPair(
  db: Executor,
  options: { a: string; b: string },
): Promise<ConversationRow | null> {
  const [low, high] = pairOf(options.a, options.b);
  return (
    (
      await db
        .select()
        .from(conversations)
        .where(
          and(
            eq(conversations.userLowId, low),
            eq(conversations.userHighId, high),
            isNull(conversations.topicId),
          ),
        )
        .limit(1)
    )[0] ?? null
  );
}

/**
 * The conversation of two people, made with both member rows when it does not exist. A racing
 * creator of the same pair waits on the unique index, then finds the row the first one made.
 */
export async function findOrCreateConversation(
  tx: Transaction,
  options: { a: string; b: string; now: Date },
): Promise<{ conversation: ConversationRow; isNew: boolean }> {
  const [low, high] = pairOf(options.a, options.b);
  const [inserted] = await tx
    .insert(conversations)
    .values({ id: newId(), userLowId: low, userHighId: high, createdAt: options.now, updatedAt: options.now })
    .onConflictDoNothing()
    .returning();
  if (inserted) {
    await tx.insert(conversationMembers).values([
      { conversationId: inserted.id, userId: low, otherUserId: high, lastActivityAt: options.now },
      { conversationId: inserted.id, userId: high, otherUserId: low, lastActivityAt: options.now },
    ]);
    return { conversation: inserted, isNew: true };
  }
  const existing = await findConversationOfPair(tx, options);
  if (!existing) throw new Error('conversation vanished between insert and read');
  return { conversation: existing, isNew: false };
}

/**
 * The conversation of one topic (a private show request) between two people, made with both member
 * rows when it does not exist; apart from the pair's everyday conversation.
 */
export async function findOrCreateTopicConversation(
  tx: Transaction,
  options: { a: string; b: string; topicId: string; now: Date },
): Promise<ConversationRow> {
  const [low, high] = pairOf(options.a, options.b);
  const [inserted] = await tx
    .insert(conversations)
    .values({
      id: newId(),
      userLowId: low,
      userHighId: high,
      topicId: options.topicId,
      createdAt: options.now,
      updatedAt: options.now,
    })
    .onConflictDoNothing()
    .returning();
  if (inserted) {
    await tx.insert(conversationMembers).values([
      { conversationId: inserted.id, userId: low, otherUserId: high, lastActivityAt: options.now },
      { conversationId: inserted.id, userId: high, otherUserId: low, lastActivityAt: options.now },
    ]);
    return inserted;
  }
  const [existing] = await tx.select().from(conversations).where(eq(conversations.topicId, options.topicId));
  if (!existing) throw new Error('topic conversation vanished between insert and read');
  return existing;
}

const conversationsWithMembers = preparedPerShape((handle) =>
  handle.db
    .select({ conversation: conversations, member: conversationMembers })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .where(eq(conversationMembers.conversationId, sql.placeholder('conversationId')))
    .prepare('conversation_with_members'),
);

/**
 * A conversation with its member rows, in one query (no rows: no such conversation). Every page of a
 * thread and every message action starts here, so it is prepared.
 */
export async function findConversationWithMembers(
  handle: DbHandle,
  conversationId: string,
): Promise<{ conversation: ConversationRow; members: MemberRow[] } | null> {
  const rows = await conversationsWithMembers(handle, 'one').execute({ conversationId });
  const first = rows[0];
  return first ? { conversation: first.conversation, members: rows.map((r) => r.member) } : null;
}

export async function findMembers(db: Executor, conversationId: string): Promise<MemberRow[]> {
  return db.select().from(conversationMembers).where(eq(conversationMembers.conversationId, conversationId));
}

export async function findParties(db: Executor, userIds: string[]): Promise<Map<string, PartyRow>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({
      user: accountColumns,
      requiresSubscriptionToMessage: performerProfiles.requiresSubscriptionToMessage,
    })
    .from(users)
    .leftJoin(performerProfiles, eq(performerProfiles.userId, users.id))
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.map((r) => [r.user.id, r]));
}

const searchCondition = (q: string | undefined): SQL | undefined => {
  if (!q) return undefined;
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(ilike(users.name, pattern), ilike(users.username, pattern));
};

type ConversationListOptions = { userId: string; q?: string; offset: number; limit: number };

/**
 * The page query of a person's conversation list, unexecuted (a test EXPLAINs it): a backward scan
 * of `conversation_members_user_activity_idx`, each row joined by primary key.
 */
export const conversationPageQuery = (db: Executor, options: ConversationListOptions) =>
  db
    .select({
      member: conversationMembers,
      conversation: conversations,
      lastMessage: messages,
    })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .innerJoin(users, eq(users.id, conversationMembers.otherUserId))
    .leftJoin(messages, eq(messages.id, conversations.lastMessageId))
    .where(and(eq(conversationMembers.userId, options.userId), searchCondition(options.q)))
    .orderBy(desc(conversationMembers.lastActivityAt), desc(conversationMembers.conversationId))
    .offset(options.offset)
    .limit(options.limit);

/** A person's conversations, latest activity first, with the other party and the last message. */
export async function listMemberConversations(db: Executor, options: ConversationListOptions) {
  const where = and(eq(conversationMembers.userId, options.userId), searchCondition(options.q));
  const [rows, [total]] = await Promise.all([
    conversationPageQuery(db, options),
    db
      .select({ n: count() })
      .from(conversationMembers)
      .innerJoin(users, eq(users.id, conversationMembers.otherUserId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findMessageById(db: Executor, id: string): Promise<MessageRow | null> {
  return (await db.select().from(messages).where(eq(messages.id, id)).limit(1))[0] ?? null;
}

export async function findMessagesByIds(db: Executor, ids: string[]): Promise<MessageRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(messages).where(inArray(messages.id, ids));
}

type ThreadPageOptions = { conversationId: string; offset: number; limit: number };

/** The page query of a thread, unexecuted (a test EXPLAINs it): `messages_conversation_seq_idx` backward. */
export const threadPageQuery = (db: Executor, options: ThreadPageOptions) =>
  db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, options.conversationId))
    .orderBy(desc(messages.seq))
    .offset(options.offset)
    .limit(options.limit);

/** A page counted from the newest (offset 0 = the newest), returned oldest first. */
export async function listThreadPage(db: Executor, options: ThreadPageOptions): Promise<MessageRow[]> {
  return (await threadPageQuery(db, options)).reverse();
}

/** Messages after a sequence number, oldest first (what a client missed while away). */
export async function listThreadAfter(
  db: Executor,
  options: { conversationId: string; afterSeq: number; limit: number },
): Promise<MessageRow[]> {
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, options.conversationId), gt(messages.seq, options.afterSeq)))
    .orderBy(asc(messages.seq))
    .limit(options.limit);
}

/** The files of these messages, in each message's order, in one query. */
export async function loadMessageFiles(db: Executor, messageIds: string[]): Promise<Map<string, FileRow[]>> {
  const byMessage = new Map<string, FileRow[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .select({ messageId: messageFiles.messageId, file: files })
    .from(messageFiles)
    .innerJoin(files, eq(files.id, messageFiles.fileId))
    .where(inArray(messageFiles.messageId, messageIds))
    .orderBy(asc(messageFiles.messageId), asc(messageFiles.position));
  for (const row of rows) {
    const list = byMessage.get(row.messageId) ?? [];
    list.push(row.file);
    byMessage.set(row.messageId, list);
  }
  return byMessage;
}

export async function findFilesByIds(db: Executor, ids: string[]): Promise<FileRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(files).where(inArray(files.id, ids));
}

export interface NewMessage {
  conversationId: string;
  senderId: string;
  recipientId: string;
  type: MessageRow['type'];
  text: string;
  priceCents: number;
  tipAmountCents?: number | null;
  fileIds: string[];
  massMessageId?: string | null;
  now: Date;
}

type RawMessage = Record<string, unknown>;

/** A message row as the raw statement below answers it (bigints may come as strings). */
const messageOf = (r: RawMessage): MessageRow => ({
  id: r.id as string,
  conversationId: r.conversationId as string,
  seq: Number(r.seq),
  senderId: r.senderId as string,
  type: r.type as MessageRow['type'],
  text: r.text as string,
  priceCents: Number(r.priceCents),
  tipAmountCents: r.tipAmountCents == null ? null : Number(r.tipAmountCents),
  isDeleted: Boolean(r.isDeleted),
  deletedAt: r.deletedAt == null ? null : new Date(r.deletedAt as string),
  massMessageId: (r.massMessageId as string | null) ?? null,
  createdAt: new Date(r.createdAt as string),
});

/**
 * Appends a message in one statement (a data-modifying WITH): the conversation's row lock draws
 * the next number (so one conversation's messages are strictly ordered), the message and its
 * files are written, the recipient's unseen count goes up and both members' activity moves. Runs
 * in the caller's transaction when given one; alone it is atomic all the same.
 */
export async function insertMessage(db: Executor | DbHandle, values: NewMessage): Promise<NewMessageRow> {
  // A text message outside a transaction (the chat's hot path) joins the next group of them.
  if ('engine' in db && values.fileIds.length === 0) return textMessageGroup(db)(values);
  const id = newId();
  const executor = 'engine' in db ? db.db : db;
  const linked =
    values.fileIds.length > 0
      ? sql`, linked as (insert into ${messageFiles} (message_id, file_id, position) values ${sql.join(
          values.fileIds.map((fileId, position) => sql`(${id}, ${fileId}, ${position})`),
          sql`, `,
        )})`
      : sql``;
  const result = (await executor.execute(
    insertMessageSql(
      { ...values, id, now: values.now, tipAmountCents: values.tipAmountCents ?? null },
      linked,
    ),
  )) as unknown as { rows: RawMessage[] };
  const row = result.rows[0];
  if (!row) throw new Error(`conversation ${values.conversationId} does not exist`);
  return newMessageOf(row);
}

/**
 * A message just written, with the recipient's unseen total after it (exact: the statement held their
 * total's row); null when no member's count moved (a stream chat).
 */
export type NewMessageRow = MessageRow & { recipientUnreadTotal: number | null };

const newMessageOf = (row: RawMessage): NewMessageRow => ({
  ...messageOf(row),
  recipientUnreadTotal: row.recipientUnreadTotal == null ? null : Number(row.recipientUnreadTotal),
});

type MessageValues = {
  [K in 'id' | 'conversationId' | 'senderId' | 'recipientId' | 'type' | 'text' | 'priceCents']: Param<
    string | number
  >;
} & { tipAmountCents: Param<number | null>; massMessageId?: Param<string | null>; now: Param<Date | string> };

/** The statement of `insertMessage`, with values or placeholders; `linked` writes the files. */
const insertMessageSql = (values: MessageValues, linked: SQL) => sql`
    with bumped as (
      update ${conversations}
      set last_seq = last_seq + 1, last_message_id = ${values.id}, last_message_at = ${values.now}, updated_at = ${values.now}
      where id = ${values.conversationId}
      returning last_seq
    ), inserted as (
      insert into ${messages} (id, conversation_id, seq, sender_id, type, text, price_cents, tip_amount_cents, mass_message_id, created_at)
      values (${values.id}, ${values.conversationId}, (select last_seq from bumped), ${values.senderId}, ${values.type}, ${values.text},
        ${values.priceCents}, ${values.tipAmountCents}, ${values.massMessageId ?? null}, ${values.now})
      returning id, conversation_id as "conversationId", seq, sender_id as "senderId", type, text,
        price_cents as "priceCents", tip_amount_cents as "tipAmountCents", is_deleted as "isDeleted",
        deleted_at as "deletedAt", mass_message_id as "massMessageId", created_at as "createdAt"
    )${linked}, members as (
      update ${conversationMembers}
      set last_activity_at = ${values.now},
        unread_count = unread_count + (case when user_id = ${values.recipientId} then 1 else 0 end)
      where conversation_id = ${values.conversationId}
      returning user_id
    ), counted as (
      -- Fed by the member rows above, so their locks come first (as in a conversation read).
      insert into ${messageUnreadTotals} as t (user_id, total)
      select user_id, 1 from members where user_id = ${values.recipientId}
      on conflict (user_id) do update set total = t.total + 1
      returning total
    )
    select inserted.*, (select total from counted) as "recipientUnreadTotal" from inserted`;

const missingConversation = (values: NewMessage) =>
  new Error(`conversation ${values.conversationId} does not exist`);

/** One text message by the statement built once (a quiet moment's send, or a group's fallback). */
async function insertTextMessage(handle: DbHandle, values: NewMessage): Promise<NewMessageRow | Error> {
  const result = await insertTextMessages(handle, '').execute({
    ...values,
    id: newId(),
    now: values.now.toISOString(),
    tipAmountCents: values.tipAmountCents ?? null,
    massMessageId: values.massMessageId ?? null,
  });
  const row = result.rows[0];
  return row ? newMessageOf(row) : missingConversation(values);
}

/**
 * Text messages sent while the previous group is written go together in one statement (up to 200):
 * under load each send costs PostgreSQL a share of one statement and one commit instead of its own.
 * A message alone runs the single statement. Should the group's statement fail as a whole (a
 * deadlock with another node's group, a sender deleted meanwhile), each of its messages is written
 * alone, so one bad message fails only its own send. Two groups run at once: one that waits on a
 * conversation another transaction holds (a mass message's batch) leaves the other lane moving.
 */
const textMessageGroups = new WeakMap<DbHandle, (values: NewMessage) => Promise<NewMessageRow>>();
const textMessageGroup = (handle: DbHandle) => {
  let group = textMessageGroups.get(handle);
  if (!group) {
    group = groupWhileBusy<NewMessage, NewMessageRow>(
      async (inputs) => {
        if (inputs.length === 1) return [await insertTextMessage(handle, inputs[0]!)];
        const ids = inputs.map(() => newId());
        let rows: RawMessage[];
        try {
          rows = (
            await insertTextMessageGroups(handle, '').execute({
              rows: JSON.stringify(
                inputs.map((v, k) => ({
                  ord: k,
                  id: ids[k],
                  conversation_id: v.conversationId,
                  sender_id: v.senderId,
                  recipient_id: v.recipientId,
                  type: v.type,
                  text: v.text,
                  price_cents: v.priceCents,
                  tip_amount_cents: v.tipAmountCents ?? null,
                  mass_message_id: v.massMessageId ?? null,
                  created_at: v.now.toISOString(),
                })),
              ),
            })
          ).rows;
        } catch {
          const alone: Array<NewMessageRow | Error> = [];
          for (const v of inputs) alone.push(await insertTextMessage(handle, v).catch((e: Error) => e));
          return alone;
        }
        const byId = new Map(rows.map((r) => [r.id as string, r]));
        return inputs.map((v, k) => {
          const row = byId.get(ids[k]!);
          return row ? newMessageOf(row) : missingConversation(v);
        });
      },
      { max: 200, lanes: 2 },
    );
    textMessageGroups.set(handle, group);
  }
  return group;
};

/**
 * `insertMessage` for a group of text messages, in one statement: each conversation is locked once
 * (in id order, so two groups never wait on each other in a circle) and moves on by its count of
 * messages, numbered in the order they arrived; each member's unseen count and each recipient's
 * unseen total go up by theirs. Answers the rows, each with its recipient's total just after it.
 */
const insertTextMessageGroups = preparedPerShape((handle) =>
  preparedSql<RawMessage>(
    handle,
    sql`
    with input as (
      select * from jsonb_to_recordset(${sql.placeholder('rows')}::jsonb) as i(ord int, id uuid, conversation_id uuid,
        sender_id uuid, recipient_id uuid, type text, text text, price_cents bigint, tip_amount_cents bigint,
        mass_message_id uuid, created_at timestamptz)
    ), locked as materialized (
      select c.id from ${conversations} c where c.id in (select conversation_id from input) order by c.id for update
    ), per as (
      select conversation_id, count(*)::int as n, max(ord) as last_ord from input group by conversation_id
    ), bumped as (
      update ${conversations} c
      set last_seq = c.last_seq + per.n, last_message_id = last.id, last_message_at = last.created_at,
        updated_at = last.created_at
      from per join input last on last.ord = per.last_ord join locked on locked.id = per.conversation_id
      where c.id = per.conversation_id
      returning c.id, c.last_seq, per.n, last.created_at
    ), inserted as (
      insert into ${messages} (id, conversation_id, seq, sender_id, type, text, price_cents, tip_amount_cents, mass_message_id, created_at)
      select i.id, i.conversation_id, b.last_seq - b.n + row_number() over (partition by i.conversation_id order by i.ord),
        i.sender_id, i.type, i.text, i.price_cents, i.tip_amount_cents, i.mass_message_id, i.created_at
      from input i join bumped b on b.id = i.conversation_id
      returning id, conversation_id as "conversationId", seq, sender_id as "senderId", type, text,
        price_cents as "priceCents", tip_amount_cents as "tipAmountCents", is_deleted as "isDeleted",
        deleted_at as "deletedAt", mass_message_id as "massMessageId", created_at as "createdAt"
    ), members as (
      update ${conversationMembers} m
      set last_activity_at = b.created_at,
        unread_count = m.unread_count + (select count(*) from input i
          where i.conversation_id = m.conversation_id and i.recipient_id = m.user_id)
      from bumped b
      where m.conversation_id = b.id
      returning m.conversation_id, m.user_id, (select count(*) from input i
        where i.conversation_id = m.conversation_id and i.recipient_id = m.user_id) as n
    ), counted as (
      -- Fed by the member rows above, so their locks come first (as in a conversation read).
      insert into ${messageUnreadTotals} as t (user_id, total)
      select user_id, sum(n) from members where n > 0 group by user_id order by user_id
      on conflict (user_id) do update set total = t.total + excluded.total
      returning user_id, total
    )
    -- Each message answers the total as it stood just after it: the group's total less what the
    -- recipient's later messages of the group added.
    select inserted.*, counted.total - (
      select count(*) from input later
      join members m on m.conversation_id = later.conversation_id and m.user_id = later.recipient_id
      where later.recipient_id = i.recipient_id and later.ord > i.ord
    ) as "recipientUnreadTotal"
    from inserted join input i on i.id = inserted.id left join counted on counted.user_id = i.recipient_id`,
    'insert_text_message_group',
  ),
);

/** `insertMessage` of a message without files, built once per database handle. */
const insertTextMessages = preparedPerShape((handle) => {
  const p = (name: string) => sql.placeholder(name);
  return preparedSql<RawMessage>(
    handle,
    insertMessageSql(
      {
        id: p('id'),
        conversationId: p('conversationId'),
        senderId: p('senderId'),
        recipientId: p('recipientId'),
        type: p('type'),
        text: p('text'),
        priceCents: p('priceCents'),
        tipAmountCents: p('tipAmountCents'),
        massMessageId: p('massMessageId'),
        now: p('now'),
      },
      sql``,
    ),
    'insert_text_message',
  );
});

/** Marks a message deleted (once); answers the row as it is now, or null when it was already deleted. */
export async function markMessageDeleted(
  db: Executor,
  options: { id: string; now: Date },
): Promise<MessageRow | null> {
  const [row] = await db
    .update(messages)
    .set({ isDeleted: true, deletedAt: options.now })
    .where(and(eq(messages.id, options.id), eq(messages.isDeleted, false)))
    .returning();
  return row ?? null;
}

/**
 * Everything up to the conversation's newest message counts as seen by this member; their unseen total
 * goes down by what this conversation held, in the same statement. Answers the member row and the total
 * after it (null when they are not a member).
 */
export async function markConversationRead(
  db: Executor,
  options: { conversationId: string; userId: string; now: Date },
): Promise<{ member: MemberRow; unreadTotal: number } | null> {
  const result = (await db.execute(sql`
    with read as (
      update ${conversationMembers} m
      set unread_count = 0, last_read_at = ${options.now.toISOString()}::timestamptz,
        last_read_seq = (select c.last_seq from ${conversations} c where c.id = ${options.conversationId})
      -- The row as it was (locked first): how many it held unseen.
      from (
        select unread_count from ${conversationMembers}
        where conversation_id = ${options.conversationId} and user_id = ${options.userId}
        for update
      ) was
      where m.conversation_id = ${options.conversationId} and m.user_id = ${options.userId}
      returning m.conversation_id as "conversationId", m.user_id as "userId", m.other_user_id as "otherUserId",
        m.unread_count as "unreadCount", m.last_read_seq as "lastReadSeq", m.last_read_at as "lastReadAt",
        m.last_activity_at as "lastActivityAt", m.created_at as "createdAt", was.unread_count as "wasUnread"
    ), lowered as (
      update ${messageUnreadTotals} t set total = greatest(t.total - r."wasUnread", 0)
      from read r where t.user_id = r."userId" and r."wasUnread" > 0
      returning t.total
    )
    select read.*, coalesce((select total from lowered),
      (select total from ${messageUnreadTotals} where user_id = ${options.userId}), 0) as "unreadTotal"
    from read
  `)) as unknown as { rows: Record<string, unknown>[] };
  const row = result.rows[0];
  if (!row) return null;
  const date = (v: unknown) => (v == null ? null : new Date(v as string));
  return {
    member: {
      conversationId: row.conversationId as string,
      userId: row.userId as string,
      otherUserId: row.otherUserId as string,
      unreadCount: Number(row.unreadCount),
      lastReadSeq: Number(row.lastReadSeq),
      lastReadAt: date(row.lastReadAt),
      lastActivityAt: date(row.lastActivityAt)!,
      createdAt: date(row.createdAt)!,
    },
    unreadTotal: Number(row.unreadTotal),
  };
}

const unreadTotals = preparedPerShape((handle) =>
  handle.db
    .select({ n: messageUnreadTotals.total })
    .from(messageUnreadTotals)
    .where(eq(messageUnreadTotals.userId, sql.placeholder('userId')))
    .prepare('unread_total'),
);

/** Messages not yet seen by a person, over all their conversations. */
export async function unreadTotalOf(handle: DbHandle, userId: string): Promise<number> {
  const [row] = await unreadTotals(handle, 'one').execute({ userId });
  return Number(row?.n ?? 0);
}

/** Which of these creators the fan holds a running subscription to. */
export async function findActiveSubscriptions(
  db: Executor,
  options: { fanId: string; performerIds: string[]; now: Date },
): Promise<Set<string>> {
  if (options.performerIds.length === 0) return new Set();
  const rows = await db
    .select({ performerId: subscriptions.performerId })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.fanId, options.fanId),
        inArray(subscriptions.performerId, options.performerIds),
        gt(subscriptions.expiredAt, options.now),
      ),
    );
  return new Set(rows.map((r) => r.performerId));
}

/** Whether a fan follows the creator or has (or had) a subscription to them. */
export async function isFanOf(db: Executor, options: { fanId: string; performerId: string }) {
  const [followRow] = await db
    .select({ id: follows.followerId })
    .from(follows)
    .where(and(eq(follows.followerId, options.fanId), eq(follows.performerId, options.performerId)))
    .limit(1);
  if (followRow) return true;
  const [subscription] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.fanId, options.fanId), eq(subscriptions.performerId, options.performerId)))
    .limit(1);
  return subscription !== undefined;
}

/** A person by id or username (any role), for starting a conversation. */
export async function findUserByIdOrUsername(db: Executor, key: string): Promise<UserRow | null> {
  const isId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(key);
  const [row] = await db
    .select()
    .from(users)
    .where(isId ? eq(users.id, key.toLowerCase()) : sql`lower(${users.username}) = ${key.toLowerCase()}`)
    .limit(1);
  return row ?? null;
}

/**
 * One batch of a mass message's audience after a fan id, in id order: active accounts, not the
 * creator, not blocked by the creator.
 */
export async function findAudienceBatch(
  db: Executor,
  options: {
    performerId: string;
    audience: 'subscribers' | 'active-subscribers' | 'followers';
    afterFanId: string | null;
    now: Date;
    limit: number;
  },
): Promise<string[]> {
  const { performerId, afterFanId } = options;
  const notBlocked = sql`NOT EXISTS (SELECT 1 FROM ${userBlocks} WHERE ${userBlocks.performerId} = ${performerId} AND ${userBlocks.targetId} = ${users.id})`;
  if (options.audience === 'followers') {
    const rows = await db
      .select({ id: follows.followerId })
      .from(follows)
      .innerJoin(users, eq(users.id, follows.followerId))
      .where(
        and(
          eq(follows.performerId, performerId),
          afterFanId ? gt(follows.followerId, afterFanId) : undefined,
          eq(users.status, 'active'),
          ne(users.id, performerId),
          notBlocked,
        ),
      )
      .orderBy(asc(follows.followerId))
      .limit(options.limit);
    return rows.map((r) => r.id);
  }
  const rows = await db
    .select({ id: subscriptions.fanId })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.fanId))
    .where(
      and(
        eq(subscriptions.performerId, performerId),
        afterFanId ? gt(subscriptions.fanId, afterFanId) : undefined,
        options.audience === 'active-subscribers' ? gt(subscriptions.expiredAt, options.now) : undefined,
        eq(users.status, 'active'),
        ne(users.id, performerId),
        notBlocked,
      ),
    )
    .orderBy(asc(subscriptions.fanId))
    .limit(options.limit);
  return rows.map((r) => r.id);
}

/** A uuid[] parameter: one text literal, cast in SQL (drizzle would expand a JS array into a list). */
const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;
const timestamptz = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * One batch of a mass message, set-based: two data-modifying statements and one read whatever the
 * batch's size. The first claims the recipients (the primary key of `mass_message_recipients` is the
 * "once" rule: a fan claimed by another run is skipped) and makes the pair conversations that do not
 * exist yet with both member rows; the second draws each conversation's next `seq`, writes the
 * messages and their files, bumps the fans' unread counters and notes each recipient's message.
 * Answers the new messages with their fans, in the caller's transaction.
 */
export async function deliverMassBatch(
  tx: Transaction,
  options: {
    massMessageId: string;
    performerId: string;
    fanIds: string[];
    type: MessageRow['type'];
    text: string;
    priceCents: number;
    fileIds: string[];
    now: Date;
  },
): Promise<{ fanId: string; message: MessageRow }[]> {
  const { massMessageId, now } = options;
  if (options.fanIds.length === 0) return [];
  const performer = sql`${options.performerId.toLowerCase()}::uuid`;
  const fanIds = options.fanIds.map((id) => id.toLowerCase());
  const claimed = rowsOf<{ fan_id: string }>(
    await tx.execute(sql`
      WITH input AS (
        SELECT f.fan_id, f.conversation_id
        FROM unnest(${uuidArray(fanIds)}, ${uuidArray(fanIds.map(() => newId()))}) AS f(fan_id, conversation_id)
      ), claimed AS (
        INSERT INTO mass_message_recipients (mass_message_id, fan_id, created_at)
        SELECT ${massMessageId}::uuid, i.fan_id, ${timestamptz(now)} FROM input i
        ON CONFLICT DO NOTHING
        RETURNING fan_id
      ), made AS (
        INSERT INTO conversations (id, user_low_id, user_high_id, created_at, updated_at)
        SELECT i.conversation_id, LEAST(${performer}, i.fan_id), GREATEST(${performer}, i.fan_id),
               ${timestamptz(now)}, ${timestamptz(now)}
        FROM input i JOIN claimed c ON c.fan_id = i.fan_id
        ON CONFLICT DO NOTHING
        RETURNING id, user_low_id, user_high_id
      ), members AS (
        INSERT INTO conversation_members (conversation_id, user_id, other_user_id, last_activity_at)
        SELECT id, user_low_id, user_high_id, ${timestamptz(now)} FROM made
        UNION ALL
        SELECT id, user_high_id, user_low_id, ${timestamptz(now)} FROM made
      )
      SELECT fan_id::text AS fan_id FROM claimed
    `),
  );
  if (claimed.length === 0) return [];
  const claimedIds = claimed.map((r) => r.fan_id);
  const messageIds = claimedIds.map(() => newId());
  await tx.execute(sql`
    WITH target AS (
      SELECT t.fan_id, t.message_id, c.id AS conversation_id
      FROM unnest(${uuidArray(claimedIds)}, ${uuidArray(messageIds)}) AS t(fan_id, message_id)
      JOIN conversations c
        ON c.user_low_id = LEAST(${performer}, t.fan_id) AND c.user_high_id = GREATEST(${performer}, t.fan_id)
       AND c.topic_id IS NULL
    ), bumped AS (
      UPDATE conversations c
      SET last_seq = c.last_seq + 1, last_message_id = t.message_id,
          last_message_at = ${timestamptz(now)}, updated_at = ${timestamptz(now)}
      FROM target t WHERE c.id = t.conversation_id
      RETURNING c.id AS conversation_id, c.last_seq AS seq, t.message_id, t.fan_id
    ), inserted AS (
      INSERT INTO messages (id, conversation_id, seq, sender_id, type, text, price_cents, mass_message_id, created_at)
      SELECT b.message_id, b.conversation_id, b.seq, ${performer}, ${options.type}::text, ${options.text}::text,
             ${options.priceCents}::bigint, ${massMessageId}::uuid, ${timestamptz(now)}
      FROM bumped b
      RETURNING id
    ), attached AS (
      INSERT INTO message_files (message_id, file_id, position)
      SELECT i.id, f.file_id, (f.ord - 1)::int
      FROM inserted i CROSS JOIN unnest(${uuidArray(options.fileIds)}) WITH ORDINALITY AS f(file_id, ord)
    ), unread AS (
      UPDATE conversation_members m
      SET last_activity_at = ${timestamptz(now)},
          unread_count = m.unread_count + (CASE WHEN m.user_id = b.fan_id THEN 1 ELSE 0 END)
      FROM bumped b WHERE m.conversation_id = b.conversation_id
      RETURNING m.user_id, b.fan_id
    ), counted AS (
      -- Each fan's total, in the order of their ids (two batches at once lock them in the same order).
      INSERT INTO message_unread_totals AS t (user_id, total)
      SELECT user_id, 1 FROM unread WHERE user_id = fan_id ORDER BY user_id
      ON CONFLICT (user_id) DO UPDATE SET total = t.total + 1
    )
    UPDATE mass_message_recipients r SET message_id = b.message_id
    FROM bumped b, inserted i
    WHERE i.id = b.message_id AND r.mass_message_id = ${massMessageId}::uuid AND r.fan_id = b.fan_id
  `);
  const rows = await tx.select().from(messages).where(inArray(messages.id, messageIds));
  const fanOf = new Map(messageIds.map((id, i) => [id, claimedIds[i]!]));
  return rows
    .map((message) => ({ fanId: fanOf.get(message.id)!, message }))
    .sort((x, y) => (x.fanId < y.fanId ? -1 : x.fanId > y.fanId ? 1 : 0));
}

/**
 * Sets these people's unseen totals to what their conversations hold (for a writer that set member
 * counts directly: the demo seed). Run it in the transaction that set them.
 */
export async function recountUnreadTotals(db: Executor, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.execute(sql`
    insert into ${messageUnreadTotals} (user_id, total)
    select u.id, coalesce((select sum(m.unread_count) from ${conversationMembers} m where m.user_id = u.id), 0)::int
    from ${users} u where u.id in (${sql.join(
      [...userIds].sort().map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    order by u.id
    on conflict (user_id) do update set total = excluded.total
  `);
}

/** Unread message totals of many people at once (one read of their totals' rows). */
export async function unreadTotalsOf(db: Executor, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: messageUnreadTotals.userId, n: messageUnreadTotals.total })
    .from(messageUnreadTotals)
    .where(inArray(messageUnreadTotals.userId, userIds));
  return new Map(rows.map((r) => [r.userId, Number(r.n)]));
}

const meMember = alias(conversationMembers, 'me_member');
const otherMember = alias(conversationMembers, 'other_member');

/**
 * One member's view of a conversation in one statement: the conversation, both member rows, the
 * other person (with the creator's "subscribers only" setting) and the facts the send decision needs
 * (a block either way, the viewer's running subscription to them). Null when the viewer is not a
 * member (or there is no such conversation). Every message sent and every conversation opened runs
 * it, so it is built once per database handle and sent prepared. Not the last message: the send path
 * has no use for it, and a plan made while the messages table looked empty (a new site) read that
 * whole table for it on every message sent.
 */
function prepareMemberView(handle: DbHandle, grouped: boolean) {
  // Alone: the viewer and the time are parameters. In a group they come with each asked pair from
  // the group's rows (`asked`), and each answer carries the number of the pair it answers.
  const viewerId = grouped ? sql`asked.viewer_id` : sql.placeholder('viewerId');
  const now = grouped ? sql`asked.now` : sql`${sql.placeholder('now')}::timestamptz`;
  const fields = {
    conversation: conversations,
    me: meMember,
    other: otherMember,
    user: accountColumns,
    requiresSubscriptionToMessage: performerProfiles.requiresSubscriptionToMessage,
    blockedViewer: sql<boolean>`exists (select 1 from ${userBlocks} where ${userBlocks.performerId} = ${otherMember.userId} and ${userBlocks.targetId} = ${viewerId})`,
    blockedOther: sql<boolean>`exists (select 1 from ${userBlocks} where ${userBlocks.performerId} = ${viewerId} and ${userBlocks.targetId} = ${otherMember.userId})`,
    subscribed: sql<boolean>`exists (select 1 from ${subscriptions} where ${subscriptions.fanId} = ${viewerId} and ${subscriptions.performerId} = ${otherMember.userId} and ${subscriptions.expiredAt} > ${now})`,
    ord: grouped ? sql<number>`asked.ord` : sql<number>`0`,
  };
  const base = grouped
    ? handle.db
        .select(fields)
        .from(
          sql`jsonb_to_recordset(${sql.placeholder('asked')}::jsonb) as asked(ord int, conversation_id uuid, viewer_id uuid, now timestamptz)`,
        )
        .innerJoin(
          meMember,
          and(
            sql`${meMember.conversationId} = asked.conversation_id`,
            sql`${meMember.userId} = asked.viewer_id`,
          ),
        )
    : handle.db.select(fields).from(meMember);
  const query = base
    .innerJoin(conversations, eq(conversations.id, meMember.conversationId))
    .innerJoin(
      otherMember,
      and(eq(otherMember.conversationId, meMember.conversationId), ne(otherMember.userId, meMember.userId)),
    )
    .innerJoin(users, eq(users.id, otherMember.userId))
    .leftJoin(performerProfiles, eq(performerProfiles.userId, users.id));
  return grouped
    ? query.prepare('conversation_member_views')
    : query
        .where(
          and(eq(meMember.conversationId, sql.placeholder('conversationId')), eq(meMember.userId, viewerId)),
        )
        .limit(1)
        .prepare('conversation_member_view');
}
const memberViews = preparedPerShape((handle, shape) => prepareMemberView(handle, shape === 'group'));
type MemberViewRow = Awaited<ReturnType<ReturnType<typeof memberViews>['execute']>>[number];
type MemberAsk = { conversationId: string; viewerId: string; now: Date };

/**
 * A member's look-up (the view, the send facts) asked while the previous ones are read goes with the
 * others in one statement (as the messages they precede do, `textMessageGroup`): under load each
 * send's look-up is a share of one statement. `one` answers one ask with its own statement; `group`
 * answers many from their JSON (`ord`, `conversation_id`, `viewer_id`, `now`), each row with its ord.
 */
function askedInGroups<Row extends { ord: number }>(statements: {
  one: (handle: DbHandle, ask: MemberAsk) => Promise<Row | undefined>;
  group: (handle: DbHandle, asked: string) => Promise<Row[]>;
}) {
  const groups = new WeakMap<DbHandle, (ask: MemberAsk) => Promise<Row | null>>();
  return (handle: DbHandle, ask: MemberAsk): Promise<Row | null> => {
    let group = groups.get(handle);
    if (!group) {
      group = groupWhileBusy<MemberAsk, Row | null>(
        async (asks) => {
          const alone = async (one: MemberAsk) => (await statements.one(handle, one)) ?? null;
          if (asks.length === 1) return [await alone(asks[0]!)];
          let rows: Row[];
          try {
            rows = await statements.group(
              handle,
              JSON.stringify(
                asks.map((a, ord) => ({
                  ord,
                  conversation_id: a.conversationId,
                  viewer_id: a.viewerId,
                  now: a.now.toISOString(),
                })),
              ),
            );
          } catch {
            // One ask the statement refuses fails only its own call.
            const answers: Array<Row | null | Error> = [];
            for (const one of asks) answers.push(await alone(one).catch((e: Error) => e));
            return answers;
          }
          const answers: Array<Row | null> = asks.map(() => null);
          for (const row of rows) answers[Number(row.ord)] = row;
          return answers;
        },
        { max: 200, lanes: 2 },
      );
      groups.set(handle, group);
    }
    return group(ask);
  };
}

/** The member's view of a conversation (`prepareMemberView`), alone or in a group. */
export const findMemberView = askedInGroups<MemberViewRow>({
  one: async (handle, ask) =>
    (
      await memberViews(handle, 'one').execute({
        conversationId: ask.conversationId,
        viewerId: ask.viewerId,
        now: ask.now.toISOString(),
      })
    )[0],
  group: (handle, asked) => memberViews(handle, 'group').execute({ asked }),
});

/**
 * What sending a message needs of a conversation, for one member: the other person's id, role and
 * status, their "subscribers only" setting, a block either way and the sender's running subscription
 * to them. Null when the sender is not a member. The member view answers the same facts with every
 * column of four rows, which the send path turned into objects and dropped on every message (a tenth
 * of the allocations of a send, bench realtime phase); this answers eight plain values.
 */
export type SendFactsRow = {
  ord: number;
  conversationId: string;
  otherId: string;
  otherRole: AccountRow['role'];
  otherStatus: AccountRow['status'];
  requiresSubscriptionToMessage: boolean | null;
  blockedViewer: boolean;
  blockedOther: boolean;
  subscribed: boolean;
};

const sendFacts = preparedPerShape((handle, shape) => {
  const grouped = shape === 'group';
  const viewerId = grouped ? sql`asked.viewer_id` : sql`${sql.placeholder('viewerId')}::uuid`;
  const now = grouped ? sql`asked.now` : sql`${sql.placeholder('now')}::timestamptz`;
  const me = grouped
    ? sql`jsonb_to_recordset(${sql.placeholder('asked')}::jsonb) as asked(ord int, conversation_id uuid, viewer_id uuid, now timestamptz)
      join ${conversationMembers} me on me.conversation_id = asked.conversation_id and me.user_id = asked.viewer_id`
    : sql`${conversationMembers} me`;
  return preparedSql<SendFactsRow>(
    handle,
    sql`
    select ${grouped ? sql`asked.ord` : sql`0`} as ord, c.id as "conversationId", o.user_id as "otherId",
      u.role as "otherRole", u.status as "otherStatus",
      p.requires_subscription_to_message as "requiresSubscriptionToMessage",
      exists (select 1 from ${userBlocks} b where b.performer_id = o.user_id and b.target_id = ${viewerId}) as "blockedViewer",
      exists (select 1 from ${userBlocks} b where b.performer_id = ${viewerId} and b.target_id = o.user_id) as "blockedOther",
      exists (select 1 from ${subscriptions} s where s.fan_id = ${viewerId} and s.performer_id = o.user_id
        and s.expired_at > ${now}) as subscribed
    from ${me}
    join ${conversations} c on c.id = me.conversation_id
    join ${conversationMembers} o on o.conversation_id = me.conversation_id and o.user_id <> me.user_id
    join ${users} u on u.id = o.user_id
    left join ${performerProfiles} p on p.user_id = u.id
    ${grouped ? sql`` : sql`where me.conversation_id = ${sql.placeholder('conversationId')}::uuid and me.user_id = ${viewerId} limit 1`}`,
    grouped ? 'conversation_send_facts_group' : 'conversation_send_facts',
  );
});

export const findSendFacts = askedInGroups<SendFactsRow>({
  one: async (handle, ask) =>
    (
      await sendFacts(handle, 'one').execute({
        conversationId: ask.conversationId,
        viewerId: ask.viewerId,
        now: ask.now.toISOString(),
      })
    ).rows[0],
  group: async (handle, asked) => (await sendFacts(handle, 'group').execute({ asked })).rows,
});

/** The fields of a file a message shows (presentMedia), as the page query below gives them. */
export type MessageFile = MediaRow;

/**
 * A page of a thread for one viewer in one statement: each message with its files (in order, none
 * for a deleted one) and what the content gate needs of a paid message of the other member's
 * (whether the viewer bought it, whether its sender blocked the viewer). Every conversation page
 * runs it, so its two forms (newest first from an offset, or oldest first after a message) are built
 * once per database handle with placeholders and sent as named prepared statements.
 */
function prepareThreadPages(db: DbHandle) {
  // Written out with the table's own name: in a one-table select Drizzle leaves the columns of
  // `sql` fields unqualified, which a correlated subquery would bind to its own tables.
  const m = (column: string) => sql.raw(`"messages"."${column}"`);
  const viewerId = sql.placeholder('viewerId');
  const gated = sql`(${m('price_cents')} > 0 and ${m('sender_id')} <> ${viewerId} and not ${m('is_deleted')})`;
  const page = () =>
    db.db
      .select({
        message: messages,
        files: sql<
          MessageFile[] | null
        >`case when ${m('is_deleted')} or ${m('type')} in ('text', 'tip') then null else (select json_agg(json_build_object('id', f.id, 'kind', f.kind, 'status', f.status, 'mimeType', f.mime_type, 'size', f.size, 'width', f.width, 'height', f.height, 'durationSeconds', f.duration_seconds, 'preview', f.preview, 'variants', f.variants, 'failureReason', f.failure_reason, 'progress', f.progress) order by mf.position) from message_files mf join files f on f.id = mf.file_id where mf.message_id = ${m('id')}) end`,
        bought: sql<boolean>`(${gated} and exists (select 1 from purchases p where p.fan_id = ${viewerId} and p.target_type = 'message' and p.target_id = ${m('id')}))`,
        blocked: sql<boolean>`(${gated} and exists (select 1 from user_blocks b where b.performer_id = ${m('sender_id')} and b.target_id = ${viewerId}))`,
      })
      .from(messages);
  return {
    // The page a conversation opens on, without an OFFSET: with the offset as a parameter too,
    // PostgreSQL found every custom plan cheaper than the generic one and planned the statement on
    // every call (0.24 ms of planning for 0.04 ms of execution; pg_stat_statements, bench realtime
    // phase). This form is planned once per connection.
    first: page()
      .where(eq(messages.conversationId, sql.placeholder('conversationId')))
      .orderBy(desc(messages.seq))
      .limit(messagesPageSize)
      .prepare('thread_page_first'),
    newest: page()
      .where(eq(messages.conversationId, sql.placeholder('conversationId')))
      .orderBy(desc(messages.seq))
      .offset(sql.placeholder('offset'))
      .limit(sql.placeholder('limit'))
      .prepare('thread_page_newest'),
    after: page()
      .where(
        and(
          eq(messages.conversationId, sql.placeholder('conversationId')),
          gt(messages.seq, sql.placeholder('afterSeq')),
        ),
      )
      .orderBy(asc(messages.seq))
      .limit(sql.placeholder('limit'))
      .prepare('thread_page_after'),
  };
}
const threadPages = new WeakMap<DbHandle, ReturnType<typeof prepareThreadPages>>();

export async function loadThreadPage(
  db: DbHandle,
  options: { conversationId: string; viewerId: string } & (
    | { offset: number; limit: number }
    | { afterSeq: number; limit: number }
  ),
): Promise<{ message: MessageRow; files: MessageFile[]; bought: boolean; blocked: boolean }[]> {
  let prepared = threadPages.get(db);
  if (!prepared) {
    prepared = prepareThreadPages(db);
    threadPages.set(db, prepared);
  }
  const values = { conversationId: options.conversationId, viewerId: options.viewerId, limit: options.limit };
  const rows =
    'afterSeq' in options
      ? await prepared.after.execute({ ...values, afterSeq: options.afterSeq })
      : options.offset === 0 && options.limit === messagesPageSize
        ? (await prepared.first.execute(values)).reverse()
        : (await prepared.newest.execute({ ...values, offset: options.offset })).reverse();
  return rows.map((r) => ({
    message: r.message,
    files: (r.files ?? []).map((f) => ({ ...f, size: Number(f.size) })),
    bought: r.bought,
    blocked: r.blocked,
  }));
}
