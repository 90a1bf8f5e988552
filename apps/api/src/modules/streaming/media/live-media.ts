import type { TLiveMediaGrant } from '@fanstage/contract';
import { AppError } from '../../../lib/app-error';
import type { MediaEvent, TJanusEventBatch } from '../janus/janus-events';

/** Where browsers open their WebSocket to Janus: our own port, piped to the Janus we run. */
export const janusWsPath = '/api/streaming/janus-ws';
/** Where Janus's HTTP event handler posts (basic auth, user `janus`). */
export const janusEventsPath = '/api/streaming/janus-events';

export type { MediaEvent };

/**
 * The media transport of live shows, as the rest of the API sees it: rooms follow the shows, and an
 * entitled person gets what their browser needs. Who is entitled is decided before, by the service.
 */
export interface LiveMedia {
  /**
   * Makes the show's room, where only `publisherId` may publish; a call's room takes `publishers: 2`
   * (each side's own grant with role `publish` allows its token).
   */
  openRoom(options: { room: string; publisherId: string; publishers?: number }): Promise<void>;
  /** Removes the show's room; a room already gone is fine. */
  closeRoom(room: string): Promise<void>;
  /** Tokens for one person; recreates the room when it is missing (Janus restarted). */
  grant(options: {
    room: string;
    userId: string;
    /** The publisher id of the room's one feed. */
    feed: string;
    role: 'publish' | 'watch';
    /** How many may publish when the room must be made again (2 for a call). */
    publishers?: number;
    /** The site's origin as the browser sees it (`https://host`), for the WebSocket URL. */
    origin: string;
  }): Promise<TLiveMediaGrant>;
  /** The WebSocket address of the Janus the proxy pipes to, or null while none runs. */
  proxyTarget(): string | null;
  /** The basic-auth credentials Janus's event handler posts with, or null (no events expected). */
  eventsCredentials(): { user: string; password: string } | null;
  /** Reads one post of Janus's event handler and tells the listeners what it means. */
  readEvents(batch: TJanusEventBatch): MediaEvent[];
  /** Listens to media events (viewer joined/left, publisher up/down); answers the unsubscribe. */
  onEvent(listener: (event: MediaEvent) => void): () => void;
  close(): Promise<void>;
}

/** The one refusal of every join while there is no media: a rule of this server, not a fault. */
export const mediaUnavailable = () =>
  new AppError('UNPROCESSABLE', 'Live video is not available on this server right now.');

/** No media on this server: shows go on without video, and joins are refused. */
export const noMedia: LiveMedia = {
  openRoom: async () => undefined,
  closeRoom: async () => undefined,
  grant: async () => {
    throw mediaUnavailable();
  },
  proxyTarget: () => null,
  eventsCredentials: () => null,
  readEvents: () => [],
  onEvent: () => () => undefined,
  close: async () => undefined,
};
