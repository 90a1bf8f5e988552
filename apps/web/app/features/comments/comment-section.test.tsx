import type { TComment } from '@fanstage/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanupScreen, renderScreen, stubFetch } from '../../test-utils/screen';
import { CommentSection } from './comment-section';

afterEach(cleanupScreen);

const postId = '10000000-0000-4000-8000-000000000001';
const commentOf = (over: Partial<TComment> = {}): TComment => ({
  _id: '40000000-0000-4000-8000-000000000001',
  objectType: 'feed',
  objectId: postId,
  parentId: null,
  content: 'Buy followers at my site',
  author: { _id: 'fan', name: 'Troll', username: 'troll', avatar: '/a.png' },
  totalReply: 0,
  totalLike: 0,
  isLiked: false,
  canDelete: false,
  createdAt: '2026-06-01T12:00:00.000Z',
  ...over,
});

function renderComments(comment: TComment, user: Record<string, unknown>) {
  stubFetch(() => Response.json({ data: [comment], total: 1 }));
  renderScreen(<CommentSection target={{ objectType: 'feed', objectId: postId }} />, { user });
}

const moderate = () => document.querySelector('[aria-label^="Moderate the comment of"]');
const notice = () => document.querySelector('[data-testid="hidden-notice"]');

describe('a comment', () => {
  it('shows its author that moderators hid it, and why', async () => {
    renderComments(commentOf({ hidden: { at: '2026-06-02T09:00:00.000Z', reason: 'Spam links' } }), {
      _id: 'fan',
    });
    await vi.waitFor(() => expect(notice()).not.toBeNull());
    expect(notice()?.textContent).toContain('Hidden');
    expect(notice()?.textContent).toContain('Others cannot see this comment. Reason: Spam links');
    expect(moderate()).toBeNull();
  });

  it('gives an admin the Moderate menu', async () => {
    renderComments(commentOf({ canDelete: true }), { _id: 'admin', isAdmin: true });
    await vi.waitFor(() => expect(moderate()).not.toBeNull());
    expect(moderate()?.getAttribute('aria-label')).toBe('Moderate the comment of Troll');
    expect(notice()).toBeNull();
  });
});
