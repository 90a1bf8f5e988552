import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { newId } from '../ids';
import { files, users } from './accounts';

export const conversationTypes = ['private', 'stream'] as const;

/**
 * A conversation. `private`: exactly two people, one per pair: the pair is stored ordered
 * (`user_low_id < user_high_id`) so the unique index holds whoever opened it. `last_seq` numbers
 * its messages (1, 2, …); sending takes this row's lock to draw the next number, so messages of one
 * conversation have a strict order even when the clock does not move, and the count is `last_seq`.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().$defaultFn(newId),
    type: text('type', { enum: conversationTypes }).notNull().default('private'),
    userLowId: uuid('user_low_id').references(() => users.id, { onDelete: 'cascade' }),
    userHighId: uuid('user_high_id').references(() => users.id, { onDelete: 'cascade' }),
    /**
     * Set when the conversation belongs to one private show request (its call_sessions id): each
     * request has its own conversation beside the pair's everyday one.
     */
    topicId: uuid('topic_id'),
    lastSeq: integer('last_seq').notNull().default(0),
    lastMessageId: uuid('last_message_id'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_pair_idx').on(t.userLowId, t.userHighId).where(sql`${t.topicId} IS NULL`),
    uniqueIndex('conversations_topic_idx').on(t.topicId).where(sql`${t.topicId} IS NOT NULL`),
    index('conversations_high_idx').on(t.userHighId),
    check('conversations_pair_ordered', sql`${t.userLowId} < ${t.userHighId}`),
    check('conversations_last_seq_non_negative', sql`${t.lastSeq} >= 0`),
    check(
      'conversations_pair_when_private',
      sql`(${t.type} = 'private') = (${t.userLowId} IS NOT NULL AND ${t.userHighId} IS NOT NULL)`,
    ),
  ],
);

/**
 * What one member holds of a conversation: the other person (for lists and search), unseen
 * messages, the last message read, and the last activity (copied here so a person's list is one
 * index scan, newest first).
 */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    otherUserId: uuid('other_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    unreadCount: integer('unread_count').notNull().default(0),
    /** The `seq` of the newest message this member has seen (0: none). */
    lastReadSeq: integer('last_read_seq').notNull().default(0),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }),
    /** The last message's time, else the conversation's creation: what lists sort by. */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    // Ascending on purpose (see feeds): scanned backward it serves "newest activity first".
    index('conversation_members_user_activity_idx').on(t.userId, t.lastActivityAt, t.conversationId),
    index('conversation_members_unread_idx').on(t.userId).where(sql`${t.unreadCount} > 0`),
    check('conversation_members_counts_non_negative', sql`${t.unreadCount} >= 0 AND ${t.lastReadSeq} >= 0`),
  ],
);

/**
 * A person's unseen messages over all their conversations: the sum of their `conversation_members.unread_count`,
 * kept beside it in the same statements (a message sent, a mass message batch, a conversation read) so a
 * new message's statement returns the recipient's exact total. The row is locked by the statement that
 * changes it, so two messages sent at once to one person in two conversations announce n+1 and n+2.
 * A person with no row has 0.
 */
export const messageUnreadTotals = pgTable(
  'message_unread_totals',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    total: integer('total').notNull().default(0),
  },
  (t) => [check('message_unread_totals_non_negative', sql`${t.total} >= 0`)],
);

export const messageTypes = ['text', 'photo', 'video', 'tip'] as const;

/**
 * One message. Plain text (no HTML is ever interpreted), files through `message_files`. A price
 * above zero makes a paid message: the recipient sees its files locked until a `purchases` row
 * (target `message`) exists. Deleting keeps the row (the thread keeps its place) with
 * `is_deleted`; what others see then is decided by the presenter.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().$defaultFn(newId),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: messageTypes }).notNull(),
    text: text('text').notNull().default(''),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull().default(0),
    /** Tips from the chat: the amount tipped. */
    tipAmountCents: bigint('tip_amount_cents', { mode: 'number' }),
    isDeleted: boolean('is_deleted').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Set when the message came from a mass message. */
    massMessageId: uuid('mass_message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Serves a thread newest first (scanned backward), `after` catch-up, and the seq's uniqueness.
    uniqueIndex('messages_conversation_seq_idx').on(t.conversationId, t.seq),
    check('messages_price_range', sql`${t.priceCents} >= 0 AND ${t.priceCents} <= 100000000`),
    check('messages_text_length', sql`char_length(${t.text}) <= 2000`),
  ],
);

/**
 * The files of a message in order. One upload may be attached to many messages (a mass message
 * or a welcome message sends the same photo to each fan), so the file is not unique here.
 */
export const messageFiles = pgTable(
  'message_files',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.position] }), index('message_files_file_idx').on(t.fileId)],
);

export const massMessageAudiences = ['subscribers', 'active-subscribers', 'followers'] as const;
export const massMessageStatuses = ['scheduled', 'sending', 'sent', 'cancelled'] as const;

/**
 * A creator's message to many fans. A job fans it out in batches by fan id (`cursor`: the last fan
 * id done); `mass_message_recipients` makes each fan get it once however many workers run.
 */
export const massMessages = pgTable(
  'mass_messages',
  {
    id: uuid('id').primaryKey().$defaultFn(newId),
    performerId: uuid('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull().default(''),
    fileIds: jsonb('file_ids').$type<string[]>().notNull().default([]),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull().default(0),
    audience: text('audience', { enum: massMessageAudiences }).notNull(),
    status: text('status', { enum: massMessageStatuses }).notNull(),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    recipientsCount: integer('recipients_count').notNull().default(0),
    cursor: uuid('cursor'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mass_messages_performer_created_idx').on(t.performerId, t.createdAt),
    index('mass_messages_due_idx').on(t.scheduledAt).where(sql`${t.status} = 'scheduled'`),
    check('mass_messages_price_range', sql`${t.priceCents} >= 0 AND ${t.priceCents} <= 100000000`),
    check('mass_messages_recipients_non_negative', sql`${t.recipientsCount} >= 0`),
  ],
);

/** Who got a mass message, and which message that was: the primary key is the "once" rule. */
export const massMessageRecipients = pgTable(
  'mass_message_recipients',
  {
    massMessageId: uuid('mass_message_id')
      .notNull()
      .references(() => massMessages.id, { onDelete: 'cascade' }),
    fanId: uuid('fan_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.massMessageId, t.fanId] })],
);

export const welcomeMessageTriggers = ['follow', 'subscribe', 'both'] as const;

/**
 * The creator's automatic welcome message beyond its text, which stays in
 * `performer_profiles.welcome_message` (the profile form edits it too). No row: on when that text
 * is not empty, sent on subscribe.
 */
export const welcomeMessages = pgTable(
  'welcome_messages',
  {
    performerId: uuid('performer_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    isEnabled: boolean('is_enabled').notNull().default(true),
    fileIds: jsonb('file_ids').$type<string[]>().notNull().default([]),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull().default(0),
    trigger: text('trigger', { enum: welcomeMessageTriggers }).notNull().default('subscribe'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('welcome_messages_price_range', sql`${t.priceCents} >= 0 AND ${t.priceCents} <= 100000000`)],
);

/** A welcome message went to this fan: once per (creator, fan), whatever follows or subscribes later. */
export const welcomeMessageDeliveries = pgTable(
  'welcome_message_deliveries',
  {
    performerId: uuid('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fanId: uuid('fan_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.performerId, t.fanId] })],
);
