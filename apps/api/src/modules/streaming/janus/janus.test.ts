import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JanusError, JanusRooms } from './janus-api';
import { findJanusBinary, type OwnJanus, startOwnJanus } from './janus-process';
import { readJanusToken, signJanusToken, videoRoomPlugin } from './janus-tokens';

const binary = findJanusBinary();
// CI installs Debian's janus, so there this never skips; a laptop without it is told why.
if (!binary && !process.env.CI) console.log('janus tests skipped: no janus binary (apt-get install janus)');

describe('Janus signed tokens', () => {
  const secret = 'a-token-secret';
  const now = new Date('2026-06-01T12:00:00Z');
  const token = signJanusToken(secret, {
    expiresAt: new Date(now.getTime() + 60_000),
    descriptors: [videoRoomPlugin, 'room=r1', 'user=u1'],
  });

  it('reads back our own token with its descriptors while it is valid', () => {
    expect(readJanusToken(secret, token, now)).toEqual([videoRoomPlugin, 'room=r1', 'user=u1']);
  });

  it('refuses an expired, tampered or foreign token', () => {
    expect(readJanusToken(secret, token, new Date(now.getTime() + 61_000))).toBeNull();
    expect(readJanusToken(secret, token.replace('user=u1', 'user=u2'), now)).toBeNull();
    expect(readJanusToken('another-secret', token, now)).toBeNull();
    expect(readJanusToken(secret, `${token}:x`, now)).toBeNull();
  });
});

describe.runIf(binary || process.env.CI)('our own Janus', () => {
  let janus: OwnJanus;
  let rooms: JanusRooms;
  beforeAll(async () => {
    janus = await startOwnJanus({ binary: binary!, eventsUrl: 'http://127.0.0.1:9/unused' });
    rooms = new JanusRooms(janus);
  }, 30_000);
  afterAll(() => janus?.stop());

  it('refuses any request without a token signed by us', async () => {
    const answer = await fetch(janus.httpUrl, {
      method: 'POST',
      body: JSON.stringify({ janus: 'create', transaction: 't1' }),
    }).then((r) => r.json() as Promise<{ error: { code: number } }>);
    expect(answer.error.code).toBe(403);
    const forged = signJanusToken('not-our-secret', {
      expiresAt: new Date(Date.now() + 60_000),
      descriptors: [videoRoomPlugin],
    });
    const withForged = await fetch(janus.httpUrl, {
      method: 'POST',
      body: JSON.stringify({ janus: 'create', transaction: 't2', token: forged }),
    }).then((r) => r.json() as Promise<{ error: { code: number } }>);
    expect(withForged.error.code).toBe(403);
  });

  it('creates and destroys rooms with its admin key and room secret; destroying twice is fine', async () => {
    await rooms.createRoom({ room: 'room-a', secret: 'sa', publishers: 1, publisherTokens: [] });
    expect(await rooms.roomExists('room-a')).toBe(true);
    await expect(rooms.videoRoom({ request: 'destroy', room: 'room-a', secret: 'wrong' })).rejects.toThrow(
      JanusError,
    );
    await rooms.destroyRoom('room-a', 'sa');
    await rooms.destroyRoom('room-a', 'sa');
    expect(await rooms.roomExists('room-a')).toBe(false);
  });

  it('refuses to create a room without the admin key', async () => {
    await expect(rooms.videoRoom({ request: 'create', room: 'room-b', admin_key: 'guess' })).rejects.toThrow(
      JanusError,
    );
    expect(await rooms.roomExists('room-b')).toBe(false);
  });

  it('stops on stop() and leaves no process behind', async () => {
    const other = await startOwnJanus({ binary: binary!, eventsUrl: 'http://127.0.0.1:9/unused' });
    await other.stop();
    expect((await other.exited).code !== undefined).toBe(true);
    expect(() => process.kill(other.pid, 0)).toThrow();
  });
});
