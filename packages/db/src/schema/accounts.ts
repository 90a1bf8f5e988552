import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { newId } from '../ids';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().$defaultFn(newId),
    name: text('name').notNull(),
    username: text('username'),
    email: text('email'),
    passwordHash: text('password_hash'),
    role: text('role', { enum: ['user', 'performer', 'admin'] })
      .notNull()
      .default('user'),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    gender: text('gender', { enum: ['male', 'female', 'transgender'] }),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    avatarPath: text('avatar_path'),
    coverPath: text('cover_path'),
    /** Cached wallet balance in cents; only the wallet module writes it, with its ledger entries. */
    balanceCents: bigint('balance_cents', { mode: 'number' }).notNull().default(0),
    siteSubscriptionExpiresAt: timestamp('site_subscription_expires_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    check('users_balance_non_negative', sql`${t.balanceCents} >= 0`),
  ],
);

/** Creator-only facts; one row per performer user. */
export const performerProfiles = pgTable('performer_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  dateOfBirth: date('date_of_birth').notNull(),
  country: text('country').notNull(),
  bio: text('bio').notNull().default(''),
  /** Set by an admin after checking the identity documents; only verified creators are listed. */
  documentsVerifiedAt: timestamp('documents_verified_at', { withTimezone: true }),
  ...timestamps,
});

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().$defaultFn(newId),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    remember: boolean('remember').notNull().default(false),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sessions_token_hash_idx').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Single-use tokens sent by email: verification and password reset. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: uuid('id').primaryKey().$defaultFn(newId),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['email-verification', 'password-reset'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_tokens_hash_idx').on(t.tokenHash)],
);

/** Every stored upload. Public files (avatars) have a stable path; private ones are served only through signed URLs. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().$defaultFn(newId),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    visibility: text('visibility', { enum: ['public', 'private'] }).notNull(),
    storageKey: text('storage_key').notNull(),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    width: bigint('width', { mode: 'number' }),
    height: bigint('height', { mode: 'number' }),
    status: text('status', { enum: ['uploaded', 'processing', 'ready', 'failed'] })
      .notNull()
      .default('ready'),
    originalName: text('original_name'),
    /** Why processing failed, as a sentence for the creator; set only with status `failed`. */
    failureReason: text('failure_reason'),
    /** Playing time of a video or audio, known after probing. */
    durationSeconds: doublePrecision('duration_seconds'),
    /** Transcoding progress 0–100 while `processing`. */
    progress: integer('progress'),
    /** Storage keys of what was made from the upload (sizes, posters, transcodes). */
    variants: jsonb('variants').$type<MediaVariants>(),
    /** A tiny, heavily blurred WebP as a data: URI: shown for locked items, it reveals nothing. */
    preview: text('preview'),
    ...timestamps,
  },
  (t) => [index('files_owner_kind_idx').on(t.ownerId, t.kind)],
);

export interface StoredVariant {
  key: string;
  width?: number;
  height?: number;
}

/** What the media pipeline made from one upload; every key is under `private/`. */
export interface MediaVariants {
  thumbnail?: StoredVariant;
  feed?: StoredVariant;
  full?: StoredVariant;
  video?: StoredVariant;
  audio?: StoredVariant;
  posters?: (StoredVariant & { atSeconds: number })[];
  teaser?: StoredVariant & {
    /** True when the pipeline cut it from the video because the creator gave none. */
    isGenerated: boolean;
  };
}
