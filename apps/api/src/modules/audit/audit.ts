import type { TAuditAction } from '@fanstage/contract';
import { auditLog, type Executor } from '@fanstage/db';

/*
 * The one writer of the audit log. Every admin action calls recordAudit with the transaction that
 * makes its change, so the row commits exactly when the change does (and a refused or failed action
 * leaves none).
 */

export type AuditFields = Record<string, unknown>;

export interface AuditRecord {
  /** The admin who acted. */
  actorId: string;
  action: TAuditAction;
  /** What was changed: `user`, `performer`, `payout-request`, `order`, `settings`, … */
  targetType: string;
  targetId: string;
  /** Only the fields the action touched, as they were and as they became (null when created/deleted). */
  before?: AuditFields | null;
  after?: AuditFields | null;
  reason?: string | null;
}

/** JSON keeps dates as ISO strings and drops undefined; do it here so what is read back is what was written. */
function toJson(fields: AuditFields | null | undefined): AuditFields | null {
  if (!fields) return null;
  return JSON.parse(JSON.stringify(fields)) as AuditFields;
}

/** Writes one audit row inside the caller's transaction (`tx`). */
export async function recordAudit(tx: Executor, record: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: record.actorId,
    action: record.action,
    targetType: record.targetType,
    targetId: record.targetId,
    before: toJson(record.before),
    after: toJson(record.after),
    reason: record.reason?.trim() ? record.reason.trim() : null,
  });
}

/**
 * The fields of `after` whose value differs from `before`, as a before/after pair: a save that
 * touched five settings but changed one records that one.
 */
export function changedFields(
  before: AuditFields,
  after: AuditFields,
): { before: AuditFields; after: AuditFields } | null {
  const was: AuditFields = {};
  const now: AuditFields = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key] ?? null) === JSON.stringify(after[key] ?? null)) continue;
    was[key] = before[key] ?? null;
    now[key] = after[key] ?? null;
  }
  return Object.keys(now).length > 0 ? { before: was, after: now } : null;
}
