import { index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

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
