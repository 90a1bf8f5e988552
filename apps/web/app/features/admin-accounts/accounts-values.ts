import { auditActionLabels, type TAdminUser, type TAuditEntry } from '@fanstage/contract';
import dayjs from 'dayjs';
import { formatPrice } from '../../lib/format';
import { formatCommission } from '../admin/creator-review';

/** What admins call each role. */
export const roleLabels: Record<TAdminUser['role'], string> = {
  user: 'Fan',
  performer: 'Creator',
  admin: 'Admin',
};

export const statusLabels: Record<TAdminUser['status'], string> = {
  active: 'Active',
  inactive: 'Deactivated',
};
export const statusColors: Record<TAdminUser['status'], string> = { active: 'teal', inactive: 'red' };

/** A creator's ID check in words. */
export function verificationOf(performer: NonNullable<TAdminUser['performer']>): {
  label: string;
  color: string;
} {
  if (performer.documentsVerifiedAt) return { label: 'Documents verified', color: 'teal' };
  if (performer.documentsRejectedAt) return { label: 'Documents rejected', color: 'red' };
  return { label: 'Documents pending', color: 'yellow' };
}

/** The filters of the users list as the API reads them: empty ones left out, page → offset. */
export function userSearchQuery(
  filters: { q: string; role: string; status: string; page: number },
  pageSize: number,
) {
  const q = filters.q.trim().slice(0, 200);
  return {
    offset: (Math.max(1, filters.page) - 1) * pageSize,
    limit: pageSize,
    ...(q ? { q } : {}),
    ...(filters.role !== 'all' ? { role: filters.role } : {}),
    ...(filters.status !== 'all' ? { status: filters.status } : {}),
  };
}

export const auditActionLabel = (action: string): string =>
  (auditActionLabels as Record<string, string>)[action] ?? action;

/** "commissionPercentage" → "Commission percentage", "balanceCents" → "Balance". */
export function fieldLabel(key: string): string {
  const words = key
    .replace(/Cents$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const isoDate = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** One logged value as a person reads it: money in dollars, shares in percent, dates, yes/no, "—" for none. */
export function formatAuditValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') {
    if (key.endsWith('Cents')) return formatPrice(value / 100);
    if (/commission/i.test(key) && value <= 1) return formatCommission(value);
    return String(value);
  }
  if (typeof value === 'string')
    return isoDate.test(value) ? dayjs(value).format('MMM D, YYYY HH:mm') : value;
  return JSON.stringify(value);
}

export interface AuditChange {
  field: string;
  label: string;
  before: string;
  after: string;
}

/** The rows of an entry's before/after, one per field either side mentions (a create has no before). */
export function auditChanges(entry: Pick<TAuditEntry, 'before' | 'after'>): AuditChange[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.map((field) => ({
    field,
    label: fieldLabel(field),
    before: entry.before ? formatAuditValue(field, before[field]) : '—',
    after: entry.after ? formatAuditValue(field, after[field]) : '—',
  }));
}

/** Where an audit target lives in the admin screens, when it has a page. */
export function auditTargetLink(entry: Pick<TAuditEntry, 'targetType' | 'targetId'>): string | null {
  if (entry.targetType === 'user') return `/admin/users/${entry.targetId}`;
  if (entry.targetType === 'order') return '/admin/orders';
  if (entry.targetType === 'payout-request') return '/admin/payouts';
  if (entry.targetType === 'settings') return '/admin/settings';
  if (entry.targetType === 'coupon') return '/admin/coupons';
  if (entry.targetType === 'token-package') return '/admin/packages';
  if (entry.targetType === 'report') return '/admin/reports';
  // Moderated content that has a page of its own (a photo or comment is seen within its item).
  if (entry.targetType === 'feed') return `/post/${entry.targetId}`;
  if (entry.targetType === 'video' || entry.targetType === 'gallery' || entry.targetType === 'product')
    return `/${entry.targetType}/${entry.targetId}`;
  return null;
}
