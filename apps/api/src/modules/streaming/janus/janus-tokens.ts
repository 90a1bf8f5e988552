import { createHmac, timingSafeEqual } from 'node:crypto';

/** The plugin every token of ours names: Janus refuses to attach a handle to a plugin its token lacks. */
export const videoRoomPlugin = 'janus.plugin.videoroom';

/**
 * A Janus signed token (`token_auth_secret`): `expiry,janus,descriptor…:base64(HMAC-SHA1)`. Janus
 * checks the expiry (Unix seconds), the realm and, for a plugin or a room with `signed_tokens`, that one
 * descriptor matches (`janus.plugin.videoroom`, `room=<id>`). Extra descriptors such as `user=<id>` are
 * signed too, so the event handler's `attached` events name the user reliably.
 */
export function signJanusToken(
  secret: string,
  options: { expiresAt: Date; descriptors: string[]; realm?: 'janus' | typeof videoRoomPlugin },
): string {
  const expiry = Math.floor(options.expiresAt.getTime() / 1000);
  for (const d of options.descriptors) {
    if (/[,:]/.test(d)) throw new Error(`a Janus token descriptor cannot hold "," or ":" (${d})`);
  }
  const data = [String(expiry), options.realm ?? 'janus', ...options.descriptors].join(',');
  const signature = createHmac('sha1', secret).update(data).digest('base64');
  return `${data}:${signature}`;
}

/** The descriptors of a signed token whose signature is ours and still valid, else null. */
export function readJanusToken(
  secret: string,
  token: string,
  now: Date,
  realm: 'janus' | typeof videoRoomPlugin = 'janus',
): string[] | null {
  const [data, signature, extra] = token.split(':');
  if (!data || !signature || extra !== undefined) return null;
  const expected = Buffer.from(createHmac('sha1', secret).update(data).digest('base64'));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const [expiry, tokenRealm, ...descriptors] = data.split(',');
  if (tokenRealm !== realm || !expiry || Number(expiry) * 1000 < now.getTime()) return null;
  return descriptors;
}
