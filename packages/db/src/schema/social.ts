import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { newId } from '../ids';
import { users } from './accounts';
import { moderationColumns } from './moderation';

/** A fan (or any account) following a creator; performer_profiles.followers_count counts these rows. */
export const follows = pgTable(
  'follows',
  {
    followerId: uuid('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    performerId: uuid('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.performerId] }),
    index('follows_performer_created_idx').on(t.performerId, t.createdAt),
    index('follows_follower_created_idx').on(t.followerId, t.createdAt),
  ],
);

export const reactionObjectTypes = ['feed', 'video', 'gallery', 'product', 'performer', 'comment'] as const;
export const reactionActions = ['like', 'bookmark'] as const;

/**
 * A like or bookmark of one object. The object is polymorphic (no foreign key); each object's
 * likes_count counts its `like` rows and is kept in the same transaction as the row.
 */
export const reactions = pgTable(
  'reactions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    objectType: text('object_type', { enum: reactionObjectTypes }).notNull(),
    objectId: uuid('object_id').notNull(),
    action: text('action', { enum: reactionActions }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.objectType, t.objectId, t.action] }),
    index('reactions_user_action_created_idx').on(t.userId, t.action, t.objectType, t.createdAt),
    index('reactions_object_idx').on(t.objectType, t.objectId, t.action),
  ],
);

export const commentObjectTypes = ['feed', 'video', 'gallery', 'product'] as const;

/**
 * A plain-text comment on a post or asset; `parent_id` makes it a reply (one level only). Deleting
 * a comment deletes its replies; the object's comments_count counts every row, replies included.
 */
export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().$defaultFn(newId),
    objectType: text('object_type', { enum: commentObjectTypes }).notNull(),
    objectId: uuid('object_id').notNull(),
    parentId: uuid('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    likesCount: bigint('likes_count', { mode: 'number' }).notNull().default(0),
    repliesCount: bigint('replies_count', { mode: 'number' }).notNull().default(0),
    ...moderationColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('comments_object_created_idx').on(t.objectType, t.objectId, t.createdAt),
    index('comments_parent_created_idx').on(t.parentId, t.createdAt),
    check('comments_text_length', sql`char_length(${t.text}) BETWEEN 1 AND 2000`),
    check('comments_counters_non_negative', sql`${t.likesCount} >= 0 AND ${t.repliesCount} >= 0`),
  ],
);

export const reportTargets = ['performer', 'feed', 'video', 'gallery', 'product', 'comment'] as const;
export const reportCategories = ['spam', 'abuse', 'copyright', 'underage', 'other'] as const;
export const reportStatuses = ['open', 'resolved', 'dismissed'] as const;
/** What an admin did when closing a report; `dismiss` closes it as `dismissed`, the rest as `resolved`. */
export const reportActions = ['dismiss', 'hide', 'warn', 'block', 'deactivate'] as const;

/** A user's report of content or a creator; at most one open report per user and target. */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().$defaultFn(newId),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    target: text('target', { enum: reportTargets }).notNull(),
    targetId: uuid('target_id').notNull(),
    category: text('category', { enum: reportCategories }).notNull(),
    description: text('description').notNull().default(''),
    status: text('status', { enum: reportStatuses }).notNull().default('open'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    action: text('action', { enum: reportActions }),
    /** The admin's reason, as the people told were told it. */
    resolutionNote: text('resolution_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reports_one_open_idx')
      .on(t.reporterId, t.target, t.targetId)
      .where(sql`${t.status} = 'open'`),
    index('reports_status_created_idx').on(t.status, t.createdAt),
    check('reports_description_length', sql`char_length(${t.description}) <= 1000`),
  ],
);
