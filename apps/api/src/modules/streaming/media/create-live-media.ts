import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config';
import type { RealtimeHub } from '../../realtime/realtime.hub';
import { findJanusBinary, type JanusEndpoint } from '../janus/janus-process';
import { agoraSetupOf, withAgora } from './agora-media';
import { JanusMedia } from './janus-media';
import { type LiveMedia, noMedia } from './live-media';
import { P2pMedia } from './p2p-media';

/**
 * The provider LIVE_MEDIA asks for. Our own Janus starts on first need (the first go-live or join),
 * not with the app, so a server nobody goes live on never runs it; it stops with the app. Without
 * the binary, 'auto' sends peer to peer (a mesh from the creator's browser) and says so.
 */
export function createLiveMedia(options: {
  config: Config;
  log: FastifyBaseLogger;
  now: () => Date;
  /** Peer-to-peer signalling reaches the pages through it. */
  realtime?: Pick<RealtimeHub, 'toRoom'>;
  findBinary?: () => string | null;
  /** Where our own Janus posts its events (the API's address is known once it listens). */
  eventsUrl?: () => string;
  /** The admin's Agora settings (agoraEnable, agoraAppId), read at each grant. */
  agoraSettings?: () => Promise<{ agoraEnable: boolean; agoraAppId: string }>;
}): LiveMedia {
  const base = createJanusOrNone(options);
  const { agoraSettings } = options;
  const certificate = options.config.AGORA_APP_CERTIFICATE;
  // Without the certificate Agora can never be set up: no need to read the settings at each grant.
  if (!certificate || !agoraSettings) return base;
  return withAgora(base, {
    setup: async () => agoraSetupOf(await agoraSettings(), certificate),
    now: options.now,
  });
}

/** Nothing answers there: events of a Janus started without an address of ours are dropped. */
const nowhere = 'http://127.0.0.1:9/janus-events';

/** A Janus run elsewhere, from JANUS_URL and its secrets; its WebSocket and Admin API by Janus's default ports. */
export function remoteJanusEndpoint(config: Config): JanusEndpoint | null {
  if (!config.JANUS_URL || !config.JANUS_TOKEN_SECRET || !config.JANUS_ROOM_ADMIN_KEY) return null;
  const http = new URL(config.JANUS_URL);
  return {
    httpUrl: config.JANUS_URL.replace(/\/$/, ''),
    wsUrl: config.JANUS_WS_URL ?? `ws://${http.hostname}:8188`,
    adminUrl: config.JANUS_ADMIN_URL ?? `${http.protocol}//${http.hostname}:7088/admin`,
    adminSecret: config.JANUS_ADMIN_SECRET ?? '',
    tokenSecret: config.JANUS_TOKEN_SECRET,
    roomAdminKey: config.JANUS_ROOM_ADMIN_KEY,
    eventsPassword: config.JANUS_EVENTS_PASSWORD ?? '',
  };
}

function createJanusOrNone(options: {
  config: Config;
  log: FastifyBaseLogger;
  now: () => Date;
  realtime?: Pick<RealtimeHub, 'toRoom'>;
  findBinary?: () => string | null;
  eventsUrl?: () => string;
}): LiveMedia {
  const { config, log } = options;
  if (config.LIVE_MEDIA === 'off') return noMedia;
  const p2p = () =>
    new P2pMedia({
      maxViewers: config.LIVE_MESH_MAX_VIEWERS,
      stunUrl: config.LIVE_STUN_URL,
      turnUrl: config.LIVE_TURN_URL,
      turnSecret: config.LIVE_TURN_SECRET,
      now: options.now,
      send: (socketId, event, payload) => options.realtime?.toRoom(socketId, event, payload),
    });
  if (config.LIVE_MEDIA === 'p2p') {
    log.info({ maxViewers: config.LIVE_MESH_MAX_VIEWERS }, 'live video: peer to peer (LIVE_MEDIA=p2p)');
    return p2p();
  }
  const remote = remoteJanusEndpoint(config);
  if (remote) {
    return new JanusMedia({
      binary: '',
      eventsUrl: () => nowhere,
      remote,
      serverSecret: config.SECRET,
      stunUrl: config.LIVE_STUN_URL,
      log,
      now: options.now,
    });
  }
  const binary = (options.findBinary ?? findJanusBinary)();
  if (!binary) {
    if (config.LIVE_MEDIA === 'janus') {
      log.error('live video is off: no janus binary on this machine (apt-get install janus)');
      return noMedia;
    }
    log.info(
      { maxViewers: config.LIVE_MESH_MAX_VIEWERS },
      'live video: peer to peer from the creator’s browser (no janus binary on this machine)',
    );
    return p2p();
  }
  log.info(
    { binary },
    `live video: our own Janus (LIVE_MEDIA=${config.LIVE_MEDIA}), started at the first show`,
  );
  return new JanusMedia({
    binary,
    eventsUrl: options.eventsUrl ?? (() => nowhere),
    serverSecret: config.SECRET,
    stunUrl: config.LIVE_STUN_URL,
    iceEnforceList: config.LIVE_ICE_ENFORCE_LIST,
    log,
    now: options.now,
  });
}
