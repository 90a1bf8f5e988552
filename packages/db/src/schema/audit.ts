import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { newId } from '../ids';
import { users } from './accounts';

/**
 * What an admin changed, written in the same transaction as the change (so a row exists exactly when
 * the change committed). `before`/`after` hold only the fields the action touched. Rows are never
 * updated; the actor link is kept as null if the admin account is ever removed.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().$defaultFn(newId),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** `<domain>.<verb>`, e.g. `user.deactivate`, `performer.commission`. */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(sql`${t.createdAt} DESC`, sql`${t.id} DESC`),
    index('audit_log_target_idx').on(t.targetType, t.targetId),
    index('audit_log_actor_created_idx').on(t.actorId, t.createdAt),
  ],
);
