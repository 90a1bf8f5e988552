import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig, testConfig } from '../../../config';
import { AppError } from '../../../lib/app-error';
import { createLiveMedia } from './create-live-media';
import { JanusMedia } from './janus-media';
import { noMedia } from './live-media';
import { P2pMedia } from './p2p-media';

const log = pino({ level: 'silent' });
const now = () => new Date();
const grantOptions = {
  room: 'r',
  userId: 'u',
  feed: 'u',
  role: 'watch' as const,
  origin: 'http://localhost',
};
const refusal = { code: 'UNPROCESSABLE', message: 'Live video is not available on this server right now.' };

describe('choosing the media of live shows', () => {
  it('is auto by default, and off by default under NODE_ENV=test', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).LIVE_MEDIA).toBe('auto');
    expect(loadConfig({ NODE_ENV: 'test' }).LIVE_MEDIA).toBe('off');
    expect(loadConfig({ NODE_ENV: 'test', LIVE_MEDIA: 'janus' }).LIVE_MEDIA).toBe('janus');
  });

  it('takes the interfaces Janus may use for ICE as a list, and refuses anything else with the rule', () => {
    expect(loadConfig({ LIVE_ICE_ENFORCE_LIST: '127.0.0.2' }).LIVE_ICE_ENFORCE_LIST).toBe('127.0.0.2');
    expect(loadConfig({ LIVE_ICE_ENFORCE_LIST: 'eth0,10.0.0.5' }).LIVE_ICE_ENFORCE_LIST).toBe(
      'eth0,10.0.0.5',
    );
    expect(() => loadConfig({ LIVE_ICE_ENFORCE_LIST: 'eth0; rm -rf /' })).toThrow(
      'LIVE_ICE_ENFORCE_LIST: must be interface names or addresses separated by commas',
    );
    expect(loadConfig({}).SEED_DEMO_VIDEOS).toBe(true);
    expect(loadConfig({ SEED_DEMO_VIDEOS: 'false' }).SEED_DEMO_VIDEOS).toBe(false);
  });

  it('runs nothing when LIVE_MEDIA is off, even with Janus on the machine', () => {
    const media = createLiveMedia({ config: testConfig(), log, now, findBinary: () => '/usr/bin/janus' });
    expect(media).toBe(noMedia);
  });

  it('falls back to no media when asked for Janus on a machine without it', () => {
    const media = createLiveMedia({
      config: testConfig({ LIVE_MEDIA: 'janus' }),
      log,
      now,
      findBinary: () => null,
    });
    expect(media).toBe(noMedia);
  });

  it('sends peer to peer when auto finds no Janus, or when asked to, and Janus when auto finds one', () => {
    const auto = testConfig({ LIVE_MEDIA: 'auto' });
    expect(createLiveMedia({ config: auto, log, now, findBinary: () => null })).toBeInstanceOf(P2pMedia);
    expect(
      createLiveMedia({
        config: testConfig({ LIVE_MEDIA: 'p2p' }),
        log,
        now,
        findBinary: () => '/usr/bin/janus',
      }),
    ).toBeInstanceOf(P2pMedia);
    expect(createLiveMedia({ config: auto, log, now, findBinary: () => '/usr/bin/janus' })).toBeInstanceOf(
      JanusMedia,
    );
  });

  it('reads the mesh size and TURN settings, refusing half a TURN setup and out-of-range sizes', () => {
    expect(testConfig().LIVE_MESH_MAX_VIEWERS).toBe(3);
    expect(() => testConfig({ LIVE_MESH_MAX_VIEWERS: '11' })).toThrow(/LIVE_MESH_MAX_VIEWERS/);
    expect(() => testConfig({ LIVE_MESH_MAX_VIEWERS: '0' })).toThrow(/LIVE_MESH_MAX_VIEWERS/);
    expect(() => testConfig({ LIVE_TURN_URL: 'turn:turn.example.org:3478' })).toThrow(/LIVE_TURN_SECRET/);
    expect(() => testConfig({ LIVE_TURN_URL: 'http://x', LIVE_TURN_SECRET: 'x'.repeat(16) })).toThrow(
      /LIVE_TURN_URL/,
    );
  });

  it('refuses joins with a sentence when there is no media', async () => {
    await expect(noMedia.grant(grantOptions)).rejects.toMatchObject(refusal);
    await expect(noMedia.openRoom({ room: 'r', publisherId: 'u' })).resolves.toBeUndefined();
  });

  it('refuses joins with a sentence, not a crash, when our Janus cannot start, and does not retry at once', async () => {
    const media = createLiveMedia({
      config: testConfig({ LIVE_MEDIA: 'janus' }),
      log,
      now,
      // Not a Janus: there is no VideoRoom plugin next to it, so the start fails.
      findBinary: () => '/bin/false',
    });
    expect(media).toBeInstanceOf(JanusMedia);
    const failed = await media.openRoom({ room: 'r', publisherId: 'u' }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(AppError);
    expect(failed).toMatchObject(refusal);
    await expect(media.grant(grantOptions)).rejects.toMatchObject(refusal);
    expect(media.proxyTarget()).toBeNull();
    await media.close();
  });

  it('uses a Janus run elsewhere when JANUS_URL is set, and needs its secrets', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', JANUS_URL: 'http://janus.internal:8088/janus' })).toThrow(
      /JANUS_TOKEN_SECRET: is needed with JANUS_URL/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'test', JANUS_URL: 'http://j:8088/janus', JANUS_WS_URL: 'wss://j:8989' }),
    ).toThrow(/JANUS_WS_URL: must be a ws:\/\/ URL/);
    const media = createLiveMedia({
      config: testConfig({
        LIVE_MEDIA: 'auto',
        JANUS_URL: 'http://janus.internal:8088/janus',
        JANUS_TOKEN_SECRET: 'a-token-secret-of-janus',
        JANUS_ROOM_ADMIN_KEY: 'room-key',
        JANUS_EVENTS_PASSWORD: 'an-events-password-1234',
      }),
      log,
      now,
      findBinary: () => null,
    });
    expect(media).toBeInstanceOf(JanusMedia);
    expect(media.proxyTarget()).toBe('ws://janus.internal:8188');
    expect(media.eventsCredentials()).toEqual({ user: 'janus', password: 'an-events-password-1234' });
  });

  it('expects no Janus events without media, so every post is refused', () => {
    expect(noMedia.eventsCredentials()).toBeNull();
  });
});
