import type { TLiveMediaGrant } from '@fanstage/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Handler = (...args: unknown[]) => unknown;

/** A stand-in for the Agora SDK: records what our client asks of it, plays the remote side. */
const sdk = vi.hoisted(() => {
  const handlers = new Map<string, Handler>();
  const client = {
    on: vi.fn((event: string, handler: Handler) => handlers.set(event, handler)),
    join: vi.fn(async () => 1),
    publish: vi.fn(async () => undefined),
    subscribe: vi.fn(async (_user: unknown, kind: string) => ({
      getMediaStreamTrack: () => ({ kind, id: `${kind}-track` }),
    })),
    renewToken: vi.fn(async () => undefined),
    leave: vi.fn(async () => undefined),
  };
  return {
    handlers,
    client,
    createClient: vi.fn(() => client),
    createCustomVideoTrack: vi.fn((o: { mediaStreamTrack: unknown }) => ({ ...o, close: vi.fn() })),
    createCustomAudioTrack: vi.fn((o: { mediaStreamTrack: unknown }) => ({ ...o, close: vi.fn() })),
  };
});

vi.mock('agora-rtc-sdk-ng', () => ({
  default: {
    createClient: sdk.createClient,
    createCustomVideoTrack: sdk.createCustomVideoTrack,
    createCustomAudioTrack: sdk.createCustomAudioTrack,
  },
}));

class FakeMediaStream {
  private tracks: { kind: string }[];
  constructor(tracks: { kind: string }[] = []) {
    this.tracks = [...tracks];
  }
  addTrack(track: { kind: string }) {
    this.tracks.push(track);
  }
  getTracks() {
    return this.tracks;
  }
  getVideoTracks() {
    return this.tracks.filter((t) => t.kind === 'video');
  }
  getAudioTracks() {
    return this.tracks.filter((t) => t.kind === 'audio');
  }
}

const grant = (over: Partial<Extract<TLiveMediaGrant, { provider: 'agora' }>> = {}) => ({
  provider: 'agora' as const,
  appId: '0123456789abcdef0123456789abcdef',
  channel: 'show-1',
  uid: 1111,
  token: '007token-1',
  role: 'watch' as const,
  expiresAt: new Date(Date.now() + 120_000).toISOString(),
  feedUid: 2222,
  ...over,
});

beforeEach(() => {
  vi.stubGlobal('MediaStream', FakeMediaStream);
  sdk.handlers.clear();
  vi.clearAllMocks();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the Agora client of live shows', () => {
  it('is what a grant naming Agora opens, and Janus grants do not load the SDK', async () => {
    const { createMediaSession } = await import('./media-session');
    const { AgoraSession } = await import('./agora-client');
    const { JanusSession } = await import('./janus-client');
    expect(createMediaSession(grant())).toBeInstanceOf(AgoraSession);
    const janus = createMediaSession({
      provider: 'janus',
      url: 'ws://x',
      room: 'r',
      token: 't',
      roomToken: 'rt',
      feed: 'f',
      role: 'watch',
      iceServers: [],
      expiresAt: new Date().toISOString(),
    });
    expect(janus).toBeInstanceOf(JanusSession);
    expect(sdk.createClient).not.toHaveBeenCalled();
  });

  it("joins the show's channel as a host with the grant's token and publishes the camera", async () => {
    const { createMediaSession } = await import('./media-session');
    const session = createMediaSession(grant({ role: 'publish', uid: 2222 }));
    const camera = new FakeMediaStream([{ kind: 'video' }, { kind: 'audio' }]);
    await session.publish(camera as unknown as MediaStream, 'Luna');
    expect(sdk.createClient).toHaveBeenCalledWith({ mode: 'live', codec: 'vp8', role: 'host' });
    expect(sdk.client.join).toHaveBeenCalledWith(
      '0123456789abcdef0123456789abcdef',
      'show-1',
      '007token-1',
      2222,
    );
    expect(sdk.createCustomVideoTrack).toHaveBeenCalledWith({ mediaStreamTrack: { kind: 'video' } });
    expect(sdk.createCustomAudioTrack).toHaveBeenCalledWith({ mediaStreamTrack: { kind: 'audio' } });
    expect(sdk.client.publish).toHaveBeenCalledTimes(1);

    session.renew(grant({ role: 'publish', token: '007token-2' }));
    expect(sdk.client.renewToken).toHaveBeenCalledWith('007token-2');
    session.close();
    expect(sdk.client.leave).toHaveBeenCalled();
  });

  it("joins as audience, never publishes, and plays only the creator's feed", async () => {
    const { createMediaSession } = await import('./media-session');
    const session = createMediaSession(grant());
    const watching = session.watch();
    await vi.waitFor(() => expect(sdk.client.join).toHaveBeenCalled());
    expect(sdk.createClient).toHaveBeenCalledWith({ mode: 'live', codec: 'vp8', role: 'audience' });
    expect(sdk.client.join).toHaveBeenCalledWith(
      '0123456789abcdef0123456789abcdef',
      'show-1',
      '007token-1',
      1111,
    );
    const published = sdk.handlers.get('user-published');
    await published?.({ uid: 9999 }, 'video');
    expect(sdk.client.subscribe).not.toHaveBeenCalled();
    await published?.({ uid: 2222 }, 'audio');
    await published?.({ uid: 2222 }, 'video');
    const stream = (await watching) as unknown as FakeMediaStream;
    expect(stream.getTracks().map((t) => t.kind)).toEqual(['audio', 'video']);
    expect(sdk.client.publish).not.toHaveBeenCalled();

    const ended = vi.fn();
    session.onEnded = ended;
    sdk.handlers.get('user-unpublished')?.({ uid: 2222 });
    expect(ended).toHaveBeenCalledWith('The live video ended.');
    expect(sdk.client.leave).toHaveBeenCalled();
  });
});
