import type { TAdminContentItem, TReport } from '@fanstage/contract';
import { describe, expect, it } from 'vitest';
import { reportActionChoices, resolveProblem } from './report-actions';

const creatorId = '20000000-0000-4000-8000-000000000001';
const fanId = '30000000-0000-4000-8000-000000000001';

const commentBy = (authorId: string, over: Partial<TAdminContentItem> = {}): TAdminContentItem => ({
  target: 'comment',
  _id: '10000000-0000-4000-8000-000000000001',
  title: 'You are all idiots',
  owner: { _id: authorId, name: authorId === creatorId ? 'Luna' : 'Troll', username: null },
  performerId: creatorId,
  hidden: null,
  url: null,
  createdAt: '2026-05-01T12:00:00.000Z',
  ...over,
});

/** The actions that may be chosen for a report of this target and item. */
const enabled = (report: Pick<TReport, 'target' | 'item'>) =>
  reportActionChoices(report)
    .filter((c) => !c.isDisabled)
    .map((c) => c.action);

describe('the actions a report may be closed with', () => {
  it('offers every action for a fan’s comment on a creator’s page', () => {
    expect(enabled({ target: 'comment', item: commentBy(fanId) })).toEqual([
      'dismiss',
      'hide',
      'warn',
      'block',
      'deactivate',
    ]);
  });

  it('does not block a creator for their own comment on their own page', () => {
    const block = reportActionChoices({ target: 'comment', item: commentBy(creatorId) }).find(
      (c) => c.action === 'block',
    );
    expect(block).toMatchObject({ isDisabled: true, description: expect.stringContaining('their own page') });
  });

  it('never hides a creator’s profile, nor blocks outside comments', () => {
    expect(enabled({ target: 'performer', item: null })).toEqual(['dismiss', 'warn', 'deactivate']);
    expect(enabled({ target: 'video', item: { ...commentBy(creatorId), target: 'video' } })).toEqual([
      'dismiss',
      'hide',
      'warn',
      'deactivate',
    ]);
  });

  it('does not hide what is hidden already', () => {
    const hidden = { at: '2026-06-01T00:00:00.000Z', reason: 'Spam' };
    expect(enabled({ target: 'comment', item: commentBy(fanId, { hidden }) })).not.toContain('hide');
  });

  it('only dismisses a report of content deleted since', () => {
    const choices = reportActionChoices({ target: 'feed', item: null });
    expect(choices.filter((c) => !c.isDisabled).map((c) => c.action)).toEqual(['dismiss']);
    expect(choices[1]?.description).toBe('The post was deleted: only Dismiss applies.');
  });
});

describe('the reason of a resolution', () => {
  it('is needed, of 3 characters at least, unless dismissing', () => {
    expect(resolveProblem(null, '')).toBe('Choose what to do.');
    expect(resolveProblem('dismiss', '')).toBeNull();
    expect(resolveProblem('warn', '  ab ')).toBe(
      'Give a reason of at least 3 characters: the people affected are told it.',
    );
    expect(resolveProblem('deactivate', 'Fake identity')).toBeNull();
  });
});
