import { createHmac, randomBytes } from 'node:crypto';

/** RFC 3986 percent-encoding, as OAuth 1.0a requires (encodeURIComponent leaves !'()* alone). */
export const percentEncode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The HMAC-SHA1 signature of a request (RFC 5849 section 3.4): the method, the URL without its query,
 * and every oauth_ and request parameter, sorted, signed with "consumerSecret&tokenSecret".
 */
export function oauthSignature(options: {
  method: string;
  url: string;
  params: Record<string, string>;
  consumerSecret: string;
  tokenSecret?: string;
}): string {
  const url = new URL(options.url);
  const pairs: [string, string][] = Object.entries(options.params);
  for (const [key, value] of url.searchParams) pairs.push([key, value]);
  const normalized = pairs
    .map(([k, v]) => [percentEncode(k), percentEncode(v)] as const)
    .sort(([ak, av], [bk, bv]) => (ak === bk ? (av < bv ? -1 : av > bv ? 1 : 0) : ak < bk ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const baseUrl = `${url.protocol}//${url.host}${url.pathname}`;
  const base = [options.method.toUpperCase(), percentEncode(baseUrl), percentEncode(normalized)].join('&');
  const key = `${percentEncode(options.consumerSecret)}&${percentEncode(options.tokenSecret ?? '')}`;
  return createHmac('sha1', key).update(base).digest('base64');
}

/**
 * The Authorization header of a signed request. `extra` are oauth_ values of this step
 * (oauth_callback, oauth_verifier); `body` are form fields that are signed too.
 */
export function oauthHeader(options: {
  method: string;
  url: string;
  consumerKey: string;
  consumerSecret: string;
  token?: string;
  tokenSecret?: string;
  extra?: Record<string, string>;
  body?: Record<string, string>;
  now: Date;
}): string {
  const oauth: Record<string, string> = {
    oauth_consumer_key: options.consumerKey,
    oauth_nonce: randomBytes(16).toString('hex'),
    oauth_signature_method: 'HMAC-SHA1',
    oauth_timestamp: String(Math.floor(options.now.getTime() / 1000)),
    oauth_version: '1.0',
    ...(options.token ? { oauth_token: options.token } : {}),
    ...options.extra,
  };
  oauth.oauth_signature = oauthSignature({
    method: options.method,
    url: options.url,
    params: { ...oauth, ...options.body },
    consumerSecret: options.consumerSecret,
    tokenSecret: options.tokenSecret,
  });
  return `OAuth ${Object.entries(oauth)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${percentEncode(k)}="${percentEncode(v)}"`)
    .join(', ')}`;
}
