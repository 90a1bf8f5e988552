import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { newId } from '../ids';
import { users } from './accounts';

/** Searched keywords (trimmed, lower case) and how often each was searched. */
export const searchKeywords = pgTable(
  'search_keywords',
  {
    keyword: text('keyword').primaryKey(),
    searchCount: bigint('search_count', { mode: 'number' }).notNull().default(0),
    lastSearchedAt: timestamp('last_searched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('search_keywords_count_idx').on(t.searchCount.desc()),
    check('search_keywords_length', sql`char_length(${t.keyword}) BETWEEN 1 AND 100`),
  ],
);

/** A site-wide promotion banner, shown while active and inside its dates. */
export const sitePromos = pgTable(
  'site_promos',
  {
    id: uuid('id').primaryKey().$defaultFn(newId),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    imageUrl: text('image_url'),
    linkUrl: text('link_url'),
    isActive: boolean('is_active').notNull().default(true),
    position: integer('position').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [index('site_promos_active_idx').on(t.isActive, t.position)],
);

export const cmsPostStatuses = ['draft', 'published'] as const;

/** A CMS page (terms, help, news) written by an admin; content is sanitized HTML. */
export const cmsPosts = pgTable(
  'cms_posts',
  {
    id: uuid('id').primaryKey().$defaultFn(newId),
    title: text('title').notNull(),
    slug: text('slug').notNull(),
    content: text('content').notNull().default(''),
    status: text('status', { enum: cmsPostStatuses }).notNull().default('draft'),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex('cms_posts_slug_idx').on(t.slug),
    index('cms_posts_status_updated_idx').on(t.status, t.updatedAt),
  ],
);
