import type { TGallery, TProduct } from '@fanstage/contract';
import { describe, expect, it } from 'vitest';
import {
  accessLabel,
  accessOf,
  emptyGalleryForm,
  emptyProductForm,
  emptyVideoForm,
  formDataOf,
  galleryFormOf,
  galleryPayload,
  itemsOf,
  productFields,
  saleOf,
  splitImages,
  splitTags,
  stockLabel,
  videoFields,
  ZGalleryForm,
  ZProductForm,
  ZVideoForm,
} from './studio-values';

const messagesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('who can see an asset', () => {
  it('reads subscribers, pay per view and free from isSale and price', () => {
    expect(accessOf({ isSale: false, price: 0 })).toBe('subscribers');
    expect(accessOf({ isSale: false, price: 5 })).toBe('subscribers');
    expect(accessOf({ isSale: true, price: 4.99 })).toBe('ppv');
    expect(accessOf({ isSale: true, price: 0 })).toBe('free');
  });

  it('turns each choice back into isSale and price, dropping the price unless it is pay per view', () => {
    expect(saleOf('subscribers', 9)).toEqual({ isSale: false, price: 0 });
    expect(saleOf('free', 9)).toEqual({ isSale: true, price: 0 });
    expect(saleOf('ppv', 9.5)).toEqual({ isSale: true, price: 9.5 });
  });

  it('labels a tile with the price, Free or Subscribers', () => {
    expect(accessLabel({ isSale: true, price: 12.5 })).toBe('$12.50');
    expect(accessLabel({ isSale: true, price: 0 })).toBe('Free');
    expect(accessLabel({ isSale: false, price: 0 })).toBe('Subscribers');
  });
});

describe('gallery form', () => {
  it('asks for a title and, for pay per view, a price above zero with two decimals at most', () => {
    expect(messagesOf(ZGalleryForm.safeParse({ ...emptyGalleryForm, title: '  ' }))).toEqual({
      title: 'The title is required.',
    });
    expect(messagesOf(ZGalleryForm.safeParse({ ...emptyGalleryForm, title: 'A', access: 'ppv' }))).toEqual({
      price: 'Set a price above $0.',
    });
    expect(
      messagesOf(ZGalleryForm.safeParse({ ...emptyGalleryForm, title: 'A', access: 'ppv', price: 1.234 })),
    ).toEqual({ price: 'Use at most two decimal places.' });
    expect(
      messagesOf(ZGalleryForm.safeParse({ ...emptyGalleryForm, title: 'A', access: 'ppv', price: 20_000 })),
    ).toEqual({ price: 'The price cannot be more than $10,000.00.' });
    expect(ZGalleryForm.safeParse({ ...emptyGalleryForm, title: 'A', access: 'free' }).success).toBe(true);
  });

  it('round-trips a gallery through the form into the API payload', () => {
    const gallery = {
      title: 'Lisbon',
      description: 'Sun',
      isSale: true,
      price: 7,
      status: 'draft',
    } as TGallery;
    const values = galleryFormOf(gallery);
    expect(values).toEqual({ title: 'Lisbon', description: 'Sun', access: 'ppv', price: 7, status: 'draft' });
    expect(galleryPayload({ ...values, title: ' Lisbon ' })).toEqual({
      title: 'Lisbon',
      description: 'Sun',
      isSale: true,
      price: 7,
      status: 'draft',
    });
  });
});

describe('video form', () => {
  it('splits tags on commas, trimmed, without empties or repeats', () => {
    expect(splitTags(' beach, sun,,beach , ')).toEqual(['beach', 'sun']);
  });

  it('refuses more than 20 tags and tags longer than 40 characters', () => {
    const many = Array.from({ length: 21 }, (_, i) => `t${i}`).join(',');
    expect(messagesOf(ZVideoForm.safeParse({ ...emptyVideoForm, title: 'V', tags: many }))).toEqual({
      tags: 'A video may have at most 20 tags.',
    });
    expect(messagesOf(ZVideoForm.safeParse({ ...emptyVideoForm, title: 'V', tags: 'x'.repeat(41) }))).toEqual(
      {
        tags: 'Each tag must be at most 40 characters.',
      },
    );
  });

  it('sends every field as a string, as the multipart form needs', () => {
    expect(
      videoFields({ ...emptyVideoForm, title: ' Clip ', tags: 'a, b', access: 'ppv', price: 3.5 }),
    ).toEqual({
      title: 'Clip',
      description: '',
      tags: 'a,b',
      isSale: 'true',
      price: '3.5',
      status: 'active',
    });
  });
});

describe('product form', () => {
  it('needs a price above zero, and a whole stock for physical goods only', () => {
    expect(messagesOf(ZProductForm.safeParse({ ...emptyProductForm, name: 'Mug' }))).toEqual({
      price: 'Set a price above $0.',
      stock: 'How many do you have to sell?',
    });
    expect(
      messagesOf(ZProductForm.safeParse({ ...emptyProductForm, name: 'Mug', price: 10, stock: 1.5 })),
    ).toEqual({ stock: 'The stock must be a whole number.' });
    expect(
      ZProductForm.safeParse({ ...emptyProductForm, name: 'Book', type: 'digital', price: 10 }).success,
    ).toBe(true);
  });

  it('sends the type only when creating, the stock only for physical goods, and the images to keep', () => {
    const mug = { ...emptyProductForm, name: 'Mug', price: 12, stock: 3 };
    expect(productFields(mug, { isNew: true })).toEqual({
      name: 'Mug',
      description: '',
      price: '12',
      status: 'active',
      type: 'physical',
      stock: '3',
    });
    const book = { ...emptyProductForm, name: 'Book', type: 'digital' as const, price: 5 };
    expect(productFields(book, { isNew: false, keepImageIds: ['a', 'b'] })).toEqual({
      name: 'Book',
      description: '',
      price: '5',
      status: 'active',
      keepImageIds: 'a,b',
    });
  });

  it('says how many are in stock, sold out, or a digital download', () => {
    const p = (over: Partial<TProduct>) => ({ type: 'physical', stock: 0, ...over }) as TProduct;
    expect(stockLabel(p({ stock: 4 }))).toBe('4 in stock');
    expect(stockLabel(p({ stock: 0 }))).toBe('Sold out');
    expect(stockLabel(p({ type: 'digital', stock: null, hasDigitalFile: true }))).toBe('Digital download');
    expect(stockLabel(p({ type: 'digital', stock: null, hasDigitalFile: false }))).toBe(
      'Digital · file missing',
    );
  });
});

describe('uploads', () => {
  it('keeps the images of a drop and counts the rest', () => {
    const files = [
      new File(['a'], 'a.png', { type: 'image/png' }),
      new File(['b'], 'b.txt', { type: 'text/plain' }),
      new File(['c'], 'c.jpg', { type: 'image/jpeg' }),
    ];
    const { images, skipped } = splitImages(files);
    expect(images.map((f) => f.name)).toEqual(['a.png', 'c.jpg']);
    expect(skipped).toBe(1);
  });

  it('builds a multipart form with fields and files, skipping missing files', () => {
    const image = new File(['x'], 'x.png', { type: 'image/png' });
    const body = formDataOf({ title: 'T' }, { image: [image, null], teaser: [null] });
    expect(body.get('title')).toBe('T');
    expect(body.getAll('image')).toHaveLength(1);
    expect(body.has('teaser')).toBe(false);
  });
});

describe('the items of a paged list', () => {
  it('joins the pages loaded so far in order, and is empty before the first one arrives', () => {
    expect(itemsOf({ pages: [{ data: ['a', 'b'] }, { data: [] }, { data: ['c'] }] })).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(itemsOf(undefined)).toEqual([]);
  });
});
