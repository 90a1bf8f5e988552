import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { recoveryCodeCount, totpDigits, totpPeriodSeconds } from '@fanstage/contract';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { hmac } from '../../lib/crypto';

/*
 * The cryptography of two-factor sign-in: TOTP codes (RFC 6238 with the parameters every
 * authenticator app expects: SHA-1, 6 digits, 30 seconds), the secret's encryption at rest, and
 * recovery codes. No database here.
 */

/** 160 bits, the size RFC 4226 recommends for an HMAC-SHA-1 key. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

const totpOf = (secret: string, label = '', issuer = '') =>
  new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: totpDigits,
    period: totpPeriodSeconds,
    secret: Secret.fromBase32(secret),
  });

/** The otpauth:// URI an app reads from the QR code. */
export const otpauthUri = (options: { secret: string; issuer: string; account: string }) =>
  totpOf(options.secret, options.account, options.issuer).toString();

/** The URI as an SVG QR code data URL (an <img> shows it; nothing is fetched from elsewhere). */
export async function qrCodeDataUrl(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** The code of a secret at a moment (tests and the e2e spec compute codes the same way). */
export const totpCodeAt = (secret: string, at: Date): string =>
  totpOf(secret).generate({ timestamp: at.getTime() });

/**
 * The 30-second step a typed code belongs to, or null when it matches none. One step either side of
 * now is accepted, for phones whose clock is a little off.
 */
export function matchingStep(secret: string, code: string, at: Date): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: at.getTime(), window: 1 });
  if (delta === null) return null;
  return TOTP.counter({ period: totpPeriodSeconds, timestamp: at.getTime() }) + delta;
}

/* The secret is encrypted with AES-256-GCM under a key derived from the app's SECRET, so a copy of
   the database alone does not give the codes away. */
const keyOf = (appSecret: string) =>
  Buffer.from(hkdfSync('sha256', appSecret, 'fanstage', 'two-factor totp secret v1', 32));

export function encryptSecret(appSecret: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(appSecret), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function decryptSecret(appSecret: string, stored: string): string {
  const [version, iv, tag, body] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !body) throw new Error('unknown two-factor secret format');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(appSecret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/* Recovery codes: 10 characters from an alphabet without look-alikes (no 0/o, 1/l/i), about 49 bits
   each, shown as "abcde-23456". Case, spaces and dashes do not matter when typed back. */
const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

export function newRecoveryCodes(): string[] {
  return Array.from({ length: recoveryCodeCount }, () => {
    const chars = Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A keyed hash (HMAC with the app's SECRET) of a recovery code as typed, ignoring case, spaces and dashes. */
export const recoveryCodeHash = (appSecret: string, code: string): string =>
  hmac(appSecret, `recovery-code:${code.toLowerCase().replace(/[^a-z0-9]/g, '')}`);
