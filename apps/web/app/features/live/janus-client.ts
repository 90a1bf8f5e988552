/**
 * A small client of Janus's WebSocket API for the VideoRoom plugin: one session, one handle, publish
 * or watch one feed. Tokens come from our API and are swapped for fresh ones while the person is
 * entitled (setToken); when the API stops renewing them, Janus drops the session by itself.
 */
type Json = Record<string, unknown>;

interface Pending {
  resolve: (msg: Json) => void;
  reject: (err: Error) => void;
  /** Plugin requests answer `ack` first and their result later as an `event`. */
  async: boolean;
}

export interface JanusGrant {
  /** The WebSocket URL of Janus (our proxy, or the site's Janus). */
  url: string;
  room: string;
  /** Signs this person's requests to Janus (realm `janus`). */
  token: string;
  /** Lets this person join the room (realm `janus.plugin.videoroom`, `room=<id>`). */
  roomToken: string;
  /** The publisher id viewers subscribe to. */
  feed: string;
  iceServers: RTCIceServer[];
}

export class JanusMediaError extends Error {
  constructor(
    message: string,
    readonly code?: number,
  ) {
    super(message);
    this.name = 'JanusMediaError';
  }
}

const transactionId = () => Math.random().toString(36).slice(2) + Date.now().toString(36);

export class JanusSession {
  private ws: WebSocket | null = null;
  private sessionId: number | null = null;
  private handleId: number | null = null;
  private pending = new Map<string, Pending>();
  private keepalive: ReturnType<typeof setInterval> | null = null;
  private closed = false;
  pc: RTCPeerConnection | null = null;
  /** Called once when the media ends for a reason the page should show (hangup, session gone). */
  onEnded: ((reason: string) => void) | null = null;
  /** Called when the media connection's state changes ('connected': the media flows). */
  onConnection: ((state: RTCPeerConnectionState) => void) | null = null;

  constructor(private grant: JanusGrant) {}

  /** Fresh tokens from our API: every later request carries them. */
  setTokens(tokens: { token: string; roomToken: string }) {
    this.grant = { ...this.grant, ...tokens };
  }

  private send(body: Json, async = false): Promise<Json> {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) return Promise.reject(new JanusMediaError('Not connected.'));
    const transaction = transactionId();
    const message: Json = { ...body, transaction, token: this.grant.token };
    if (this.sessionId !== null) message.session_id = this.sessionId;
    if (this.handleId !== null && body.janus !== 'attach' && body.janus !== 'keepalive')
      message.handle_id = this.handleId;
    return new Promise((resolve, reject) => {
      this.pending.set(transaction, { resolve, reject, async });
      ws.send(JSON.stringify(message));
    });
  }

  private onMessage(msg: Json) {
    const transaction = msg.transaction as string | undefined;
    const pending = transaction ? this.pending.get(transaction) : undefined;
    if (pending && transaction) {
      if (msg.janus === 'ack' && pending.async) return;
      this.pending.delete(transaction);
      if (msg.janus === 'error') {
        const e = msg.error as { code: number; reason: string };
        pending.reject(new JanusMediaError(e.reason, e.code));
        return;
      }
      const data = (msg.plugindata as { data?: Json } | undefined)?.data;
      if (data && typeof data.error_code === 'number') {
        pending.reject(new JanusMediaError(String(data.error), data.error_code));
        return;
      }
      pending.resolve(msg);
      return;
    }
    if (msg.janus === 'hangup' || msg.janus === 'detached' || msg.janus === 'timeout') {
      this.end(msg.janus === 'timeout' ? 'The live session timed out.' : 'The live video ended.');
    }
    const data = (msg.plugindata as { data?: Json } | undefined)?.data;
    if (data && (data.videoroom === 'destroyed' || data.leaving === 'ok' || data.unpublished === 'ok')) {
      this.end('The live video ended.');
    }
  }

  private async connect() {
    await new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(this.grant.url, 'janus-protocol');
      this.ws = ws;
      ws.onopen = () => resolve();
      ws.onerror = () => reject(new JanusMediaError('The live video server cannot be reached.'));
      ws.onclose = () => {
        for (const p of this.pending.values()) p.reject(new JanusMediaError('The connection closed.'));
        this.pending.clear();
        this.end('The connection to the live video server closed.');
      };
      ws.onmessage = (event) => this.onMessage(JSON.parse(String(event.data)) as Json);
    });
    const created = await this.send({ janus: 'create' });
    this.sessionId = (created.data as { id: number }).id;
    const attached = await this.send({ janus: 'attach', plugin: 'janus.plugin.videoroom' });
    this.handleId = (attached.data as { id: number }).id;
    // Janus drops a silent session after 30 s; a keepalive with an expired token is refused, so an
    // entitlement the API stopped renewing ends the media within a minute.
    this.keepalive = setInterval(() => void this.send({ janus: 'keepalive' }).catch(() => undefined), 10_000);
  }

  private peer() {
    const pc = new RTCPeerConnection({ iceServers: this.grant.iceServers });
    pc.onicecandidate = (event) => {
      const candidate = event.candidate ? event.candidate.toJSON() : { completed: true };
      void this.send({ janus: 'trickle', candidate }).catch(() => undefined);
    };
    pc.onconnectionstatechange = () => this.onConnection?.(pc.connectionState);
    this.pc = pc;
    return pc;
  }

  /** Publishes the camera and microphone as this room's one feed. */
  async publish(stream: MediaStream, display: string): Promise<void> {
    await this.connect();
    await this.send(
      {
        janus: 'message',
        body: {
          request: 'join',
          ptype: 'publisher',
          room: this.grant.room,
          id: this.grant.feed,
          display,
          token: this.grant.roomToken,
        },
      },
      true,
    );
    const pc = this.peer();
    for (const track of stream.getTracks())
      pc.addTransceiver(track, { direction: 'sendonly', streams: [stream] });
    const offer = await pc.createOffer();
    await pc.setLocalDescription(offer);
    const answer = await this.send(
      {
        janus: 'message',
        body: { request: 'publish', audio: true, video: true },
        jsep: { type: offer.type, sdp: offer.sdp },
      },
      true,
    );
    await pc.setRemoteDescription(answer.jsep as RTCSessionDescriptionInit);
  }

  /** Receives the room's feed; resolves with the remote stream once negotiated. */
  async watch(): Promise<MediaStream> {
    await this.connect();
    const joined = await this.send(
      {
        janus: 'message',
        body: {
          request: 'join',
          ptype: 'subscriber',
          room: this.grant.room,
          streams: [{ feed: this.grant.feed }],
          token: this.grant.roomToken,
        },
      },
      true,
    );
    const pc = this.peer();
    const remote = new MediaStream();
    pc.ontrack = (event) => remote.addTrack(event.track);
    await pc.setRemoteDescription(joined.jsep as RTCSessionDescriptionInit);
    const answer = await pc.createAnswer();
    await pc.setLocalDescription(answer);
    await this.send(
      { janus: 'message', body: { request: 'start' }, jsep: { type: answer.type, sdp: answer.sdp } },
      true,
    );
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
    if (this.keepalive) clearInterval(this.keepalive);
    this.pc?.close();
    const ws = this.ws;
    if (ws && ws.readyState === WebSocket.OPEN) {
      try {
        ws.send(
          JSON.stringify({
            janus: 'destroy',
            session_id: this.sessionId,
            transaction: transactionId(),
            token: this.grant.token,
          }),
        );
      } catch {
        // closing anyway
      }
      ws.close();
    }
  }
}
