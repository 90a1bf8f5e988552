import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config';
import { findJanusBinary } from '../janus/janus-process';
import { OwnJanusMedia } from './janus-media';
import { type LiveMedia, noMedia } from './live-media';

/**
 * The provider LIVE_MEDIA asks for. Our own Janus starts on first need (the first go-live or join),
 * not with the app, so a server nobody goes live on never runs it; it stops with the app.
 */
export function createLiveMedia(options: {
  config: Config;
  log: FastifyBaseLogger;
  now: () => Date;
  findBinary?: () => string | null;
}): LiveMedia {
  const { config, log } = options;
  if (config.LIVE_MEDIA === 'off') return noMedia;
  const binary = (options.findBinary ?? findJanusBinary)();
  if (!binary) {
    const say = config.LIVE_MEDIA === 'janus' ? log.error.bind(log) : log.info.bind(log);
    say('live video is off: no janus binary on this machine (apt-get install janus)');
    return noMedia;
  }
  return new OwnJanusMedia({
    binary,
    serverSecret: config.SECRET,
    stunUrl: config.LIVE_STUN_URL,
    iceEnforceList: config.LIVE_ICE_ENFORCE_LIST,
    log,
    now: options.now,
  });
}
