import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { newId } from '../ids';
import { files, users } from './accounts';
import { moderationColumns } from './moderation';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/** What a creator chose; fans see only `active` items. */
export const assetStatuses = ['active', 'draft'] as const;

/** A photo set. Bought as a whole (purchase target `gallery`), which unlocks its photos. */
export const galleries = pgTable(
  'galleries',
  {
    id: uuid('id').primaryKey().$defaultFn(newId),
    performerId: uuid('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    isSale: boolean('is_sale').notNull().default(false),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull().default(0),
    status: text('status', { enum: assetStatuses }).notNull().default('active'),
    coverPhotoId: uuid('cover_photo_id').references((): AnyPgColumn => photos.id, { onDelete: 'set null' }),
    /** Cached counts of likes and comments, kept in the reaction's or comment's transaction. */
    likesCount: bigint('likes_count', { mode: 'number' }).notNull().default(0),
    commentsCount: bigint('comments_count', { mode: 'number' }).notNull().default(0),
    ...moderationColumns(),
    ...timestamps,
  },
  (t) => [
    index('galleries_performer_updated_idx').on(t.performerId, t.updatedAt),
    check('galleries_price_range', sql`${t.priceCents} >= 0 AND ${t.priceCents} <= 1000000`),
  ],
);

/** One photo of a gallery; its file is a `gallery-photo` upload. */
export const photos = pgTable(
  'photos',
  {
    id: uuid('id').primaryKey().$defaultFn(newId),
    performerId: uuid('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    galleryId: uuid('gallery_id')
      .notNull()
      .references((): AnyPgColumn => galleries.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    ...moderationColumns(),
    ...timestamps,
  },
  (t) => [
    index('photos_gallery_created_idx').on(t.galleryId, t.createdAt),
    index('photos_performer_created_idx').on(t.performerId, t.createdAt),
  ],
);

/**
 * A video for subscribers or for sale. `status` is the creator's choice; what fans see also
 * depends on the file (a video still processing or failed is not listed).
 */
export const videos = pgTable(
  'videos',
  {
    id: uuid('id').primaryKey().$defaultFn(newId),
    performerId: uuid('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    isSale: boolean('is_sale').notNull().default(false),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull().default(0),
    status: text('status', { enum: assetStatuses }).notNull().default('active'),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    teaserFileId: uuid('teaser_file_id').references(() => files.id, { onDelete: 'set null' }),
    thumbnailFileId: uuid('thumbnail_file_id').references(() => files.id, { onDelete: 'set null' }),
    /** Cached counts of likes and comments, kept in the reaction's or comment's transaction. */
    likesCount: bigint('likes_count', { mode: 'number' }).notNull().default(0),
    commentsCount: bigint('comments_count', { mode: 'number' }).notNull().default(0),
    ...moderationColumns(),
    ...timestamps,
  },
  (t) => [
    index('videos_performer_updated_idx').on(t.performerId, t.updatedAt),
    check('videos_price_range', sql`${t.priceCents} >= 0 AND ${t.priceCents} <= 1000000`),
  ],
);

export const productTypes = ['physical', 'digital'] as const;

/**
 * A shop item. A digital product's file stays private: only an order's expiring link (the money
 * issue) ever serves it. Stock counts physical goods only.
 */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().$defaultFn(newId),
    performerId: uuid('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    type: text('type', { enum: productTypes }).notNull(),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    stock: bigint('stock', { mode: 'number' }),
    status: text('status', { enum: assetStatuses }).notNull().default('active'),
    /** `product-image` files, in display order. */
    imageFileIds: jsonb('image_file_ids').$type<string[]>().notNull().default([]),
    digitalFileId: uuid('digital_file_id').references(() => files.id, { onDelete: 'set null' }),
    /** Cached counts of likes and comments, kept in the reaction's or comment's transaction. */
    likesCount: bigint('likes_count', { mode: 'number' }).notNull().default(0),
    commentsCount: bigint('comments_count', { mode: 'number' }).notNull().default(0),
    ...moderationColumns(),
    ...timestamps,
  },
  (t) => [
    index('products_performer_updated_idx').on(t.performerId, t.updatedAt),
    check('products_price_range', sql`${t.priceCents} >= 0 AND ${t.priceCents} <= 1000000`),
    check('products_stock_non_negative', sql`${t.stock} IS NULL OR ${t.stock} >= 0`),
  ],
);
