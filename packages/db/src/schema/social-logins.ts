import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { newId } from '../ids';
import { users } from './accounts';

/**
 * A Google or Twitter identity linked to an account: signing in with it logs that account in.
 * One row per (provider, subject); an account may have one of each provider.
 */
export const socialLogins = pgTable(
  'social_logins',
  {
    id: uuid('id').primaryKey().$defaultFn(newId),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['google', 'twitter'] }).notNull(),
    /** The provider's stable id of the person (Google's `sub`, Twitter's `id_str`). */
    subject: text('subject').notNull(),
    /** The email the provider vouched for when the link was made (kept for support; may be null). */
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('social_logins_provider_subject_idx').on(t.provider, t.subject),
    uniqueIndex('social_logins_user_provider_idx').on(t.userId, t.provider),
  ],
);
