import type { TAuditQuery } from '@fanstage/contract';
import { and, auditLog, count, desc, type Executor, eq, users } from '@fanstage/db';

/** One page of the log, newest first, with each actor's name (one query for the page, one for the count). */
export async function listAudit(db: Executor, query: TAuditQuery) {
  const where = and(
    query.action ? eq(auditLog.action, query.action) : undefined,
    query.actorId ? eq(auditLog.actorId, query.actorId) : undefined,
    query.targetId ? eq(auditLog.targetId, query.targetId) : undefined,
  );
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        entry: auditLog,
        actor: { id: users.id, name: users.name, username: users.username },
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .offset(query.offset)
      .limit(query.limit),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: totalRow?.total ?? 0 };
}
