import {
  bigint,
  boolean,
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

/**
 * An account's authenticator app (TOTP). The row exists from the start of enrolment; two-factor is
 * on only once `enabledAt` is set (the first code was confirmed). The secret is encrypted with a key
 * derived from the app's SECRET; `lastUsedStep` is the last accepted 30-second step, so a code is
 * never accepted twice.
 */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  /** Wrong codes in a row, over every login challenge: past a few, codes are refused for a while. */
  failedCodeCount: integer('failed_code_count').notNull().default(0),
  codesBlockedUntil: timestamp('codes_blocked_until', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time recovery codes; only a keyed hash of each is kept. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: uuid('id').primaryKey().$defaultFn(newId),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('two_factor_recovery_codes_user_idx').on(t.userId),
    uniqueIndex('two_factor_recovery_codes_hash_idx').on(t.userId, t.codeHash),
  ],
);

/**
 * The short-lived, single-use ticket a password login hands out when a second step is needed:
 * `verify` (type a code) or `enrol` (an admin who must set up two-factor first). Only its hash is kept.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: uuid('id').primaryKey().$defaultFn(newId),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    purpose: text('purpose', { enum: ['verify', 'enrol'] }).notNull(),
    /** The login's "remember me", carried to the session the challenge ends in. */
    remember: boolean('remember').notNull().default(false),
    /** Wrong codes typed against this challenge; past the limit it is spent. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('two_factor_challenges_token_hash_idx').on(t.tokenHash),
    index('two_factor_challenges_user_idx').on(t.userId),
  ],
);
