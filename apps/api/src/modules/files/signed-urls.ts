import type { AppContext } from '../../context';
import { hmac, safeEqual } from '../../lib/crypto';

/** Keys under `private/`: plain path segments, no dot-dot, no hidden files. */
export const privateKeyPattern = /^private(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}){1,8}$/;

type Signer = Pick<AppContext, 'config' | 'clock'>;

// The purpose goes into the MAC so that a signature made for something else never opens a file;
// a download name is signed too, so a link cannot be edited to save the file under another name.
const computeSignature = (secret: string, key: string, exp: number, name?: string) =>
  hmac(secret, name === undefined ? `media-url\n${key}\n${exp}` : `media-download\n${key}\n${exp}\n${name}`);

/**
 * Signatures of windowed media URLs already made, per secret: within a window every page signs
 * the same keys with the same expiry again (a feed page signs a few dozen), so each is computed
 * once. Bounded: past `rememberedSignatures` the memory starts over (old windows' entries go).
 */
const rememberedSignatures = 20_000;
const signaturesBySecret = new Map<string, Map<string, string>>();
const signatureOf = (
  secret: string,
  key: string,
  exp: number,
  name: string | undefined,
  /** False when checking a URL someone sent: it may use what was signed, never fill the memory. */
  remember = true,
) => {
  if (name !== undefined) return computeSignature(secret, key, exp, name);
  let known = signaturesBySecret.get(secret);
  if (!known) {
    known = new Map();
    signaturesBySecret.set(secret, known);
  }
  const memo = `${key}\n${exp}`;
  let sig = known.get(memo);
  if (sig === undefined) {
    sig = computeSignature(secret, key, exp);
    if (!remember) return sig;
    if (known.size >= rememberedSignatures) known.clear();
    known.set(memo, sig);
  }
  return sig;
};

/**
 * The expiry (unix seconds) of a URL signed at `nowMs` for `ttl` seconds. Windowed: time is cut
 * into windows of `ttl` seconds counted from the epoch, and the URL expires at the end of the
 * window after the current one. Every URL of one file signed within a window is therefore the
 * same (the browser reuses its cached copy), and it works for more than `ttl` seconds and at most
 * `2 × ttl`. Exact: `ttl` seconds from now, for one-off links that are never cached.
 */
export function expiryOf(nowMs: number, ttl: number, mode: 'windowed' | 'exact' = 'windowed'): number {
  const nowSeconds = Math.floor(nowMs / 1000);
  return mode === 'exact' ? nowSeconds + ttl : (Math.floor(nowSeconds / ttl) + 2) * ttl;
}

/**
 * A URL for a private file that works until it expires: `/api/files/private/…?exp=<unix
 * seconds>&sig=<HMAC-SHA256, base64url>`, and that expiry. By default it is windowed on
 * MEDIA_URL_TTL_SECONDS (five minutes), so it works for 5 to 10 minutes and is the same for every
 * request within a window (see `expiryOf`). With `downloadName`, the file is served as an
 * attachment saved under that name (`&name=…`).
 */
export function signMediaLink(
  ctx: Signer,
  key: string,
  options: { expiresInSeconds?: number; exact?: boolean; downloadName?: string } = {},
): { url: string; expiresAt: Date } {
  if (!privateKeyPattern.test(key)) throw new Error(`not a private storage key: ${key}`);
  const ttl = options.expiresInSeconds ?? ctx.config.MEDIA_URL_TTL_SECONDS;
  const exp = expiryOf(ctx.clock.now().getTime(), ttl, options.exact ? 'exact' : 'windowed');
  const name = options.downloadName;
  const sig = signatureOf(ctx.config.SECRET, key, exp, name);
  const url =
    name === undefined
      ? `/api/files/${key}?exp=${exp}&sig=${sig}`
      : `/api/files/${key}?exp=${exp}&name=${encodeURIComponent(name)}&sig=${sig}`;
  return { url, expiresAt: new Date(exp * 1000) };
}

/** The URL of `signMediaLink`, for media in answers (windowed unless told otherwise). */
export const signMediaUrl = (
  ctx: Signer,
  key: string,
  options: { expiresInSeconds?: number; exact?: boolean; downloadName?: string } = {},
): string => signMediaLink(ctx, key, options).url;

export type SignatureCheck =
  | { ok: true; remainingSeconds: number }
  | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Checks a signed URL's parts: the signature first (timing-safe), then the expiry against the
 * clock. `remainingSeconds` is rounded down, so a cache told to keep the answer that long never
 * keeps it past the URL's expiry.
 */
export function checkMediaSignature(
  ctx: Signer,
  options: { key: string; exp?: string; sig?: string; name?: string },
): SignatureCheck {
  const { key, exp, sig, name } = options;
  if (!exp || !sig || !/^\d{1,12}$/.test(exp) || !privateKeyPattern.test(key)) {
    return { ok: false, reason: 'invalid' };
  }
  if (!safeEqual(sig, signatureOf(ctx.config.SECRET, key, Number(exp), name, false)))
    return { ok: false, reason: 'invalid' };
  const remainingMs = Number(exp) * 1000 - ctx.clock.now().getTime();
  if (remainingMs <= 0) return { ok: false, reason: 'expired' };
  return { ok: true, remainingSeconds: Math.floor(remainingMs / 1000) };
}
