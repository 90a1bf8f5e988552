import { describe, expect, it } from 'vitest';
import { toggledReaction } from './use-object-reactions';

describe('toggledReaction', () => {
  const start = { isLiked: false, isBookmarked: false, likesCount: 4 };

  it('a like adds one to the count, an unlike takes it back', () => {
    const liked = toggledReaction(start, 'like');
    expect(liked).toEqual({ isLiked: true, isBookmarked: false, likesCount: 5 });
    expect(toggledReaction(liked, 'like')).toEqual(start);
  });

  it('never counts below zero', () => {
    expect(toggledReaction({ isLiked: true, isBookmarked: false, likesCount: 0 }, 'like').likesCount).toBe(0);
  });

  it('a bookmark leaves the likes alone', () => {
    expect(toggledReaction(start, 'bookmark')).toEqual({ ...start, isBookmarked: true });
  });
});
