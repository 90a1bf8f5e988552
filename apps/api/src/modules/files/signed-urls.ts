import type { AppContext } from '../../context';
import { hmac, safeEqual } from '../../lib/crypto';

/** Keys under `private/`: plain path segments, no dot-dot, no hidden files. */
export const privateKeyPattern = /^private(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}){1,8}$/;

type Signer = Pick<AppContext, 'config' | 'clock'>;

// The purpose goes into the MAC so that a signature made for something else never opens a file.
const signatureOf = (secret: string, key: string, exp: number) => hmac(secret, `media-url\n${key}\n${exp}`);

/**
 * A URL for a private file that works until it expires (by default after MEDIA_URL_TTL_SECONDS,
 * five minutes): `/api/files/private/…?exp=<unix seconds>&sig=<HMAC-SHA256, base64url>`.
 */
export function signMediaUrl(ctx: Signer, key: string, options: { expiresInSeconds?: number } = {}): string {
  if (!privateKeyPattern.test(key)) throw new Error(`not a private storage key: ${key}`);
  const ttl = options.expiresInSeconds ?? ctx.config.MEDIA_URL_TTL_SECONDS;
  const exp = Math.floor(ctx.clock.now().getTime() / 1000) + ttl;
  return `/api/files/${key}?exp=${exp}&sig=${signatureOf(ctx.config.SECRET, key, exp)}`;
}

export type SignatureCheck =
  | { ok: true; remainingSeconds: number }
  | { ok: false; reason: 'invalid' | 'expired' };

/** Checks a signed URL's parts: the signature first (timing-safe), then the expiry against the clock. */
export function checkMediaSignature(
  ctx: Signer,
  options: { key: string; exp?: string; sig?: string },
): SignatureCheck {
  const { key, exp, sig } = options;
  if (!exp || !sig || !/^\d{1,12}$/.test(exp) || !privateKeyPattern.test(key)) {
    return { ok: false, reason: 'invalid' };
  }
  if (!safeEqual(sig, signatureOf(ctx.config.SECRET, key, Number(exp))))
    return { ok: false, reason: 'invalid' };
  const remainingSeconds = Number(exp) - Math.floor(ctx.clock.now().getTime() / 1000);
  if (remainingSeconds <= 0) return { ok: false, reason: 'expired' };
  return { ok: true, remainingSeconds };
}
