import type {
  ServerEventPayloads,
  TCallMediaJoinResult,
  TLiveIceServer,
  TLiveSignalEvent,
  TLiveSignalPayload,
} from '@fanstage/contract';
import { currentSocket, onReconnect, onServerEvent, socketReady } from '../realtime/socket-client';

/**
 * Peer-to-peer video of a call or private show (the server's LIVE_MEDIA=p2p): one RTCPeerConnection
 * between the two people's pages, each sending its camera and microphone. The creator's page always
 * makes the offer and the fan's answers, so the two connect whichever page comes first; when the
 * other page leaves (a reload) this one drops the connection and waits for it to come back.
 * Signals go through our socket (`call/media-*`), which relays them only while the call is live and paid.
 */

export interface P2pCallGrant {
  /** The call's id: every signalling event names it. */
  room: string;
  /** The other person's user id. */
  peer: string;
  iceServers: TLiveIceServer[];
}

type LiveEvent = 'live/peer' | 'live/signal' | 'live/close';

/** What the session needs from the socket; the page's socket by default, a fake one in tests. */
export interface CallSignalChannel {
  join(sessionId: string): Promise<TCallMediaJoinResult>;
  signal(payload: TLiveSignalPayload): void;
  leave(sessionId: string): void;
  on<K extends LiveEvent>(event: K, listener: (payload: ServerEventPayloads[K]) => void): () => void;
  /** After the socket reconnected (a new socket id on the server): time to enter the pair again. */
  onReconnect(listener: () => void): () => void;
}

const notSignedIn = 'Please log in to continue.';

/** The channel over the page's one socket.io connection, looked up when used (it may open later). */
export function callSocketChannel(): CallSignalChannel {
  return {
    join: async (sessionId) => {
      const socket = currentSocket() ?? (await socketReady());
      if (!socket) return { ok: false, message: 'The live connection is not open; reload the page.' };
      return socket
        .timeout(10_000)
        .emitWithAck('call/media-join', { sessionId })
        .catch(() => ({ ok: false as const, message: 'The live connection did not answer; try again.' }));
    },
    signal: (payload) => currentSocket()?.emit('call/media-signal', payload),
    leave: (sessionId) => currentSocket()?.emit('call/media-leave', { sessionId }),
    on: (event, listener) => onServerEvent(event, listener),
    onReconnect,
  };
}

interface Connection {
  pc: RTCPeerConnection;
  /** Candidates that came before the remote description, added right after it. */
  early: RTCIceCandidateInit[];
}

const kinds = ['audio', 'video'] as const;

export class P2pCallSession {
  private connection: Connection | null = null;
  private offs: (() => void)[] = [];
  private camera: MediaStream | null = null;
  private isOfferer = false;
  private joined = false;
  private closed = false;
  /** The other person's video came (a stream to show) or went (null: show that it is awaited). */
  onPeer: ((stream: MediaStream | null) => void) | null = null;
  /** Called once when the call's video is over for this page (the call ended, another tab took it). */
  onEnded: ((reason: string) => void) | null = null;

  constructor(
    private grant: P2pCallGrant,
    private readonly channel: CallSignalChannel = callSocketChannel(),
  ) {}

  /** Fresh TURN credentials from our API, for the connection open now and the next ones. */
  setIceServers(iceServers: TLiveIceServer[]) {
    this.grant = { ...this.grant, iceServers };
    try {
      this.connection?.pc.setConfiguration({ ...this.connection.pc.getConfiguration(), iceServers });
    } catch {
      // a browser that refuses the change keeps the old credentials until the next connection
    }
  }

  /**
   * Enters the call's pair and sends `camera` (null when the camera was refused: this page still
   * receives). Rejects with the server's sentence when the pair cannot be entered.
   */
  async start(camera: MediaStream | null): Promise<void> {
    this.camera = camera;
    this.listen();
    try {
      await this.join();
    } catch (error) {
      this.close();
      throw error;
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
        mine((signal) => void this.onSignal(signal).catch(() => this.drop())),
      ),
      this.channel.on(
        'live/close',
        mine(({ peerId, reason }) => {
          if (peerId === null) this.end(reason);
          else if (peerId === this.grant.peer) this.drop();
        }),
      ),
      this.channel.on(
        'live/peer',
        mine(({ peerId }) => {
          if (this.isOfferer && peerId === this.grant.peer) void this.offer().catch(() => this.drop());
        }),
      ),
      // The server forgot this page's old socket: enter again, and offer again if the other page is there.
      this.channel.onReconnect(() => {
        if (this.closed || !this.joined) return;
        void this.join().catch((error: unknown) =>
          this.end(error instanceof Error ? error.message : String(error)),
        );
      }),
    );
  }

  private async join() {
    let result = await this.channel.join(this.grant.room);
    // Right after a page load the socket may still be signing in; it answers within a moment.
    for (let attempt = 0; !result.ok && result.message === notSignedIn && attempt < 3; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 700));
      if (this.closed) return;
      result = await this.channel.join(this.grant.room);
    }
    if (!result.ok) throw new Error(result.message);
    this.joined = true;
    this.isOfferer = result.role === 'offer';
    if (this.isOfferer && result.peers.includes(this.grant.peer)) await this.offer();
  }

  /** A new connection to the other page (replacing any), its candidates sent as they come. */
  private connect(): Connection {
    this.drop();
    const pc = new RTCPeerConnection({ iceServers: this.grant.iceServers });
    const to = this.grant.peer;
    pc.onicecandidate = (event) => {
      const found = event.candidate?.toJSON();
      if (!found?.candidate) return;
      this.channel.signal({
        sessionId: this.grant.room,
        to,
        candidate: {
          candidate: found.candidate,
          sdpMid: found.sdpMid ?? null,
          sdpMLineIndex: found.sdpMLineIndex ?? null,
          usernameFragment: found.usernameFragment ?? null,
        },
      });
    };
    const remote = new MediaStream();
    pc.ontrack = (event) => {
      for (const old of remote.getTracks()) if (old.kind === event.track.kind) remote.removeTrack(old);
      remote.addTrack(event.track);
      if (event.track.kind === 'video' && this.connection?.pc === pc) this.onPeer?.(remote);
    };
    pc.onconnectionstatechange = () => {
      if (pc.connectionState !== 'failed' || this.connection?.pc !== pc) return;
      this.drop();
      // The offerer tries once more with a fresh connection; the other page replaces its own on the offer.
      if (this.isOfferer) void this.offer().catch(() => this.drop());
    };
    const connection = { pc, early: [] };
    this.connection = connection;
    return connection;
  }

  private trackOf(kind: (typeof kinds)[number]) {
    return this.camera?.getTracks().find((t) => t.kind === kind) ?? null;
  }

  /** The creator's page: one audio and one video line, sending this camera and receiving the other's. */
  private async offer() {
    const { pc } = this.connect();
    for (const kind of kinds) {
      const track = this.trackOf(kind);
      if (track && this.camera) pc.addTransceiver(track, { direction: 'sendrecv', streams: [this.camera] });
      else pc.addTransceiver(kind, { direction: 'recvonly' });
    }
    const offer = await pc.createOffer();
    await pc.setLocalDescription(offer);
    this.channel.signal({
      sessionId: this.grant.room,
      to: this.grant.peer,
      description: { type: 'offer', sdp: offer.sdp ?? '' },
    });
  }

  private async onSignal(signal: TLiveSignalEvent) {
    const { from, description, candidate } = signal;
    if (from !== this.grant.peer) return;
    if (description?.type === 'offer') {
      // Only the creator's page offers; a new offer (it reloaded) replaces the connection.
      if (this.isOfferer) return;
      const connection = this.connect();
      const { pc } = connection;
      await pc.setRemoteDescription(description);
      for (const transceiver of pc.getTransceivers()) {
        const track = this.trackOf(transceiver.receiver.track.kind as (typeof kinds)[number]);
        if (!track || !this.camera) continue;
        await transceiver.sender.replaceTrack(track);
        transceiver.sender.setStreams?.(this.camera);
        transceiver.direction = 'sendrecv';
      }
      await this.addEarly(connection);
      const answer = await pc.createAnswer();
      await pc.setLocalDescription(answer);
      this.channel.signal({
        sessionId: this.grant.room,
        to: from,
        description: { type: 'answer', sdp: answer.sdp ?? '' },
      });
      return;
    }
    const connection = this.connection;
    if (!connection) return;
    if (description?.type === 'answer') {
      await connection.pc.setRemoteDescription(description);
      await this.addEarly(connection);
    } else if (candidate) {
      if (connection.pc.remoteDescription) await connection.pc.addIceCandidate(candidate);
      else connection.early.push(candidate);
    }
  }

  private async addEarly(connection: Connection) {
    for (const candidate of connection.early.splice(0))
      await connection.pc.addIceCandidate(candidate).catch(() => undefined);
  }

  /** Closes the connection to the other page (it left); this page stays in the pair and waits. */
  private drop() {
    if (!this.connection) return;
    this.connection.pc.close();
    this.connection = null;
    if (!this.closed) this.onPeer?.(null);
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
    this.connection?.pc.close();
    this.connection = null;
    if (this.joined) this.channel.leave(this.grant.room);
  }
}
