import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config';
import type { RealtimeHub } from '../../realtime/realtime.hub';
import { findJanusBinary } from '../janus/janus-process';
import { OwnJanusMedia } from './janus-media';
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
  return new OwnJanusMedia({
    binary,
    serverSecret: config.SECRET,
    stunUrl: config.LIVE_STUN_URL,
    log,
    now: options.now,
  });
}
