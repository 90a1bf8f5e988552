import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * Countries a creator hides from (business-rules.md "Blocking and geo-blocking"): visitors whose IP
 * is in one of them do not see the creator anywhere. The primary key (creator, country) answers
 * "has this creator blocked this country" for a page of creators in one index probe each.
 */
export const performerBlockedCountries = pgTable(
  'performer_blocked_countries',
  {
    performerId: uuid('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** ISO 3166-1 alpha-2, upper case. */
    countryCode: text('country_code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.performerId, t.countryCode] }),
    check('performer_blocked_countries_code_check', sql`${t.countryCode} ~ '^[A-Z]{2}$'`),
  ],
);

/** Countries the whole site is closed to (admin): their visitors get the geo-block layout. */
export const siteBlockedCountries = pgTable(
  'site_blocked_countries',
  {
    countryCode: text('country_code').primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('site_blocked_countries_code_check', sql`${t.countryCode} ~ '^[A-Z]{2}$'`)],
);
