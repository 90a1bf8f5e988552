import type { DbHandle } from '@fanstage/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Clock } from './lib/clock';
import type { ViewCache } from './lib/view-cache';
import type { ActorCache } from './modules/auth/sessions';
import type { Storage } from './modules/files/storage';
import type { Mailer } from './modules/mail/mail.service';
import type { Metrics } from './modules/metrics/metrics.types';
import type { RealtimeHub } from './modules/realtime/realtime.hub';
import type { SettingsService } from './modules/settings/settings.service';
import type { LiveMedia } from './modules/streaming/media/live-media';
import type { AccountCache } from './modules/users/account-cache';
import type { JobQueue } from './plugins/queue';

/** What every service may use: built once per app, passed in, never imported as a global. */
export interface AppContext {
  config: Config;
  db: DbHandle;
  clock: Clock;
  mailer: Mailer;
  /** Prometheus figures of this node (GET /api/metrics). */
  metrics: Metrics;
  storage: Storage;
  settings: SettingsService;
  /** Background jobs (media processing, later renewals and emails). */
  queue: JobQueue;
  /** Live events to connected people (socket.io; across nodes with Redis). */
  realtime: RealtimeHub;
  /** Sessions this node resolved lately (forgotten on every node when they change). */
  sessionCache: ActorCache;
  /** Accounts this node presented lately (`GET /users/me`; forgotten on every node when they change). */
  accountCache: AccountCache;
  /** Pages people read again and again, as sent (lib/view-cache.ts; forgotten on every node when they change). */
  views: ViewCache;
  /** The video of live shows (our own Janus, or none). */
  media: LiveMedia;
  log: FastifyBaseLogger;
  /** Set when the node begins to shut down: /api/ready fails from then on, so proxies stop sending. */
  lifecycle: { draining: boolean };
}
