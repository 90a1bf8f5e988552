import type { TAuditEntry, TAuditQuery } from '@fanstage/contract';
import type { AppContext } from '../../context';
import { listAudit } from './audit.repo';

/** `GET /admin/audit-log`: newest first, filtered by action, admin or target id. */
export async function listAuditLog(
  ctx: AppContext,
  options: { query: TAuditQuery },
): Promise<{ data: TAuditEntry[]; total: number }> {
  const { rows, total } = await listAudit(ctx.db.db, options.query);
  return {
    total,
    data: rows.map(({ entry, actor }) => ({
      _id: entry.id,
      action: entry.action,
      actor: actor ? { _id: actor.id, name: actor.name, username: actor.username } : null,
      targetType: entry.targetType,
      targetId: entry.targetId,
      before: entry.before ?? null,
      after: entry.after ?? null,
      reason: entry.reason,
      createdAt: entry.createdAt.toISOString(),
    })),
  };
}
