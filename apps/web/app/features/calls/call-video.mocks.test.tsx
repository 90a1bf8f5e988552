import type { TCallMediaGrant } from '@fanstage/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanupScreen, renderScreen } from '../../test-utils/screen';
import type { LiveMediaSession } from '../live/media-session';
import { CallVideo } from './call-video';

interface FakeSession extends LiveMediaSession {
  grant: { provider: string; feed?: string };
  published: MediaStream[];
  watched: number;
  closed: boolean;
}
const made: FakeSession[] = [];
/** How many watch() calls fail first (no feed yet), as Janus answers before the other side publishes. */
let failingWatches = 0;

vi.mock('../live/media-session', () => ({
  createMediaSession: (grant: FakeSession['grant']) => {
    const session: FakeSession = {
      grant,
      published: [],
      watched: 0,
      closed: false,
      onEnded: null,
      onConnection: null,
      publish: async (stream) => {
        session.published.push(stream);
      },
      watch: async () => {
        session.watched += 1;
        if (failingWatches > 0) {
          failingWatches -= 1;
          throw new Error('No such feed');
        }
        return new MediaStream();
      },
      renew: () => undefined,
      close: () => {
        session.closed = true;
      },
    };
    made.push(session);
    return session;
  },
}));

const me = '0198f000-0000-7000-8000-0000000000f1';
const them = '0198f000-0000-7000-8000-0000000000c1';
const janusGrant: TCallMediaGrant = {
  provider: 'janus',
  url: 'ws://example.test/janus',
  room: 'room-1',
  token: 't',
  roomToken: 'rt',
  feed: me,
  role: 'publish',
  iceServers: [],
  expiresAt: '2026-07-01T18:00:00.000Z',
  peer: them,
};

const stop = vi.fn();
// happy-dom's MediaStream has no tracks to list: the camera's one track is ours, to see it stopped.
const camera = Object.assign(new MediaStream(), { getTracks: () => [{ stop }] });
function stubCamera(getUserMedia: () => Promise<MediaStream>) {
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: vi.fn(getUserMedia) },
  });
}

afterEach(() => {
  cleanupScreen();
  made.length = 0;
  failingWatches = 0;
});

const bodyText = () => document.body.textContent ?? '';

describe('the video of a call', () => {
  it('publishes this side as its own feed and watches the peer feed in the same room', async () => {
    stubCamera(async () => camera);
    renderScreen(<CallVideo grant={janusGrant} callId="room-1" otherName="Luna" display="Ava" />);
    await vi.waitFor(() => expect(made[0]?.published).toEqual([camera]));
    expect(made).toHaveLength(2);
    expect(made[0]?.grant).toMatchObject({ provider: 'janus', room: 'room-1', feed: me });
    expect(made[0]?.grant).not.toHaveProperty('peer');
    expect(made[1]?.grant).toMatchObject({ provider: 'janus', room: 'room-1', feed: them });
    expect(made[1]?.watched).toBe(1);
    expect(document.querySelector('video[aria-label="Luna\'s video"]')).not.toBeNull();
    cleanupScreen();
    expect(made.every((s) => s.closed)).toBe(true);
    expect(stop).toHaveBeenCalled();
  });

  it('explains a refused camera and still watches the other side', async () => {
    stubCamera(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    renderScreen(<CallVideo grant={janusGrant} callId="room-1" otherName="Luna" display="Ava" />);
    await vi.waitFor(() => expect(bodyText()).toContain('did not allow this page to use the camera'));
    expect(made[0]?.published).toEqual([]);
    expect(made[1]?.watched).toBe(1);
  });

  it('looks for the peer feed again until the other side has published', async () => {
    stubCamera(async () => camera);
    failingWatches = 1;
    renderScreen(<CallVideo grant={janusGrant} callId="room-1" otherName="Luna" display="Ava" />);
    await vi.waitFor(() => expect(bodyText()).toContain("Waiting for Luna's video"));
    await vi.waitFor(() => expect(made.filter((m) => m.watched > 0)).toHaveLength(2), { timeout: 6000 });
    await vi.waitFor(() => expect(bodyText()).not.toContain("Waiting for Luna's video"));
    expect(made.filter((m) => m.published.length > 0)).toHaveLength(1);
    expect(made.filter((m) => m.closed)).toHaveLength(1);
  });
});
