import { describe, expect, it } from 'vitest';
import { bookmarkPath, bookmarkTabs, bookmarkTitle, tabFromParam } from './bookmark-format';

const performer = { _id: 'p1', name: 'Luna Rivers', username: 'luna.rivers' };

describe('bookmarkPath', () => {
  it('leads each kind of item to its own page', () => {
    expect(bookmarkPath({ objectType: 'feed', objectId: 'a', performer })).toBe('/post/a');
    expect(bookmarkPath({ objectType: 'video', objectId: 'b', performer })).toBe('/video/b');
    expect(bookmarkPath({ objectType: 'gallery', objectId: 'c', performer })).toBe('/gallery/c');
    expect(bookmarkPath({ objectType: 'product', objectId: 'd', performer })).toBe('/product/d');
  });

  it('leads a creator to their page by username, else by id', () => {
    expect(bookmarkPath({ objectType: 'performer', objectId: 'p1', performer })).toBe('/luna.rivers');
    expect(bookmarkPath({ objectType: 'performer', objectId: 'p1', performer: null })).toBe('/p1');
  });
});

describe('tabFromParam', () => {
  it('knows every tab and falls back to posts', () => {
    for (const tab of bookmarkTabs) expect(tabFromParam(tab.type)).toBe(tab.type);
    expect(tabFromParam(null)).toBe('feeds');
    expect(tabFromParam('nonsense')).toBe('feeds');
  });
});

describe('bookmarkTitle', () => {
  it('uses the title, a stand-in for posts without text, and says when an item is gone', () => {
    expect(bookmarkTitle({ objectType: 'video', title: 'Warm-up', isAvailable: true, performer })).toBe(
      'Warm-up',
    );
    expect(bookmarkTitle({ objectType: 'feed', title: ' ', isAvailable: true, performer })).toBe(
      'A post by Luna Rivers',
    );
    expect(bookmarkTitle({ objectType: 'feed', title: '', isAvailable: false, performer: null })).toBe(
      'No longer available',
    );
  });
});
