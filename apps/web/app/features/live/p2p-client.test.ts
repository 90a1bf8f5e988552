import type { ServerEventPayloads, TLiveJoinResult, TLiveSignalPayload } from '@fanstage/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { P2pSession, type SignalChannel, showFullMessage } from './p2p-client';

/*
 * The peer-to-peer client against a fake socket channel and a fake RTCPeerConnection: the creator's
 * page offers to each seated viewer, a viewer answers the creator's offer, and a close from the
 * server ends the session.
 */

class FakeStream {
  tracks: { kind: string }[] = [];
  getTracks = () => this.tracks;
  addTrack = (track: { kind: string }) => this.tracks.push(track);
  removeTrack = (track: { kind: string }) => {
    this.tracks = this.tracks.filter((t) => t !== track);
  };
}

class FakePeerConnection {
  static made: FakePeerConnection[] = [];
  remoteDescription: RTCSessionDescriptionInit | null = null;
  localDescription: RTCSessionDescriptionInit | null = null;
  candidates: RTCIceCandidateInit[] = [];
  transceivers: unknown[] = [];
  isClosed = false;
  onicecandidate: ((event: { candidate: { toJSON: () => RTCIceCandidateInit } | null }) => void) | null =
    null;
  ontrack: ((event: { track: { kind: string } }) => void) | null = null;
  constructor(readonly config: RTCConfiguration) {
    FakePeerConnection.made.push(this);
  }
  addTransceiver(track: unknown) {
    this.transceivers.push(track);
  }
  async createOffer() {
    return { type: 'offer' as const, sdp: 'offer-sdp' };
  }
  async createAnswer() {
    return { type: 'answer' as const, sdp: 'answer-sdp' };
  }
  async setLocalDescription(description: RTCSessionDescriptionInit) {
    this.localDescription = description;
    this.onicecandidate?.({
      candidate: { toJSON: () => ({ candidate: 'c1', sdpMid: '0', sdpMLineIndex: 0 }) },
    });
  }
  async setRemoteDescription(description: RTCSessionDescriptionInit) {
    this.remoteDescription = description;
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

type Listeners = { [K in keyof ServerEventPayloads]?: ((payload: ServerEventPayloads[K]) => void)[] };

function fakeChannel(answer: TLiveJoinResult) {
  const listeners: Listeners = {};
  const sent: TLiveSignalPayload[] = [];
  const left: string[] = [];
  const channel: SignalChannel = {
    join: async () => answer,
    signal: (payload) => sent.push(payload),
    leave: (sessionId) => left.push(sessionId),
    on: (event, listener) => {
      if (!listeners[event]) listeners[event] = [];
      const list = listeners[event] as ((payload: never) => void)[];
      list.push(listener as (payload: never) => void);
      return () => list.splice(list.indexOf(listener as (payload: never) => void), 1);
    },
  };
  const emit = <K extends keyof ServerEventPayloads>(event: K, payload: ServerEventPayloads[K]) => {
    for (const listener of (listeners[event] ?? []) as ((payload: ServerEventPayloads[K]) => void)[]) {
      listener(payload);
    }
  };
  return { channel, sent, left, emit };
}

const grant = { room: 'show-1', feed: 'creator-1', iceServers: [{ urls: 'stun:stun.example.org:3478' }] };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  FakePeerConnection.made = [];
  vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
  vi.stubGlobal('MediaStream', FakeStream);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('P2pSession on the creator’s page', () => {
  it('offers the camera to each seated viewer and to each one who comes, then takes their answers', async () => {
    const { channel, sent, emit } = fakeChannel({ ok: true, role: 'publish', peers: ['fan-1'] });
    const session = new P2pSession(grant, channel);
    const camera = new FakeStream();
    camera.addTrack({ kind: 'video' });
    await session.publish(camera as unknown as MediaStream);
    expect(FakePeerConnection.made).toHaveLength(1);
    expect(FakePeerConnection.made[0]?.config.iceServers).toEqual(grant.iceServers);
    expect(sent).toContainEqual({
      sessionId: 'show-1',
      to: 'fan-1',
      description: { type: 'offer', sdp: 'offer-sdp' },
    });
    expect(sent).toContainEqual(
      expect.objectContaining({ to: 'fan-1', candidate: expect.objectContaining({ candidate: 'c1' }) }),
    );

    emit('live/peer', { sessionId: 'show-1', peerId: 'fan-2' });
    await flush();
    expect(FakePeerConnection.made).toHaveLength(2);
    emit('live/signal', { sessionId: 'show-1', from: 'fan-2', description: { type: 'answer', sdp: 'a' } });
    await flush();
    expect(FakePeerConnection.made[1]?.remoteDescription).toEqual({ type: 'answer', sdp: 'a' });

    // Another show's events are none of this page's business.
    emit('live/peer', { sessionId: 'show-2', peerId: 'fan-3' });
    await flush();
    expect(FakePeerConnection.made).toHaveLength(2);

    emit('live/close', { sessionId: 'show-1', peerId: 'fan-2', reason: 'The viewer left.' });
    expect(FakePeerConnection.made[1]?.isClosed).toBe(true);
    expect(FakePeerConnection.made[0]?.isClosed).toBe(false);
  });
});

describe('P2pSession on a viewer’s page', () => {
  it('answers the creator’s offer and shows their tracks; candidates before the offer wait for it', async () => {
    const { channel, sent, emit } = fakeChannel({ ok: true, role: 'watch', peers: ['creator-1'] });
    const session = new P2pSession(grant, channel);
    const stream = (await session.watch()) as unknown as FakeStream;
    emit('live/signal', { sessionId: 'show-1', from: 'creator-1', description: { type: 'offer', sdp: 'o' } });
    await flush();
    const pc = FakePeerConnection.made[0];
    expect(pc?.remoteDescription).toEqual({ type: 'offer', sdp: 'o' });
    expect(sent).toContainEqual({
      sessionId: 'show-1',
      to: 'creator-1',
      description: { type: 'answer', sdp: 'answer-sdp' },
    });
    pc?.ontrack?.({ track: { kind: 'video' } });
    expect(stream.getTracks()).toEqual([{ kind: 'video' }]);
    emit('live/signal', { sessionId: 'show-1', from: 'creator-1', candidate: { candidate: 'x' } });
    await flush();
    expect(pc?.candidates).toEqual([{ candidate: 'x' }]);
    // Nobody but the creator may offer.
    emit('live/signal', { sessionId: 'show-1', from: 'someone', description: { type: 'offer', sdp: 'o' } });
    await flush();
    expect(FakePeerConnection.made).toHaveLength(1);
  });

  it('ends with the server’s reason when the show ends, and leaves the mesh', async () => {
    const { channel, left, emit } = fakeChannel({ ok: true, role: 'watch', peers: ['creator-1'] });
    const session = new P2pSession(grant, channel);
    const ended = vi.fn();
    session.onEnded = ended;
    await session.watch();
    emit('live/close', { sessionId: 'show-1', peerId: null, reason: 'The live show has ended.' });
    expect(ended).toHaveBeenCalledWith('The live show has ended.');
    expect(left).toEqual(['show-1']);
  });

  it('rejects with the server’s sentence when the show is full', async () => {
    const { channel } = fakeChannel({ ok: false, message: showFullMessage });
    await expect(new P2pSession(grant, channel).watch()).rejects.toThrow(showFullMessage);
  });
});
