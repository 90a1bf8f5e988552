import type { AppContext } from '../../context';
import { hmac, safeEqual } from '../../lib/crypto';

/** Keys under `private/`: plain path segments, no dot-dot, no hidden files. */
export const privateKeyPattern = /^private(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}){1,8}$/;

type Signer = Pick<AppContext, 'config' | 'clock'>;

// The purpose goes into the MAC so that a signature made for something else never opens a file;
// a download name is signed too, so a link cannot be edited to save the file under another name.
const signatureOf = (secret: string, key: string, exp: number, name?: string) =>
  hmac(secret, name === undefined ? `media-url\n${key}\n${exp}` : `media-download\n${key}\n${exp}\n${name}`);

/**
 * A URL for a private file that works until it expires (by default after MEDIA_URL_TTL_SECONDS,
 * five minutes): `/api/files/private/…?exp=<unix seconds>&sig=<HMAC-SHA256, base64url>`. With
 * `downloadName`, the file is served as an attachment saved under that name (`&name=…`).
 */
export function signMediaUrl(
  ctx: Signer,
  key: string,
  options: { expiresInSeconds?: number; downloadName?: string } = {},
): string {
  if (!privateKeyPattern.test(key)) throw new Error(`not a private storage key: ${key}`);
  const ttl = options.expiresInSeconds ?? ctx.config.MEDIA_URL_TTL_SECONDS;
  const exp = Math.floor(ctx.clock.now().getTime() / 1000) + ttl;
  const name = options.downloadName;
  const sig = signatureOf(ctx.config.SECRET, key, exp, name);
  return name === undefined
    ? `/api/files/${key}?exp=${exp}&sig=${sig}`
    : `/api/files/${key}?exp=${exp}&name=${encodeURIComponent(name)}&sig=${sig}`;
}

export type SignatureCheck =
  | { ok: true; remainingSeconds: number }
  | { ok: false; reason: 'invalid' | 'expired' };

/** Checks a signed URL's parts: the signature first (timing-safe), then the expiry against the clock. */
export function checkMediaSignature(
  ctx: Signer,
  options: { key: string; exp?: string; sig?: string; name?: string },
): SignatureCheck {
  const { key, exp, sig, name } = options;
  if (!exp || !sig || !/^\d{1,12}$/.test(exp) || !privateKeyPattern.test(key)) {
    return { ok: false, reason: 'invalid' };
  }
  if (!safeEqual(sig, signatureOf(ctx.config.SECRET, key, Number(exp), name)))
    return { ok: false, reason: 'invalid' };
  const remainingSeconds = Number(exp) - Math.floor(ctx.clock.now().getTime() / 1000);
  if (remainingSeconds <= 0) return { ok: false, reason: 'expired' };
  return { ok: true, remainingSeconds };
}
