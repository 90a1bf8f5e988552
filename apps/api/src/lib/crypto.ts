import { createHmac, hash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random token of 256 bits, URL-safe. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** Hex SHA-256 of a string. Every session look-up hashes its token: one-shot `hash` takes a quarter of
 * `createHash`'s time. */
export const sha256 = (value: string): string => hash('sha256', value, 'hex');

export const hmac = (secret: string, value: string): string =>
  createHmac('sha256', secret).update(value).digest('base64url');

export const safeEqual = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};
