import { getTableColumns, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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
    /** Wrong passwords in a row since the last successful login; drives the per-account login slowdown. */
    failedLoginCount: integer('failed_login_count').notNull().default(0),
    /** Login is refused (429) until then, whatever the client IP. */
    loginBlockedUntil: timestamp('login_blocked_until', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    // Trigram indexes serve ILIKE '%q%' and similarity() in creator search.
    index('users_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('users_username_trgm_idx').using('gin', t.username.op('gin_trgm_ops')),
    // Admin account search matches emails by substring too.
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    check('users_balance_non_negative', sql`${t.balanceCents} >= 0`),
  ],
);

/**
 * The account columns a read that presents people selects: all but the password hash and the
 * login counters, which only the login and password code reads (the row they leave out is
 * `AccountRow`).
 */
export const {
  passwordHash: _passwordHash,
  failedLoginCount: _failedLoginCount,
  loginBlockedUntil: _loginBlockedUntil,
  ...accountColumns
} = getTableColumns(users);
export type AccountRow = Omit<
  typeof users.$inferSelect,
  'passwordHash' | 'failedLoginCount' | 'loginBlockedUntil'
>;

/** Links a creator shows on the profile; each is an http(s) URL. */
export interface PerformerSocials {
  twitter?: string | null;
  instagram?: string | null;
  tiktok?: string | null;
  website?: string | null;
}

/** Creator-only facts; one row per performer user. */
export const performerProfiles = pgTable(
  'performer_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    dateOfBirth: date('date_of_birth').notNull(),
    country: text('country').notNull(),
    bio: text('bio').notNull().default(''),
    /** Set by an admin after checking the identity documents; only verified creators are listed. */
    documentsVerifiedAt: timestamp('documents_verified_at', { withTimezone: true }),
    /** Set when an admin refused the documents; cleared when the creator uploads new ones. */
    documentsRejectedAt: timestamp('documents_rejected_at', { withTimezone: true }),
    /** Subscription prices in cents; null until the creator sets them (that plan is not offered). */
    monthlyPriceCents: bigint('monthly_price_cents', { mode: 'number' }),
    yearlyPriceCents: bigint('yearly_price_cents', { mode: 'number' }),
    /** The creator offers the free subscription (it also needs the site setting). */
    freeSubscriptionEnabled: boolean('free_subscription_enabled').notNull().default(false),
    /** Price per started minute of a private call, in cents. */
    privateCallPriceCents: bigint('private_call_price_cents', { mode: 'number' }).notNull().default(0),
    /** The creator takes 1-on-1 calls (at `privateCallPriceCents` a minute). */
    acceptsCalls: boolean('accepts_calls').notNull().default(false),
    /** Sent to each new subscriber. */
    welcomeMessage: text('welcome_message').notNull().default(''),
    /** A short public video on the profile (a file of kind `welcome-video`, transcoded by the media job). */
    welcomeVideoFileId: uuid('welcome_video_file_id').references((): AnyPgColumn => files.id, {
      onDelete: 'set null',
    }),
    socials: jsonb('socials').$type<PerformerSocials>().notNull().default({}),
    sexualOrientation: text('sexual_orientation'),
    ethnicity: text('ethnicity'),
    height: text('height'),
    weight: text('weight'),
    hair: text('hair'),
    eyes: text('eyes'),
    bodyType: text('body_type'),
    /** The platform's share for this creator (0..1); null means the global performerCommission. Admin only. */
    commissionPercentage: doublePrecision('commission_percentage'),
    requiresSubscriptionToMessage: boolean('requires_subscription_to_message').notNull().default(false),
    /** Last moment the creator was seen online; written by presence. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /* Cached counters, each updated in the transaction that writes the fact it counts. */
    followersCount: bigint('followers_count', { mode: 'number' }).notNull().default(0),
    subscribersCount: bigint('subscribers_count', { mode: 'number' }).notNull().default(0),
    postsCount: bigint('posts_count', { mode: 'number' }).notNull().default(0),
    photosCount: bigint('photos_count', { mode: 'number' }).notNull().default(0),
    videosCount: bigint('videos_count', { mode: 'number' }).notNull().default(0),
    likesCount: bigint('likes_count', { mode: 'number' }).notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('performer_profiles_followers_idx').on(t.followersCount),
    index('performer_profiles_last_seen_idx').on(t.lastSeenAt),
    check(
      'performer_profiles_counters_non_negative',
      sql`${t.followersCount} >= 0 AND ${t.subscribersCount} >= 0 AND ${t.postsCount} >= 0 AND ${t.photosCount} >= 0 AND ${t.videosCount} >= 0 AND ${t.likesCount} >= 0`,
    ),
    check(
      'performer_profiles_prices_non_negative',
      sql`${t.monthlyPriceCents} >= 0 AND ${t.yearlyPriceCents} >= 0 AND ${t.privateCallPriceCents} >= 0`,
    ),
    check(
      'performer_profiles_commission_range',
      sql`${t.commissionPercentage} >= 0 AND ${t.commissionPercentage} <= 1`,
    ),
  ],
);

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
    kind: text('kind', { enum: ['email-verification', 'password-reset', 'email-change'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** For `email-change`: the address the account moves to once the link mailed there is opened. */
    newEmail: text('new_email'),
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
  (t) => [
    index('files_owner_kind_idx').on(t.ownerId, t.kind),
    // The few files whose processing failed: "posts without failed media" (every feed page) reads
    // these instead of scanning all files.
    index('files_failed_idx').on(t.id).where(sql`${t.status} = 'failed'`),
  ],
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
