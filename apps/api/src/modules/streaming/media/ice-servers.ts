import { createHmac } from 'node:crypto';
import type { TLiveIceServer } from '@fanstage/contract';

/**
 * The ICE servers of one grant. TURN uses coturn's REST-API credentials (`use-auth-secret`): the
 * username is `<expiry in unix seconds>:<userId>` and the password base64(HMAC-SHA1(secret, username)),
 * so coturn checks them with the shared secret alone and refuses them after the expiry.
 */
export function liveIceServers(options: {
  stunUrl?: string;
  turnUrl?: string;
  turnSecret?: string;
  userId: string;
  expiresAt: Date;
}): TLiveIceServer[] {
  const servers: TLiveIceServer[] = [];
  if (options.stunUrl) servers.push({ urls: options.stunUrl });
  if (options.turnUrl && options.turnSecret) {
    const username = `${Math.floor(options.expiresAt.getTime() / 1000)}:${options.userId}`;
    const credential = createHmac('sha1', options.turnSecret).update(username).digest('base64');
    servers.push({ urls: options.turnUrl, username, credential });
  }
  return servers;
}
