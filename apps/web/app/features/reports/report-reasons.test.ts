import { ZReportCategory } from '@fanstage/contract';
import { describe, expect, it } from 'vitest';
import { buildReport, reportReasons, reportTitle } from './report-reasons';

describe('report reasons', () => {
  it('offers exactly the categories the API accepts', () => {
    expect(reportReasons.map((r) => r.value).sort()).toEqual([...ZReportCategory.options].sort());
  });

  it('names the thing being reported', () => {
    expect(reportTitle('feed')).toBe('Report this post');
    expect(reportTitle('performer')).toBe('Report this creator');
  });
});

describe('buildReport', () => {
  const base = { target: 'feed' as const, targetId: '0190a4c2-58d4-7b8e-9f0e-3c1d2e4f5a6b' };

  it('asks for a reason first', () => {
    expect(buildReport({ ...base, category: null, description: '' })).toEqual({
      ok: false,
      error: 'Choose a reason.',
    });
  });

  it('asks for a few words when the reason is "something else"', () => {
    expect(buildReport({ ...base, category: 'other', description: '   ' }).ok).toBe(false);
  });

  it('sends the trimmed description with the reason', () => {
    expect(buildReport({ ...base, category: 'spam', description: '  fake giveaway ' })).toEqual({
      ok: true,
      body: { ...base, category: 'spam', description: 'fake giveaway' },
    });
  });
});
