import { describe, expect, it } from 'vitest';
import { presentFileStatus, presentMedia, presentTeaserUrl } from './media.presenter';

const sign = (key: string) => `/api/files/${key}?exp=1&sig=test`;

const readyVideo = {
  id: '0190a0a0-0000-7000-8000-000000000001',
  kind: 'feed-video',
  status: 'ready' as const,
  mimeType: 'video/mp4',
  size: 1000,
  width: 1920,
  height: 1080,
  durationSeconds: 12.3456,
  preview: 'data:image/webp;base64,AAAA',
  failureReason: null,
  progress: 100,
  variants: {
    video: { key: 'private/media/x/video.mp4', width: 1920, height: 1080 },
    posters: [
      { key: 'private/media/x/poster-10.webp', atSeconds: 1.2 },
      { key: 'private/media/x/poster-50.webp', atSeconds: 6.2 },
    ],
    teaser: { key: 'private/media/x/teaser.mp4', isGenerated: true },
  },
};

const readyPhoto = {
  ...readyVideo,
  kind: 'feed-photo',
  durationSeconds: null,
  variants: {
    thumbnail: { key: 'private/media/y/thumbnail.webp', width: 320 },
    feed: { key: 'private/media/y/feed.webp', width: 1080 },
    full: { key: 'private/media/y/full.webp', width: 2048 },
  },
};

describe('presentMedia', () => {
  it('gives a viewer with access signed URLs of every variant', () => {
    const view = presentMedia(readyVideo, { canView: true, sign });
    expect(view.urls).toEqual({
      thumbnail: undefined,
      feed: undefined,
      full: undefined,
      video: sign('private/media/x/video.mp4'),
      audio: undefined,
      teaser: sign('private/media/x/teaser.mp4'),
      posters: [sign('private/media/x/poster-10.webp'), sign('private/media/x/poster-50.webp')],
    });
    expect(presentMedia(readyPhoto, { canView: true, sign }).urls).toMatchObject({
      thumbnail: sign('private/media/y/thumbnail.webp'),
      feed: sign('private/media/y/feed.webp'),
      full: sign('private/media/y/full.webp'),
    });
  });

  it('gives a viewer without access the blurred preview and the facts, and no URL of the media', () => {
    for (const row of [readyVideo, readyPhoto]) {
      const view = presentMedia(row, { canView: false, sign });
      expect(view.urls).toBeUndefined();
      expect(view.preview).toBe('data:image/webp;base64,AAAA');
      expect(JSON.stringify(view)).not.toMatch(/private\/|\/api\/files|sig=/);
    }
    expect(presentMedia(readyVideo, { canView: false, sign })).toMatchObject({
      status: 'ready',
      duration: 12.35,
      width: 1920,
      height: 1080,
      hasTeaser: true,
    });
  });

  it('gives no URL, even with access, before the file is ready or after it failed', () => {
    for (const status of ['uploaded', 'processing', 'failed'] as const) {
      const view = presentMedia({ ...readyVideo, status }, { canView: true, sign });
      expect(view.urls).toBeUndefined();
      expect(presentTeaserUrl({ ...readyVideo, status }, { sign })).toBeNull();
    }
  });

  it('offers the teaser on its own, for viewers without access', () => {
    expect(presentTeaserUrl(readyVideo, { sign })).toBe(sign('private/media/x/teaser.mp4'));
    expect(presentTeaserUrl(readyPhoto, { sign })).toBeNull();
  });
});

describe('presentFileStatus', () => {
  it('tells the reason only for a failed file and the progress only while processing', () => {
    expect(presentFileStatus({ ...readyVideo, status: 'failed', failureReason: 'Broken.' })).toEqual({
      _id: readyVideo.id,
      status: 'failed',
      reason: 'Broken.',
      duration: 12.35,
      progress: undefined,
    });
    expect(presentFileStatus({ ...readyVideo, status: 'processing', progress: 40 }).progress).toBe(40);
  });
});
