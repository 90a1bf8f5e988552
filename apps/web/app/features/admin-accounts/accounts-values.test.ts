import { describe, expect, it } from 'vitest';
import {
  auditChanges,
  auditTargetLink,
  fieldLabel,
  formatAuditValue,
  userSearchQuery,
  verificationOf,
} from './accounts-values';

describe('the users list query', () => {
  it('leaves out "all" filters and an empty search, and turns the page into an offset', () => {
    expect(userSearchQuery({ q: '  ', role: 'all', status: 'all', page: 1 }, 20)).toEqual({
      offset: 0,
      limit: 20,
    });
    expect(userSearchQuery({ q: ' ana ', role: 'performer', status: 'inactive', page: 3 }, 20)).toEqual({
      offset: 40,
      limit: 20,
      q: 'ana',
      role: 'performer',
      status: 'inactive',
    });
  });
});

describe('audit values as people read them', () => {
  it('shows cents as money, commission shares in percent, dates, yes/no and a dash for none', () => {
    expect(formatAuditValue('balanceCents', 2500)).toBe('$25.00');
    expect(formatAuditValue('commissionPercentage', 0.125)).toBe('12.5 %');
    expect(formatAuditValue('performerCommission', 0.2)).toBe('20 %');
    expect(formatAuditValue('isActive', false)).toBe('No');
    expect(formatAuditValue('reason', null)).toBe('—');
    expect(formatAuditValue('documentsVerifiedAt', '2026-06-01T12:30:00.000Z')).toMatch(
      /^Jun 1, 2026 \d\d:30$/,
    );
    expect(formatAuditValue('status', 'inactive')).toBe('inactive');
  });

  it('labels fields in words', () => {
    expect(fieldLabel('commissionPercentage')).toBe('Commission percentage');
    expect(fieldLabel('balanceCents')).toBe('Balance');
    expect(fieldLabel('status')).toBe('Status');
  });

  it('lists each field either side names, with a dash for a side that does not exist', () => {
    expect(
      auditChanges({ before: { status: 'active' }, after: { status: 'inactive', sessionsEnded: 2 } }),
    ).toEqual([
      { field: 'status', label: 'Status', before: 'active', after: 'inactive' },
      { field: 'sessionsEnded', label: 'Sessions ended', before: '—', after: '2' },
    ]);
    expect(auditChanges({ before: null, after: { code: 'SPRING' } })).toEqual([
      { field: 'code', label: 'Code', before: '—', after: 'SPRING' },
    ]);
    expect(auditChanges({ before: { code: 'SPRING' }, after: null })[0]).toMatchObject({ after: '—' });
  });
});

describe('a creator review state', () => {
  it('is verified, rejected or pending', () => {
    const base = { commissionPercentage: null, defaultCommission: 0.2 };
    expect(verificationOf({ ...base, documentsVerifiedAt: 'x', documentsRejectedAt: null }).label).toBe(
      'Documents verified',
    );
    expect(verificationOf({ ...base, documentsVerifiedAt: null, documentsRejectedAt: 'x' }).label).toBe(
      'Documents rejected',
    );
    expect(verificationOf({ ...base, documentsVerifiedAt: null, documentsRejectedAt: null }).label).toBe(
      'Documents pending',
    );
  });
});

describe('the link of an audit target', () => {
  it('opens moderated content on its own page, and nothing for a comment or photo', () => {
    expect(auditTargetLink({ targetType: 'feed', targetId: 'p1' })).toBe('/post/p1');
    expect(auditTargetLink({ targetType: 'video', targetId: 'v1' })).toBe('/video/v1');
    expect(auditTargetLink({ targetType: 'comment', targetId: 'c1' })).toBeNull();
    expect(auditTargetLink({ targetType: 'user', targetId: 'u1' })).toBe('/admin/users/u1');
  });
});
