import type {
  ServerEventPayloads,
  TLiveIceServer,
  TLiveJoinResult,
  TLiveSignalEvent,
  TLiveSignalPayload,
} from '@fanstage/contract';
import { currentSocket, socketReady } from '../realtime/socket-client';
import { showFullMessage } from './live-media';

/**
 * Peer-to-peer live video (the server's LIVE_MEDIA=p2p), the same shape as JanusSession: the
 * creator's page publishes its camera to each viewer over its own RTCPeerConnection (a small mesh
 * the server caps), a viewer's page watches the creator's feed. Offers, answers and ICE candidates
 * go through our socket, which relays them only between the creator and entitled viewers.
 */

export interface P2pGrant {
  /** The show's id. */
  room: string;
  /** The creator's user id. */
  feed: string;
  iceServers: TLiveIceServer[];
}

type LiveEvent = 'live/peer' | 'live/signal' | 'live/close';

/** What the session needs from the socket; the page's socket by default, a fake one in tests. */
export interface SignalChannel {
  join(sessionId: string): Promise<TLiveJoinResult>;
  signal(payload: TLiveSignalPayload): void;
  leave(sessionId: string): void;
  on<K extends LiveEvent>(event: K, listener: (payload: ServerEventPayloads[K]) => void): () => void;
}

export class P2pMediaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'P2pMediaError';
  }
}

export { showFullMessage };

/** The channel over the page's one socket.io connection. */
export function socketChannel(): SignalChannel {
  const socket = currentSocket();
  if (!socket) throw new P2pMediaError('The live connection is not open; reload the page.');
  return {
    join: (sessionId) =>
      socket
        .timeout(10_000)
        .emitWithAck('live/join', { sessionId })
        .catch(() => ({ ok: false as const, message: 'The live connection did not answer; try again.' })),
    signal: (payload) => socket.emit('live/signal', payload),
    leave: (sessionId) => socket.emit('live/leave', { sessionId }),
    on: (event, listener) => {
      socket.on(event, listener as never);
      return () => socket.off(event, listener as never);
    },
  };
}

const notSignedIn = 'Please log in to continue.';

/** The page's socket channel, looked up when first used (the session may be made before it opens). */
function lazyChannel(): SignalChannel {
  let channel: SignalChannel | null = null;
  const get = () => {
    channel ??= socketChannel();
    return channel;
  };
  return {
    join: async (sessionId) => {
      try {
        // The connection may still be opening (it loads after the first render): wait for it.
        await socketReady();
        return await get().join(sessionId);
      } catch (error) {
        return { ok: false, message: error instanceof Error ? error.message : String(error) };
      }
    },
    signal: (payload) => get().signal(payload),
    leave: (sessionId) => get().leave(sessionId),
    on: (event, listener) => {
      // Listening before the connection exists: attach when it comes.
      let off: (() => void) | null = null;
      let isCancelled = false;
      const attach = () => {
        off = get().on(event, listener);
      };
      if (currentSocket()) attach();
      else
        void socketReady().then((made) => {
          if (made && !isCancelled) attach();
        });
      return () => {
        isCancelled = true;
        off?.();
      };
    },
  };
}

interface Peer {
  pc: RTCPeerConnection;
  /** Candidates that came before the remote description, added right after it. */
  early: RTCIceCandidateInit[];
}

export class P2pSession {
  private peers = new Map<string, Peer>();
  private offs: (() => void)[] = [];
  private closed = false;
  private joined = false;
  private stream: MediaStream | null = null;
  /** The viewer's stream of the creator's tracks (null on the creator's page). */
  private remote: MediaStream | null = null;
  /** Called once when the media ends for a reason the page should show (show ended, cut, creator gone). */
  onEnded: ((reason: string) => void) | null = null;

  /** The page's socket unless one is given; found at the first join, so a missing socket rejects there. */
  private channel: SignalChannel;

  constructor(
    private grant: P2pGrant,
    channel?: SignalChannel,
  ) {
    this.channel = channel ?? lazyChannel();
  }

  /** Fresh TURN credentials from our API, for every connection open now and later. */
  setIceServers(iceServers: TLiveIceServer[]) {
    this.grant = { ...this.grant, iceServers };
    for (const { pc } of this.peers.values()) {
      try {
        pc.setConfiguration({ ...pc.getConfiguration(), iceServers });
      } catch {
        // a browser that refuses the change keeps the old credentials until it reconnects
      }
    }
  }

  private listen() {
    const mine =
      <T extends { sessionId: string }>(fn: (payload: T) => void) =>
      (payload: T) => {
        if (!this.closed && payload.sessionId === this.grant.room) fn(payload);
      };
    this.offs.push(
      this.channel.on(
        'live/signal',
        mine((s) => void this.onSignal(s).catch(() => undefined)),
      ),
      this.channel.on(
        'live/close',
        mine(({ peerId, reason }) => {
          if (peerId === null || peerId === this.grant.feed) this.end(reason);
          else this.drop(peerId);
        }),
      ),
      this.channel.on(
        'live/peer',
        mine(({ peerId }) => void this.offerTo(peerId).catch(() => this.drop(peerId))),
      ),
    );
  }

  private async join() {
    this.listen();
    let result = await this.channel.join(this.grant.room);
    // Right after a page load the socket may still be signing in; it answers within a moment.
    for (let attempt = 0; !result.ok && result.message === notSignedIn && attempt < 3; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 700));
      if (this.closed) break;
      result = await this.channel.join(this.grant.room);
    }
    if (!result.ok) {
      this.close();
      throw new P2pMediaError(result.message);
    }
    this.joined = true;
    return result;
  }

  private connection(peerId: string): Peer {
    this.drop(peerId);
    const pc = new RTCPeerConnection({ iceServers: this.grant.iceServers });
    pc.onicecandidate = (event) => {
      const found = event.candidate?.toJSON();
      if (!found?.candidate) return;
      this.channel.signal({
        sessionId: this.grant.room,
        to: peerId,
        candidate: {
          candidate: found.candidate,
          sdpMid: found.sdpMid ?? null,
          sdpMLineIndex: found.sdpMLineIndex ?? null,
          usernameFragment: found.usernameFragment ?? null,
        },
      });
    };
    const peer = { pc, early: [] };
    this.peers.set(peerId, peer);
    return peer;
  }

  private drop(peerId: string) {
    this.peers.get(peerId)?.pc.close();
    this.peers.delete(peerId);
  }

  private async offerTo(peerId: string) {
    const stream = this.stream;
    if (!stream) return;
    const { pc } = this.connection(peerId);
    for (const track of stream.getTracks())
      pc.addTransceiver(track, { direction: 'sendonly', streams: [stream] });
    const offer = await pc.createOffer();
    await pc.setLocalDescription(offer);
    this.channel.signal({
      sessionId: this.grant.room,
      to: peerId,
      description: { type: 'offer', sdp: offer.sdp ?? '' },
    });
  }

  private async onSignal(signal: TLiveSignalEvent) {
    const { from, description, candidate } = signal;
    if (description?.type === 'offer') {
      // Only the creator offers; a new offer (the creator's page reloaded) replaces the connection.
      if (from !== this.grant.feed || !this.remote) return;
      const peer = this.connection(from);
      const remote = this.remote;
      peer.pc.ontrack = (event) => {
        for (const old of remote.getTracks()) if (old.kind === event.track.kind) remote.removeTrack(old);
        remote.addTrack(event.track);
      };
      await peer.pc.setRemoteDescription(description);
      await this.addEarly(peer);
      const answer = await peer.pc.createAnswer();
      await peer.pc.setLocalDescription(answer);
      this.channel.signal({
        sessionId: this.grant.room,
        to: from,
        description: { type: 'answer', sdp: answer.sdp ?? '' },
      });
      return;
    }
    const peer = this.peers.get(from);
    if (!peer) return;
    if (description?.type === 'answer') {
      await peer.pc.setRemoteDescription(description);
      await this.addEarly(peer);
    } else if (candidate) {
      if (peer.pc.remoteDescription) await peer.pc.addIceCandidate(candidate);
      else peer.early.push(candidate);
    }
  }

  private async addEarly(peer: Peer) {
    for (const candidate of peer.early.splice(0))
      await peer.pc.addIceCandidate(candidate).catch(() => undefined);
  }

  /** Sends the camera and microphone to every viewer seated now and to each one who comes. */
  async publish(stream: MediaStream, _display?: string): Promise<void> {
    this.stream = stream;
    const { peers } = await this.join();
    await Promise.all(peers.map((peerId) => this.offerTo(peerId).catch(() => this.drop(peerId))));
  }

  /**
   * Takes a seat in the show (refused with the server's sentence, e.g. when it is full) and resolves
   * with the stream the creator's tracks arrive in, as soon as their page offers.
   */
  async watch(): Promise<MediaStream> {
    const remote = new MediaStream();
    this.remote = remote;
    await this.join();
    return remote;
  }

  private end(reason: string) {
    if (this.closed) return;
    this.close();
    this.onEnded?.(reason);
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    for (const off of this.offs.splice(0)) off();
    for (const peerId of [...this.peers.keys()]) this.drop(peerId);
    if (this.joined) this.channel.leave(this.grant.room);
  }
}
