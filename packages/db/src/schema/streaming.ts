import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { newId } from '../ids';
import { users } from './accounts';
import { conversations } from './messaging';

export const liveSessionStatuses = ['live', 'ended'] as const;
export type LiveSessionStatus = (typeof liveSessionStatuses)[number];

/** Why a show ended: the creator ended it, or (later) the server found the publisher's media gone for a minute. */
export const liveSessionEndReasons = ['ended_by_creator', 'publisher_gone', 'account_deactivated'] as const;
export type LiveSessionEndReason = (typeof liveSessionEndReasons)[number];

/**
 * A creator's public live show (docs/decisions/live-video-plan.md "Public shows"). A priced show is
 * bought per session (purchases, target type `stream`), so a new show is a new payment; at price 0
 * it is free for the creator's active subscribers. The media columns come with the media slice.
 */
export const liveSessions = pgTable(
  'live_sessions',
  {
    id: uuid('id').primaryKey().$defaultFn(newId),
    performerId: uuid('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    priceCents: integer('price_cents').notNull().default(0),
    status: text('status', { enum: liveSessionStatuses }).notNull().default('live'),
    /** What the creator announced; it may only grow (set-duration refuses a shorter one). */
    plannedDurationMinutes: integer('planned_duration_minutes'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason', { enum: liveSessionEndReasons }),
    /** When Janus last told us the creator's media was up (published, WebRTC up, media stats). */
    publisherSeenAt: timestamp('publisher_seen_at', { withTimezone: true }),
    /** When the creator's media went down (unpublished, hangup, left); null while it is up or never came. */
    publisherGoneAt: timestamp('publisher_gone_at', { withTimezone: true }),
    /**
     * Until when the creator's page holds media tokens: each grant to the publisher moves it on. A
     * page that stops asking (its browser closed, the media server it published to died, or peer to
     * peer where no media server reports) lets it pass, and the show ends a minute later.
     */
    publisherLeaseUntil: timestamp('publisher_lease_until', { withTimezone: true }),
    /** The show's public chat (a `stream` conversation), made with the show. */
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    // One show at a time per creator: a second go-live loses here even when two race.
    uniqueIndex('live_sessions_one_live_idx').on(t.performerId).where(sql`${t.status} = 'live'`),
    index('live_sessions_status_started_idx').on(t.status, t.startedAt),
    // The auto-end job's scan: live shows whose publisher went away.
    index('live_sessions_publisher_gone_idx')
      .on(t.publisherGoneAt)
      .where(sql`${t.status} = 'live' AND ${t.publisherGoneAt} IS NOT NULL`),
    index('live_sessions_publisher_lease_idx')
      .on(t.publisherLeaseUntil)
      .where(sql`${t.status} = 'live' AND ${t.publisherLeaseUntil} IS NOT NULL`),
    uniqueIndex('live_sessions_conversation_idx').on(t.conversationId),
    check('live_sessions_price_non_negative', sql`${t.priceCents} >= 0`),
    check('live_sessions_status', sql`${t.status} IN ('live', 'ended')`),
    check(
      'live_sessions_ended',
      sql`(${t.status} = 'ended') = (${t.endedAt} IS NOT NULL AND ${t.endReason} IS NOT NULL)`,
    ),
    check(
      'live_sessions_duration_positive',
      sql`${t.plannedDurationMinutes} IS NULL OR ${t.plannedDurationMinutes} > 0`,
    ),
  ],
);

/**
 * The creator's moderation of one viewer in one show: muted (reads the chat, cannot post) or
 * removed (out of the chat and the video of this show for good). Removal outranks a mute.
 */
export const liveSessionModerations = pgTable(
  'live_session_moderations',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => liveSessions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isMuted: boolean('is_muted').notNull().default(false),
    isRemoved: boolean('is_removed').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.userId] })],
);

export const callSessionKinds = ['private_show', 'call'] as const;
export type CallSessionKind = (typeof callSessionKinds)[number];

/**
 * Private shows: pending → approved | rejected | cancelled (the fan deleted it); approved → live →
 * finished. Calls: ringing → live | declined | missed | cancelled (the fan hung up first); live →
 * finished.
 */
export const callSessionStatuses = [
  'pending',
  'approved',
  'rejected',
  'ringing',
  'live',
  'finished',
  'cancelled',
  'declined',
  'missed',
] as const;
export type CallSessionStatus = (typeof callSessionStatuses)[number];

/** Why a live session finished. */
export const callEndReasons = [
  'ended_by_fan',
  'ended_by_creator',
  'insufficient_balance',
  'fan_gone',
  /** The creator blocked the fan during the session. */
  'blocked',
  'account_deactivated',
] as const;
export type CallEndReason = (typeof callEndReasons)[number];

/**
 * A private show or a 1-on-1 call (docs/decisions/live-video-plan.md "Private shows and 1-on-1
 * calls"), billed per started minute on the server: minute k is due at started_at + (k-1) minutes,
 * and `billed_minutes` moves only in the wallet's transaction that charged that minute.
 */
export const callSessions = pgTable(
  'call_sessions',
  {
    id: uuid('id').primaryKey().$defaultFn(newId),
    kind: text('kind', { enum: callSessionKinds }).notNull(),
    fanId: uuid('fan_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    performerId: uuid('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: callSessionStatuses }).notNull(),
    /** Private shows: when the fan would like it, in their own time zone, and what for. */
    requestedFor: timestamp('requested_for', { withTimezone: true }),
    timezone: text('timezone'),
    note: text('note').notNull().default(''),
    /** Price per started minute, in cents; the creator sets it at start and may edit it. */
    priceCents: integer('price_cents').notNull().default(0),
    conversationId: uuid('conversation_id'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason', { enum: callEndReasons }),
    billedMinutes: integer('billed_minutes').notNull().default(0),
    totalSeconds: integer('total_seconds').notNull().default(0),
    totalSpentCents: bigint('total_spent_cents', { mode: 'number' }).notNull().default(0),
    fanSeenAt: timestamp('fan_seen_at', { withTimezone: true }),
    creatorSeenAt: timestamp('creator_seen_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    // A fan pays for one session at a time: a second call or show while one rings or runs loses here.
    uniqueIndex('call_sessions_one_active_fan_idx')
      .on(t.fanId)
      .where(sql`${t.status} IN ('ringing', 'live')`),
    index('call_sessions_fan_created_idx').on(t.fanId, t.createdAt),
    index('call_sessions_performer_created_idx').on(t.performerId, t.createdAt),
    // The ticker's scan: live and ringing rows only.
    index('call_sessions_active_idx')
      .on(t.status, t.startedAt)
      .where(sql`${t.status} IN ('ringing', 'live')`),
    check('call_sessions_price_non_negative', sql`${t.priceCents} >= 0`),
    check(
      'call_sessions_totals_non_negative',
      sql`${t.billedMinutes} >= 0 AND ${t.totalSeconds} >= 0 AND ${t.totalSpentCents} >= 0`,
    ),
    check('call_sessions_live_started', sql`${t.status} <> 'live' OR ${t.startedAt} IS NOT NULL`),
  ],
);
