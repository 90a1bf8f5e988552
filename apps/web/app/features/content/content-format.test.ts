import { describe, expect, it } from 'vitest';
import { absoluteImage, assetLock, metaDescription, reactionFactsOf, shareCardMeta } from './content-format';

describe('assetLock', () => {
  it('asks visitors to log in and names the price of a paid item', () => {
    expect(assetLock('gallery', { isSale: true, price: 7.99 }, { isLoggedIn: false })).toEqual({
      kind: 'login',
      title: 'Unlock this gallery for $7.99',
      action: 'Log in to see it',
    });
  });

  it('tells visitors a free-for-fans item only needs a login', () => {
    expect(assetLock('video', { isSale: true, price: 0 }, { isLoggedIn: false }).title).toBe(
      'Free for fans who log in',
    );
  });

  it('asks a fan to buy a paid item, even a subscriber', () => {
    const lock = assetLock('video', { isSale: true, price: 5.99 }, { isLoggedIn: true, monthlyPrice: 9.99 });
    expect(lock).toMatchObject({ kind: 'purchase', action: 'Unlock for $5.99' });
  });

  it('asks a fan to subscribe to an item that is not for sale, with the monthly price when known', () => {
    expect(
      assetLock('gallery', { isSale: false, price: 0 }, { isLoggedIn: true, monthlyPrice: 9.99 }),
    ).toEqual({
      kind: 'subscribe',
      title: 'Subscribe to see this gallery',
      action: 'Subscribe for $9.99/month',
    });
    expect(assetLock('gallery', { isSale: false, price: 0 }, { isLoggedIn: true }).action).toBe('Subscribe');
  });
});

describe('metaDescription', () => {
  it('keeps one line of at most 200 characters', () => {
    expect(metaDescription('a\n\n b', 'x')).toBe('a b');
    const long = metaDescription('word '.repeat(100), 'x');
    expect(long).toHaveLength(200);
    expect(long.endsWith('...')).toBe(true);
  });

  it('falls back when there is no text', () => {
    expect(metaDescription('  ', 'A post by Luna')).toBe('A post by Luna');
  });
});

describe('absoluteImage', () => {
  it('makes site paths absolute and keeps absolute URLs', () => {
    expect(absoluteImage('https://fan.example', '/api/files/public/a.webp')).toBe(
      'https://fan.example/api/files/public/a.webp',
    );
    expect(absoluteImage('https://fan.example', 'https://cdn.example/a.webp')).toBe(
      'https://cdn.example/a.webp',
    );
  });

  it('never answers a blurred preview or nothing', () => {
    expect(absoluteImage('https://fan.example', 'data:image/webp;base64,AAAA')).toBeNull();
    expect(absoluteImage('https://fan.example', null)).toBeNull();
  });

  it('never answers signed private media, even for a viewer who may see it', () => {
    expect(absoluteImage('https://fan.example', '/api/files/private/p/a.webp?exp=1&sig=x')).toBeNull();
  });
});

describe('shareCardMeta', () => {
  const card = { title: 'T', description: 'D', url: 'https://fan.example/post/1' };

  it('leaves the image out when there is none (a locked item)', () => {
    const tags = shareCardMeta({ ...card, image: null });
    expect(tags.some((t) => t.property === 'og:image')).toBe(false);
    expect(tags).toContainEqual({ name: 'twitter:card', content: 'summary' });
  });

  it('adds the image and a large card when there is one', () => {
    const tags = shareCardMeta({ ...card, image: 'https://fan.example/a.webp' });
    expect(tags).toContainEqual({ property: 'og:image', content: 'https://fan.example/a.webp' });
    expect(tags).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' });
  });
});

describe('reactionFactsOf', () => {
  it('reads what the item says and defaults the rest', () => {
    expect(reactionFactsOf({ _id: 'a', likesCount: 3, isLiked: true })).toEqual({
      likesCount: 3,
      commentsCount: 0,
      isLiked: true,
      isBookmarked: false,
    });
  });
});
