import type { TCallMediaGrant } from '@fanstage/contract';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanupScreen, renderScreen, stubFetch } from '../../test-utils/screen';
import { dispatch } from '../realtime/socket-client';
import { CallVideo } from './call-video';
import { callKeys } from './calls-api';

/*
 * The call screen's video without a media server: peer to peer (a fake RTCPeerConnection, the page's
 * socket replaced by one that records what is sent and answers the join) and Agora (the SDK
 * replaced by a stand-in that records what our client asks of it and plays the other person).
 */

type Handler = (...args: unknown[]) => unknown;

const socket = vi.hoisted(() => ({
  emitted: [] as [string, unknown][],
  joinAnswer: { ok: true, role: 'offer', peers: [] as string[] } as Record<string, unknown>,
}));

vi.mock('../realtime/socket-client', async (importOriginal) => {
  const real = await importOriginal<typeof import('../realtime/socket-client')>();
  const fake = {
    emit: (event: string, payload: unknown) => socket.emitted.push([event, payload]),
    timeout: () => ({
      emitWithAck: async (event: string, payload: unknown) => {
        socket.emitted.push([event, payload]);
        return socket.joinAnswer;
      },
    }),
  };
  return { ...real, currentSocket: () => fake };
});

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

interface FakeTrack {
  kind: string;
  stop?: () => void;
}

/** happy-dom's MediaStream (video elements take nothing else) with tracks of our own to list. */
class FakeStream extends MediaStream {
  tracks: FakeTrack[];
  constructor(tracks: FakeTrack[] = []) {
    super();
    this.tracks = [...tracks];
  }
  override getTracks = () => this.tracks as unknown as MediaStreamTrack[];
  override getVideoTracks = () =>
    this.tracks.filter((t) => t.kind === 'video') as unknown as MediaStreamTrack[];
  override getAudioTracks = () =>
    this.tracks.filter((t) => t.kind === 'audio') as unknown as MediaStreamTrack[];
  override addTrack = (track: MediaStreamTrack) => {
    this.tracks.push(track as unknown as FakeTrack);
  };
  override removeTrack = (track: MediaStreamTrack) => {
    this.tracks = this.tracks.filter((t) => t !== (track as unknown as FakeTrack));
  };
}

interface FakeTransceiver {
  kind: string;
  direction: string;
  sent: FakeTrack | null;
  receiver: { track: { kind: string } };
  sender: { replaceTrack: (track: FakeTrack) => Promise<void>; setStreams: () => void };
}

class FakePeerConnection {
  static made: FakePeerConnection[] = [];
  remoteDescription: RTCSessionDescriptionInit | null = null;
  transceivers: FakeTransceiver[] = [];
  candidates: RTCIceCandidateInit[] = [];
  isClosed = false;
  connectionState = 'new';
  onicecandidate: ((event: { candidate: { toJSON: () => RTCIceCandidateInit } | null }) => void) | null =
    null;
  ontrack: ((event: { track: FakeTrack }) => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;
  constructor(readonly config: RTCConfiguration) {
    FakePeerConnection.made.push(this);
  }
  private transceiver(kind: string, direction: string, sent: FakeTrack | null): FakeTransceiver {
    const t: FakeTransceiver = {
      kind,
      direction,
      sent,
      receiver: { track: { kind } },
      sender: {
        replaceTrack: async (track) => {
          t.sent = track;
        },
        setStreams: () => undefined,
      },
    };
    this.transceivers.push(t);
    return t;
  }
  addTransceiver(trackOrKind: FakeTrack | string, init: { direction: string }) {
    return typeof trackOrKind === 'string'
      ? this.transceiver(trackOrKind, init.direction, null)
      : this.transceiver(trackOrKind.kind, init.direction, trackOrKind);
  }
  getTransceivers() {
    return this.transceivers;
  }
  async createOffer() {
    return { type: 'offer' as const, sdp: 'offer-sdp' };
  }
  async createAnswer() {
    return { type: 'answer' as const, sdp: 'answer-sdp' };
  }
  async setLocalDescription() {
    this.onicecandidate?.({
      candidate: { toJSON: () => ({ candidate: 'c1', sdpMid: '0', sdpMLineIndex: 0 }) },
    });
  }
  async setRemoteDescription(description: RTCSessionDescriptionInit) {
    this.remoteDescription = description;
    // An offer's audio and video lines become this side's transceivers, receiving only until given a track.
    if (description.type === 'offer')
      for (const kind of ['audio', 'video']) this.transceiver(kind, 'recvonly', null);
  }
  async addIceCandidate(candidate: RTCIceCandidateInit) {
    this.candidates.push(candidate);
  }
  getConfiguration() {
    return this.config;
  }
  setConfiguration(config: RTCConfiguration) {
    Object.assign(this.config, config);
  }
  close() {
    this.isClosed = true;
  }
}

const me = '0198f000-0000-7000-8000-0000000000c1';
const them = '0198f000-0000-7000-8000-0000000000f1';
const callId = '0198f000-0000-7000-8000-00000000ca11';
const p2pGrant: TCallMediaGrant = {
  provider: 'p2p',
  room: callId,
  feed: me,
  role: 'publish',
  iceServers: [{ urls: 'stun:stun.example.org:3478' }],
  maxViewers: 3,
  expiresAt: '2026-07-01T18:00:00.000Z',
  peer: them,
};

const stop = vi.fn();
let camera: FakeStream;
function stubCamera(getUserMedia: () => Promise<unknown>) {
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: vi.fn(getUserMedia) },
  });
}

beforeEach(() => {
  vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
  vi.stubGlobal('MediaStream', FakeStream);
  camera = new FakeStream([
    { kind: 'audio', stop },
    { kind: 'video', stop },
  ]);
  stubCamera(async () => camera);
  FakePeerConnection.made = [];
  socket.emitted.length = 0;
  sdk.handlers.clear();
  vi.clearAllMocks();
});
afterEach(() => {
  cleanupScreen();
});

const bodyText = () => document.body.textContent ?? '';
const serverSays = (event: string, payload: unknown) => act(() => dispatch(event, payload as never));
const sent = (event: string) => socket.emitted.filter(([e]) => e === event).map(([, p]) => p);
const peerVideo = () => document.querySelector<HTMLVideoElement>('video[aria-label="Ava\'s video"]');
const renderCall = (grant: TCallMediaGrant) =>
  renderScreen(<CallVideo grant={grant} callId={callId} otherName="Ava" display="Luna" />);

describe('the video of a call, peer to peer', () => {
  it("has the creator's page offer its camera to the fan's page and show the fan's video", async () => {
    socket.joinAnswer = { ok: true, role: 'offer', peers: [them] };
    renderCall(p2pGrant);
    await vi.waitFor(() => expect(sent('call/media-signal')).toHaveLength(2));
    expect(sent('call/media-join')).toEqual([{ sessionId: callId }]);
    const [pc] = FakePeerConnection.made;
    expect(pc?.config.iceServers).toEqual([{ urls: 'stun:stun.example.org:3478' }]);
    // Both lines send this camera and receive the fan's.
    expect(pc?.transceivers.map((t) => [t.kind, t.direction, t.sent?.kind])).toEqual([
      ['audio', 'sendrecv', 'audio'],
      ['video', 'sendrecv', 'video'],
    ]);
    expect(sent('call/media-signal')).toEqual([
      { sessionId: callId, to: them, candidate: expect.objectContaining({ candidate: 'c1' }) },
      { sessionId: callId, to: them, description: { type: 'offer', sdp: 'offer-sdp' } },
    ]);
    expect(bodyText()).toContain("Waiting for Ava's video");

    await serverSays('live/signal', {
      sessionId: callId,
      from: them,
      description: { type: 'answer', sdp: 'answer-sdp' },
    });
    await vi.waitFor(() => expect(pc?.remoteDescription).toEqual({ type: 'answer', sdp: 'answer-sdp' }));
    await act(async () => pc?.ontrack?.({ track: { kind: 'video' } }));
    expect((peerVideo()?.srcObject as unknown as FakeStream | null)?.getTracks()).toEqual([
      { kind: 'video' },
    ]);
    expect(bodyText()).not.toContain("Waiting for Ava's video");
  });

  it("waits when the fan's page leaves, and offers again when it comes back", async () => {
    socket.joinAnswer = { ok: true, role: 'offer', peers: [] };
    renderCall(p2pGrant);
    await vi.waitFor(() => expect(sent('call/media-join')).toHaveLength(1));
    expect(FakePeerConnection.made).toHaveLength(0);
    await serverSays('live/peer', { sessionId: callId, peerId: them });
    await vi.waitFor(() => expect(FakePeerConnection.made).toHaveLength(1));
    await serverSays('live/close', { sessionId: callId, peerId: them, reason: "The fan's video stopped." });
    expect(FakePeerConnection.made[0]?.isClosed).toBe(true);
    expect(bodyText()).toContain("Waiting for Ava's video");
    // Another call's events change nothing.
    await serverSays('live/peer', { sessionId: '0198f000-0000-7000-8000-00000000beef', peerId: them });
    await serverSays('live/peer', { sessionId: callId, peerId: them });
    await vi.waitFor(() => expect(FakePeerConnection.made).toHaveLength(2));
  });

  it("has the fan's page answer the creator's offer with its own camera", async () => {
    socket.joinAnswer = { ok: true, role: 'answer', peers: [] };
    renderCall({ ...p2pGrant, feed: them, peer: me });
    await vi.waitFor(() => expect(sent('call/media-join')).toHaveLength(1));
    await serverSays('live/signal', { sessionId: callId, from: me, candidate: { candidate: 'early' } });
    await serverSays('live/signal', {
      sessionId: callId,
      from: me,
      description: { type: 'offer', sdp: 'offer-sdp' },
    });
    await vi.waitFor(() =>
      expect(sent('call/media-signal')).toContainEqual({
        sessionId: callId,
        to: me,
        description: { type: 'answer', sdp: 'answer-sdp' },
      }),
    );
    const [pc] = FakePeerConnection.made;
    expect(pc?.transceivers.map((t) => [t.kind, t.direction, t.sent?.kind])).toEqual([
      ['audio', 'sendrecv', 'audio'],
      ['video', 'sendrecv', 'video'],
    ]);
    // A candidate from before any offer belongs to no connection of this page: dropped.
    expect(pc?.candidates).toEqual([]);
  });

  it('still receives when the camera is refused, and says why', async () => {
    stubCamera(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    socket.joinAnswer = { ok: true, role: 'offer', peers: [them] };
    renderCall(p2pGrant);
    await vi.waitFor(() => expect(FakePeerConnection.made).toHaveLength(1));
    expect(bodyText()).toContain('did not allow this page to use the camera');
    expect(FakePeerConnection.made[0]?.transceivers.map((t) => [t.kind, t.direction])).toEqual([
      ['audio', 'recvonly'],
      ['video', 'recvonly'],
    ]);
  });

  it('closes the connection when the call ends, and leaves the pair when the screen goes', async () => {
    socket.joinAnswer = { ok: true, role: 'offer', peers: [them] };
    renderCall(p2pGrant);
    await vi.waitFor(() => expect(FakePeerConnection.made).toHaveLength(1));
    await serverSays('live/close', { sessionId: callId, peerId: null, reason: 'The call has ended.' });
    expect(FakePeerConnection.made[0]?.isClosed).toBe(true);
    expect(bodyText()).toContain('The call has ended.');
    expect(sent('call/media-leave')).toEqual([{ sessionId: callId }]);
    cleanupScreen();
    expect(stop).toHaveBeenCalled();
  });

  it("shows the server's refusal to enter the pair", async () => {
    socket.joinAnswer = { ok: false, message: 'This call is finished; you can join only while it is live.' };
    renderCall(p2pGrant);
    await vi.waitFor(() => expect(bodyText()).toContain('you can join only while it is live'));
    expect(FakePeerConnection.made).toHaveLength(0);
  });
});

const peerUid = 2222;
const agoraGrant: TCallMediaGrant = {
  provider: 'agora',
  appId: '0123456789abcdef0123456789abcdef',
  channel: callId,
  uid: 1111,
  token: '007grant',
  role: 'publish',
  expiresAt: '2026-07-01T18:00:00.000Z',
  feedUid: 1111,
  peer: them,
  peerUid,
};
const agoraToken = (token: string) => ({
  appId: '0123456789abcdef0123456789abcdef',
  channel: callId,
  uid: 1111,
  token,
  role: 'publish',
  expiresAt: new Date(Date.now() + 120_000).toISOString(),
});

describe('the video of a call through Agora', () => {
  it("joins the call's channel with a token for the call, publishes the camera and shows only the other person", async () => {
    let issued = 0;
    const fetchMock = stubFetch(() => Response.json({ data: agoraToken(`007token-${++issued}`) }));
    const { queryClient } = renderCall(agoraGrant);
    await vi.waitFor(() => expect(sdk.client.publish).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toContain('/api/streaming/agora/token');
    expect(JSON.parse(String(init?.body))).toEqual({ callId });
    expect(sdk.createClient).toHaveBeenCalledWith({ mode: 'rtc', codec: 'vp8' });
    expect(sdk.client.join).toHaveBeenCalledWith(agoraGrant.appId, callId, '007token-1', 1111);
    expect(sdk.createCustomVideoTrack).toHaveBeenCalledWith({ mediaStreamTrack: { kind: 'video', stop } });
    expect(sdk.createCustomAudioTrack).toHaveBeenCalledWith({ mediaStreamTrack: { kind: 'audio', stop } });

    const published = sdk.handlers.get('user-published');
    await act(async () => published?.({ uid: 9999 }, 'video'));
    expect(sdk.client.subscribe).not.toHaveBeenCalled();
    await act(async () => published?.({ uid: peerUid }, 'video'));
    expect(sdk.client.subscribe).toHaveBeenCalledWith({ uid: peerUid }, 'video');
    expect((peerVideo()?.srcObject as unknown as FakeStream | null)?.getTracks()).toEqual([
      { kind: 'video', id: 'video-track' },
    ]);
    expect(bodyText()).not.toContain("Waiting for Ava's video");
    await act(async () => sdk.handlers.get('user-unpublished')?.({ uid: peerUid }, 'video'));
    expect(bodyText()).toContain("Waiting for Ava's video");

    // A fresh token (asked for before the old one ends) goes to the running client, without a new join.
    await act(() => queryClient.invalidateQueries({ queryKey: callKeys.agoraToken(callId) }));
    await vi.waitFor(() => expect(sdk.client.renewToken).toHaveBeenCalledWith('007token-2'));
    expect(sdk.client.join).toHaveBeenCalledTimes(1);
    cleanupScreen();
    expect(sdk.client.leave).toHaveBeenCalled();
  });

  it('says why when the token is refused, and joins nothing', async () => {
    const message = 'Agora video is not enabled on this server.';
    stubFetch(() => Response.json({ statusCode: 422, code: 'UNPROCESSABLE', message }, { status: 422 }));
    renderCall(agoraGrant);
    await vi.waitFor(() => expect(bodyText()).toContain(message));
    expect(sdk.createClient).not.toHaveBeenCalled();
  });
});
