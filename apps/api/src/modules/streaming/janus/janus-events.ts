import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * Janus's HTTP event handler posts batches of events (an array with `grouping = true`, else one
 * object). Only what live shows need is read; everything else is ignored, never refused.
 * Types: 1 session, 2 handle, 16 WebRTC state, 32 media, 64 plugin.
 */
const ZJanusEvent = z
  .object({
    type: z.number().int(),
    session_id: z.number().optional(),
    handle_id: z.number().optional(),
    timestamp: z.number().optional(),
    // An object for most events; media stats come as an array, one entry per stream
    // (combine_media_stats = true), and must not get the whole batch refused.
    event: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).optional(),
  })
  .passthrough();

/** How many events one post may carry (Janus groups a few per post; this is far above). */
export const maxJanusEventsPerPost = 2000;

export const ZJanusEventBatch = z.union([
  ZJanusEvent,
  z
    .array(ZJanusEvent)
    .max(maxJanusEventsPerPost, { message: `At most ${maxJanusEventsPerPost} events in one post.` }),
]);
export type TJanusEventBatch = z.infer<typeof ZJanusEventBatch>;
type JanusEvent = z.infer<typeof ZJanusEvent>;

/**
 * What the rest of the API learns from Janus. Rooms are our live session ids; `feed` is the
 * publisher id the creator joined with (their user id); `viewer` names one subscriber handle.
 */
export type MediaEvent =
  | { kind: 'publisher-up'; room: string; feed: string }
  | { kind: 'publisher-down'; room: string; feed: string }
  | { kind: 'viewer-joined'; room: string; viewer: string }
  | { kind: 'viewer-left'; room: string; viewer: string };

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Our rooms only: a string id that is a UUID (a live session id). */
const roomOf = (value: unknown) => (typeof value === 'string' && uuid.test(value) ? value : null);

interface HandleState {
  session: number;
  room: string;
  role: 'publisher' | 'subscriber';
  /** Publisher: its feed id. */
  feed: string;
  /** Subscriber: whether viewer-joined was told (so viewer-left is told once, after it). */
  isCounted: boolean;
}

/** Handles remembered at most; past this the oldest are forgotten (events for them are then ignored). */
const maxHandles = 20_000;

/**
 * Turns Janus's events into MediaEvents. Janus names a handle in WebRTC and media events without its
 * room, so the reader remembers which handle joined which room as what, and which handle publishes
 * each room now: a stale publisher handle going down (a crashed tab timing out after the creator
 * reloaded) does not take the show down.
 */
export class JanusEventReader {
  private readonly handles = new Map<number, HandleState>();
  private readonly publisherOf = new Map<string, number>();

  read(batch: TJanusEventBatch): MediaEvent[] {
    const out: MediaEvent[] = [];
    for (const event of Array.isArray(batch) ? batch : [batch]) this.readOne(event, out);
    return out;
  }

  private remember(handle: number, state: HandleState) {
    this.handles.delete(handle);
    this.handles.set(handle, state);
    if (this.handles.size > maxHandles) {
      const oldest = this.handles.keys().next().value;
      if (oldest !== undefined) this.forget(oldest);
    }
  }

  private forget(handle: number) {
    const state = this.handles.get(handle);
    this.handles.delete(handle);
    if (state && this.publisherOf.get(state.room) === handle) this.publisherOf.delete(state.room);
  }

  private up(handle: number, out: MediaEvent[]) {
    const state = this.handles.get(handle);
    if (!state) return;
    if (state.role === 'publisher') {
      this.publisherOf.set(state.room, handle);
      out.push({ kind: 'publisher-up', room: state.room, feed: state.feed });
    } else if (!state.isCounted) {
      state.isCounted = true;
      out.push({ kind: 'viewer-joined', room: state.room, viewer: `${state.session}:${handle}` });
    }
  }

  private down(handle: number, out: MediaEvent[]) {
    const state = this.handles.get(handle);
    if (!state) return;
    if (state.role === 'publisher') {
      if (this.publisherOf.get(state.room) !== handle) return;
      this.publisherOf.delete(state.room);
      out.push({ kind: 'publisher-down', room: state.room, feed: state.feed });
    } else if (state.isCounted) {
      state.isCounted = false;
      out.push({ kind: 'viewer-left', room: state.room, viewer: `${state.session}:${handle}` });
    }
  }

  private readOne(e: JanusEvent, out: MediaEvent[]) {
    // Stats (an array) carry nothing read here but the publisher's being there (type 32 below).
    const body = e.event && !Array.isArray(e.event) ? e.event : {};
    const handle = e.handle_id;
    switch (e.type) {
      case 1: {
        // Session destroyed or timed out: every handle of it is gone.
        if (body.name !== 'destroyed' && body.name !== 'timeout') return;
        for (const [h, state] of [...this.handles]) {
          if (state.session !== e.session_id) continue;
          this.down(h, out);
          this.forget(h);
        }
        return;
      }
      case 2:
        if (body.name === 'detached' && handle !== undefined) {
          this.down(handle, out);
          this.forget(handle);
        }
        return;
      case 16:
        if (handle === undefined) return;
        if (body.connection === 'webrtc-up') this.up(handle, out);
        else if (body.connection === 'hangup') this.down(handle, out);
        return;
      case 32: {
        // Media state (receiving true/false) and the periodic stats: a publisher's keep it "seen".
        const state = handle === undefined ? undefined : this.handles.get(handle);
        if (handle === undefined || state?.role !== 'publisher') return;
        if (body.receiving === false) this.down(handle, out);
        else if (body.receiving === true || this.publisherOf.get(state.room) === handle) this.up(handle, out);
        return;
      }
      case 64:
        if (handle !== undefined && body.plugin === 'janus.plugin.videoroom') {
          this.readVideoRoom(e.session_id ?? 0, handle, body.data, out);
        }
        return;
      default:
        return;
    }
  }

  private readVideoRoom(session: number, handle: number, raw: unknown, out: MediaEvent[]) {
    if (!raw || typeof raw !== 'object') return;
    const data = raw as Record<string, unknown>;
    const room = roomOf(data.room);
    switch (data.event) {
      case 'joined':
        if (room && typeof data.id === 'string') {
          this.remember(handle, { session, room, role: 'publisher', feed: data.id, isCounted: false });
        }
        return;
      case 'published':
        if (room && typeof data.id === 'string') {
          if (!this.handles.has(handle)) {
            this.remember(handle, { session, room, role: 'publisher', feed: data.id, isCounted: false });
          }
          this.up(handle, out);
        }
        return;
      case 'subscribing':
      case 'subscribed':
        if (room && !this.handles.has(handle)) {
          this.remember(handle, { session, room, role: 'subscriber', feed: '', isCounted: false });
        }
        if (this.handles.get(handle)?.role === 'subscriber') this.up(handle, out);
        return;
      case 'unpublished':
      case 'leaving':
        this.down(handle, out);
        if (data.event === 'leaving') this.forget(handle);
        return;
      default:
        return;
    }
  }
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Checks `Authorization: Basic …` against the event handler's credentials in constant time (both
 * sides hashed first, so neither the length nor the bytes leak through timing).
 */
export function isJanusEventsAuthorized(
  authorization: string | undefined,
  expected: { user: string; password: string } | null,
): boolean {
  if (!expected || !authorization) return false;
  const match = /^Basic ([A-Za-z0-9+/=]{1,1024})$/.exec(authorization.trim());
  if (!match?.[1]) return false;
  const given = Buffer.from(match[1], 'base64').toString('utf8');
  return timingSafeEqual(digest(given), digest(`${expected.user}:${expected.password}`));
}
