import { createHmac } from 'node:crypto';
import type { TLiveMediaGrant } from '@fanstage/contract';
import type { FastifyBaseLogger } from 'fastify';
import { JanusError, JanusRooms } from '../janus/janus-api';
import { JanusEventReader, type MediaEvent, type TJanusEventBatch } from '../janus/janus-events';
import { type JanusEndpoint, type OwnJanus, startOwnJanus } from '../janus/janus-process';
import { signJanusToken, videoRoomPlugin } from '../janus/janus-tokens';
import { janusWsPath, type LiveMedia, mediaUnavailable } from './live-media';

/** How long a grant's tokens work; the page asks for fresh ones well before. */
const leaseMs = 2 * 60_000;
/** After a failed start, joins are refused at once for this long instead of each spawning a Janus. */
const retryStartAfterMs = 60_000;
/** Janus's answer to `create` for a room id that exists (two joins recreating it at once). */
const roomExistsCode = 427;

/** The user name of the event handler's basic auth (Janus's `backend_user`). */
const eventsUser = 'janus';

/**
 * Live media through Janus: one this API runs as its child (started on first need), or one run
 * elsewhere (`remote`, from JANUS_URL and its secrets).
 */
export class JanusMedia implements LiveMedia {
  private starting: Promise<OwnJanus> | null = null;
  private running: OwnJanus | null = null;
  private failedAt = 0;
  private closed = false;
  private reader = new JanusEventReader();
  private readonly listeners = new Set<(event: MediaEvent) => void>();

  constructor(
    private readonly options: {
      binary: string;
      /** Where our own Janus's event handler posts (our API's janus-events route); read at each start. */
      eventsUrl: () => string;
      /** A Janus run elsewhere, used instead of starting ours; its events password may be empty (none). */
      remote?: JanusEndpoint;
      /** The app's SECRET: room secrets derive from it, so they need no column and survive restarts. */
      serverSecret: string;
      stunUrl?: string;
      /** Where Janus may gather ICE candidates (LIVE_ICE_ENFORCE_LIST); unset: all but loopback. */
      iceEnforceList?: string;
      log: FastifyBaseLogger;
      now: () => Date;
    },
  ) {}

  private async janus(): Promise<JanusEndpoint> {
    if (this.closed) throw mediaUnavailable();
    if (this.options.remote) return this.options.remote;
    if (Date.now() - this.failedAt < retryStartAfterMs) throw mediaUnavailable();
    if (!this.starting) {
      const { log } = this.options;
      const stun = this.options.stunUrl?.match(/^stun:([^:]+)(?::(\d+))?$/);
      this.starting = startOwnJanus({
        binary: this.options.binary,
        eventsUrl: this.options.eventsUrl(),
        ...(this.options.iceEnforceList ? { iceEnforceList: this.options.iceEnforceList } : {}),
        ...(stun?.[1] ? { stun: { host: stun[1], port: Number(stun[2] ?? 3478) } } : {}),
      }).then(
        (janus) => {
          log.info({ pid: janus.pid }, 'janus started');
          this.running = janus;
          void janus.exited.then((exit) => {
            if (this.running !== janus) return;
            // The next need starts a new one; its rooms are recreated by the joins.
            if (!this.closed) log.warn(exit, 'janus stopped by itself');
            this.running = null;
            this.starting = null;
            // A new Janus has new handle ids.
            this.reader = new JanusEventReader();
          });
          return janus;
        },
        (error: unknown) => {
          log.error({ err: error }, 'janus could not start: live video is refused for a minute');
          this.failedAt = Date.now();
          this.starting = null;
          throw error;
        },
      );
    }
    try {
      return await this.starting;
    } catch {
      throw mediaUnavailable();
    }
  }

  /** Runs one room operation; any failure of Janus is logged and refused as "not available". */
  private async withRooms<T>(what: string, run: (rooms: JanusRooms, janus: JanusEndpoint) => Promise<T>) {
    const janus = await this.janus();
    try {
      return await run(new JanusRooms(janus, this.options.now), janus);
    } catch (error) {
      this.options.log.error({ err: error }, `janus could not ${what}`);
      throw mediaUnavailable();
    }
  }

  private roomSecret(room: string) {
    return createHmac('sha256', this.options.serverSecret).update(`janus-room:${room}`).digest('base64url');
  }

  private tokens(janus: JanusEndpoint, options: { room: string; userId: string }) {
    const expiresAt = new Date(this.options.now().getTime() + leaseMs);
    const user = `user=${options.userId}`;
    return {
      expiresAt,
      token: signJanusToken(janus.tokenSecret, { expiresAt, descriptors: [videoRoomPlugin, user] }),
      roomToken: signJanusToken(janus.tokenSecret, {
        expiresAt,
        realm: videoRoomPlugin,
        descriptors: [`room=${options.room}`, user],
      }),
    };
  }

  private async createRoom(
    rooms: JanusRooms,
    janus: JanusEndpoint,
    room: string,
    publisherId: string,
    publishers = 1,
  ) {
    // The room needs one allowed token from the start, or Janus lets any room token publish.
    const { roomToken } = this.tokens(janus, { room, userId: publisherId });
    await rooms
      .createRoom({ room, secret: this.roomSecret(room), publishers, publisherTokens: [roomToken] })
      .catch((error: unknown) => {
        if (error instanceof JanusError && error.code === roomExistsCode) return;
        throw error;
      });
  }

  async openRoom(options: { room: string; publisherId: string; publishers?: number }) {
    await this.withRooms('open a room', (rooms, janus) =>
      this.createRoom(rooms, janus, options.room, options.publisherId, options.publishers),
    );
  }

  async closeRoom(room: string) {
    // Nothing runs, so no room either: do not start Janus only to destroy nothing.
    if (!this.running && !this.options.remote) return;
    await this.withRooms('close a room', (rooms) => rooms.destroyRoom(room, this.roomSecret(room)));
  }

  async grant(options: Parameters<LiveMedia['grant']>[0]): Promise<TLiveMediaGrant> {
    return this.withRooms('grant a join', async (rooms, janus) => {
      const { room, role } = options;
      if (!(await rooms.roomExists(room))) {
        await this.createRoom(rooms, janus, room, options.feed, options.publishers);
      }
      const { token, roomToken, expiresAt } = this.tokens(janus, { room, userId: options.userId });
      // The room's allowed list holds the creator's tokens alone: a viewer's token cannot publish.
      if (role === 'publish') await rooms.allowPublishers(room, this.roomSecret(room), [roomToken]);
      return {
        provider: 'janus' as const,
        url: `${options.origin.replace(/^http/, 'ws')}${janusWsPath}`,
        room,
        token,
        roomToken,
        feed: options.feed,
        role,
        iceServers: this.options.stunUrl ? [{ urls: this.options.stunUrl }] : [],
        expiresAt: expiresAt.toISOString(),
      };
    });
  }

  /** The Janus running now, if any (tests kill it to play a crash). */
  get janusProcess(): OwnJanus | null {
    return this.running;
  }

  proxyTarget() {
    return this.options.remote?.wsUrl ?? this.running?.wsUrl ?? null;
  }

  eventsCredentials() {
    const password = this.options.remote ? this.options.remote.eventsPassword : this.running?.eventsPassword;
    return password ? { user: eventsUser, password } : null;
  }

  readEvents(batch: TJanusEventBatch): MediaEvent[] {
    const events = this.reader.read(batch);
    for (const event of events) {
      for (const listener of this.listeners) {
        try {
          listener(event);
        } catch (error) {
          this.options.log.error({ err: error }, 'a media event listener failed');
        }
      }
    }
    return events;
  }

  onEvent(listener: (event: MediaEvent) => void) {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  async close() {
    this.closed = true;
    const janus = await this.starting?.catch(() => null);
    await janus?.stop();
  }
}
