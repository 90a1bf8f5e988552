import { describe, expect, it } from 'vitest';
import { contentTypeOf, parseRange } from './files.service';

describe('parseRange', () => {
  it.each([
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=100-', { start: 100, end: 999 }],
    ['bytes=-10', { start: 990, end: 999 }],
    ['bytes=900-5000', { start: 900, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
  ])('reads %s of a 1000-byte file', (header, range) => {
    expect(parseRange(header, 1000)).toEqual(range);
  });

  it('answers unsatisfiable past the end, and ignores what it does not serve as a range', () => {
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=50-10', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-1,5-9', 1000)).toBeNull();
    expect(parseRange('items=0-1', 1000)).toBeNull();
    expect(parseRange(undefined, 1000)).toBeNull();
  });
});

describe('contentTypeOf', () => {
  it('serves our own outputs with their media type and anything else as a download', () => {
    expect(contentTypeOf('private/media/a/feed.webp')).toBe('image/webp');
    expect(contentTypeOf('private/media/a/video.mp4')).toBe('video/mp4');
    expect(contentTypeOf('private/media/a/audio.m4a')).toBe('audio/mp4');
    expect(contentTypeOf('private/originals/a.mov')).toBe('application/octet-stream');
  });
});
