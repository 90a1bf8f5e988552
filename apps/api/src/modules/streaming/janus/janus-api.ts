import { randomUUID } from 'node:crypto';
import type { JanusEndpoint } from './janus-process';
import { signJanusToken, videoRoomPlugin } from './janus-tokens';

/** Janus answered, but with an error (`janus: "error"` or a plugin `error_code`). */
export class JanusError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
    this.name = 'JanusError';
  }
}

type Json = Record<string, unknown>;

/**
 * The API's own control of Janus over its HTTP API: each call opens a session and a VideoRoom handle,
 * sends one request and closes the session, so nothing here goes stale when Janus restarts.
 */
export class JanusRooms {
  constructor(
    private readonly endpoint: JanusEndpoint,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** A token for the API itself, good for a minute. */
  private apiToken() {
    return signJanusToken(this.endpoint.tokenSecret, {
      expiresAt: new Date(this.now().getTime() + 60_000),
      descriptors: [videoRoomPlugin, 'user=api'],
    });
  }

  private async post(url: string, body: Json): Promise<Json> {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ transaction: randomUUID(), ...body }),
      signal: AbortSignal.timeout(5000),
    });
    const answer = (await res.json()) as Json;
    if (answer.janus === 'error') {
      const error = answer.error as { code: number; reason: string };
      throw new JanusError(error.reason, error.code);
    }
    return answer;
  }

  /** Sends one VideoRoom request on a throwaway session; answers the plugin's data. */
  async videoRoom(body: Json): Promise<Json> {
    const token = this.apiToken();
    const session = await this.post(this.endpoint.httpUrl, { janus: 'create', token });
    const sessionId = (session.data as { id: number }).id;
    const sessionUrl = `${this.endpoint.httpUrl}/${sessionId}`;
    try {
      const handle = await this.post(sessionUrl, { janus: 'attach', plugin: videoRoomPlugin, token });
      const handleId = (handle.data as { id: number }).id;
      const answer = await this.post(`${sessionUrl}/${handleId}`, { janus: 'message', body, token });
      const data = (answer.plugindata as { data: Json } | undefined)?.data ?? {};
      if (typeof data.error_code === 'number') throw new JanusError(String(data.error), data.error_code);
      return data;
    } finally {
      await this.post(sessionUrl, { janus: 'destroy', token }).catch(() => undefined);
    }
  }

  /** Creates a room only tokens of ours can join; `publisherTokens` alone may publish. */
  async createRoom(options: { room: string; secret: string; publishers: number; publisherTokens: string[] }) {
    await this.videoRoom({
      request: 'create',
      room: options.room,
      admin_key: this.endpoint.roomAdminKey,
      secret: options.secret,
      is_private: true,
      permanent: false,
      publishers: options.publishers,
      signed_tokens: true,
      allowed: options.publisherTokens,
      notify_joining: true,
      bitrate: 1_500_000,
      fir_freq: 10,
      audiocodec: 'opus',
      videocodec: 'vp8,h264',
    });
  }

  async roomExists(room: string): Promise<boolean> {
    const data = await this.videoRoom({ request: 'exists', room });
    return data.exists === true;
  }

  /** Adds publisher tokens (a renewed one) to a room's allowed list. */
  async allowPublishers(room: string, secret: string, tokens: string[]) {
    await this.videoRoom({ request: 'allowed', room, secret, action: 'add', allowed: tokens });
  }

  async destroyRoom(room: string, secret: string) {
    await this.videoRoom({ request: 'destroy', room, secret }).catch((err: unknown) => {
      // Already gone (Janus restarted, or ended twice): the goal is reached.
      if (err instanceof JanusError && err.code === 426) return;
      throw err;
    });
  }

  /** Cuts one participant's media at once through the Admin API. */
  async hangup(sessionId: number, handleId: number) {
    await this.post(`${this.endpoint.adminUrl}/${sessionId}/${handleId}`, {
      janus: 'hangup_webrtc',
      admin_secret: this.endpoint.adminSecret,
    }).catch((err: unknown) => {
      if (err instanceof JanusError && (err.code === 458 || err.code === 459)) return; // no such session/handle
      throw err;
    });
  }
}
