import { describe, expect, it } from 'vitest';
import {
  pageBodyOf,
  promoBodyOf,
  promoFormOf,
  promoStateOf,
  wrapSelection,
  ZPageForm,
  ZPromoForm,
} from './site-content-values';

describe('the page form', () => {
  it('leaves an empty slug out so the server makes it from the title', () => {
    expect(pageBodyOf({ title: ' Terms ', slug: '', content: '<p>x</p>', status: 'draft' })).toEqual({
      title: 'Terms',
      content: '<p>x</p>',
      status: 'draft',
    });
    expect(pageBodyOf({ title: 'Terms', slug: 'terms-of-use', content: '', status: 'published' }).slug).toBe(
      'terms-of-use',
    );
  });

  it('refuses a slug with spaces and an empty title with sentences', () => {
    const res = ZPageForm.safeParse({ title: '', slug: 'a b', content: '', status: 'draft' });
    expect(res.success).toBe(false);
    const messages = res.error?.issues.map((i) => i.message);
    expect(messages).toContain('The title cannot be empty.');
    expect(messages).toContain('The slug may hold only letters, digits and single dashes.');
  });

  it('wraps the selection in a tag, or puts an empty pair at the caret', () => {
    expect(wrapSelection('say hello now', 4, 9, '<strong>', '</strong>')).toEqual({
      text: 'say <strong>hello</strong> now',
      caret: 17,
    });
    expect(wrapSelection('ab', 1, 1, '<em>', '</em>')).toEqual({ text: 'a<em></em>b', caret: 5 });
  });
});

describe('the promo form', () => {
  it('sends empty links and dates as null and dates as ISO', () => {
    const body = promoBodyOf({
      title: ' Sale ',
      description: '',
      imageUrl: '',
      linkUrl: '/explore',
      isActive: true,
      position: '',
      startsAt: '2026-07-01T10:00',
      endsAt: '',
    });
    expect(body).toMatchObject({
      title: 'Sale',
      imageUrl: null,
      linkUrl: '/explore',
      position: 0,
      endsAt: null,
    });
    expect(new Date(body.startsAt ?? '').getTime()).toBe(new Date('2026-07-01T10:00').getTime());
  });

  it('reads a saved promo back into the same local times', () => {
    const start = new Date('2026-07-01T10:00').toISOString();
    const form = promoFormOf({
      _id: 'x',
      title: 'Sale',
      description: '',
      imageUrl: null,
      linkUrl: null,
      isActive: true,
      position: 2,
      startsAt: start,
      endsAt: null,
      createdAt: start,
      updatedAt: start,
    });
    expect(form).toMatchObject({ startsAt: '2026-07-01T10:00', endsAt: '', imageUrl: '', position: 2 });
  });

  it('refuses an end before the start and a link that is not a URL', () => {
    const res = ZPromoForm.safeParse({
      title: 'Sale',
      description: '',
      imageUrl: '',
      linkUrl: 'explore',
      isActive: true,
      position: 0,
      startsAt: '2026-07-02T10:00',
      endsAt: '2026-07-01T10:00',
    });
    expect(res.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['linkUrl', 'Must be a URL starting with http://, https:// or /.'],
      ['endsAt', 'The end must be after the start.'],
    ]);
  });

  it('says whether fans see it now', () => {
    const now = new Date('2026-07-01T12:00:00Z');
    const promo = { isActive: true, startsAt: null, endsAt: null };
    expect(promoStateOf(promo, now)).toBe('showing');
    expect(promoStateOf({ ...promo, isActive: false }, now)).toBe('off');
    expect(promoStateOf({ ...promo, startsAt: '2026-07-02T00:00:00Z' }, now)).toBe('scheduled');
    expect(promoStateOf({ ...promo, endsAt: '2026-07-01T00:00:00Z' }, now)).toBe('ended');
  });
});
