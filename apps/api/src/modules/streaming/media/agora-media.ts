import { createHash } from 'node:crypto';
import type { TAgoraToken, TLiveMediaGrant } from '@fanstage/contract';
import agora from 'agora-token';
import { AppError } from '../../../lib/app-error';
import type { LiveMedia } from './live-media';

/** How long an Agora token works; the page asks for a fresh one well before (it renews every minute). */
export const agoraLeaseSeconds = 120;

/** What Agora needs from this server: the admin's app id and the certificate from the environment. */
export interface AgoraSetup {
  appId: string;
  certificate: string;
}

const isAgoraKey = (value: string) => /^[0-9a-fA-F]{32}$/.test(value);

/**
 * Agora is in use when the admin turned `agoraEnable` on with an app id, and the server holds the
 * app's certificate (AGORA_APP_CERTIFICATE, never a setting: settings reach browsers).
 */
export function agoraSetupOf(
  settings: { agoraEnable: boolean; agoraAppId: string },
  certificate: string | undefined,
): AgoraSetup | null {
  if (!settings.agoraEnable || !certificate) return null;
  const appId = settings.agoraAppId.trim();
  if (!isAgoraKey(appId) || !isAgoraKey(certificate)) return null;
  return { appId, certificate };
}

/** The refusal while Agora is off or not fully set up. */
export const agoraUnavailable = () =>
  new AppError('UNPROCESSABLE', 'Agora video is not enabled on this server.');

/**
 * An Agora uid is a 32-bit number and our user ids are UUIDs: the uid is the first four bytes of the
 * id's SHA-256, never 0 (Agora's "pick one for me"). Two people of one channel sharing a uid is a
 * one-in-four-billion chance per pair, and only makes the later join push out the earlier one.
 */
export function agoraUid(userId: string): number {
  const uid = createHash('sha256').update(`agora-uid:${userId}`).digest().readUInt32BE(0);
  return uid === 0 ? 1 : uid;
}

/** A signed RTC token for one person in one channel: publishers may publish, watchers only join. */
export function issueAgoraToken(
  setup: AgoraSetup,
  options: { channel: string; userId: string; role: 'publish' | 'watch'; now: Date },
): TAgoraToken {
  const uid = agoraUid(options.userId);
  const token = agora.RtcTokenBuilder.buildTokenWithUid(
    setup.appId,
    setup.certificate,
    options.channel,
    uid,
    options.role === 'publish' ? agora.RtcRole.PUBLISHER : agora.RtcRole.SUBSCRIBER,
    agoraLeaseSeconds,
    agoraLeaseSeconds,
  );
  // The builder answers '' instead of throwing on keys it does not accept; agoraSetupOf checked them.
  if (!token) throw agoraUnavailable();
  return {
    appId: setup.appId,
    channel: options.channel,
    uid,
    token,
    role: options.role,
    expiresAt: new Date(options.now.getTime() + agoraLeaseSeconds * 1000).toISOString(),
  };
}

/**
 * The media of live shows with Agora in front: while Agora is set up, grants name Agora (channel =
 * room) and the browser uses its SDK; otherwise everything goes to `base` (our Janus, or none).
 * Rooms are still kept in `base`, so switching Agora off mid-show falls back without a restart.
 */
export function withAgora(
  base: LiveMedia,
  options: { setup: () => Promise<AgoraSetup | null>; now: () => Date },
): LiveMedia {
  return {
    openRoom: (o) => base.openRoom(o),
    closeRoom: (room) => base.closeRoom(room),
    proxyTarget: () => base.proxyTarget(),
    eventsCredentials: () => base.eventsCredentials(),
    readEvents: (batch) => base.readEvents(batch),
    onEvent: (listener) => base.onEvent(listener),
    close: () => base.close(),
    grant: async (o): Promise<TLiveMediaGrant> => {
      const setup = await options.setup();
      if (!setup) return base.grant(o);
      const token = issueAgoraToken(setup, {
        channel: o.room,
        userId: o.userId,
        role: o.role,
        now: options.now(),
      });
      return { provider: 'agora', ...token, feedUid: agoraUid(o.feed) };
    },
  };
}
