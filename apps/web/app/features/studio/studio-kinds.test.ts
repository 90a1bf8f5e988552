import { describe, expect, it } from 'vitest';
import { galleryKind, kindWords, photoKind, productKind, videoKind } from './studio-kinds';

describe('the words of a studio kind', () => {
  it('names the way back, the missing item and its deletion for a gallery', () => {
    expect(kindWords(galleryKind)).toEqual({
      back: 'My galleries',
      notFoundTitle: 'Gallery not found',
      notFoundHelp: 'It may have been deleted. Go back to your galleries to pick another one.',
      deleteButton: 'Delete this gallery',
      deleteQuestion: 'Delete this gallery?',
      deleted: 'Gallery deleted',
    });
  });

  it('reads the same for videos, products and photos', () => {
    expect(kindWords(videoKind)).toMatchObject({
      back: 'My videos',
      notFoundTitle: 'Video not found',
      deleted: 'Video deleted',
    });
    expect(kindWords(productKind)).toMatchObject({
      back: 'My products',
      notFoundHelp: 'It may have been deleted. Go back to your products to pick another one.',
      deleteButton: 'Delete this product',
    });
    expect(kindWords(photoKind)).toMatchObject({
      deleteQuestion: 'Delete this photo?',
      deleted: 'Photo deleted',
    });
  });
});
