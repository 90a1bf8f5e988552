import { text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * The columns an admin's hiding writes on a creator's content (posts, photos, galleries, videos,
 * products, comments). Hidden is `hidden_at IS NOT NULL`: fans never see the row, its owner sees it
 * with `hidden_reason`. A function, so each table gets its own column builders.
 */
export const moderationColumns = () => ({
  hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  hiddenReason: text('hidden_reason'),
  hiddenBy: uuid('hidden_by').references(() => users.id, { onDelete: 'set null' }),
});
