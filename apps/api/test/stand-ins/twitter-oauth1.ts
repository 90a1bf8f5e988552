import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An account the stand-in signs people in as. */
export interface TwitterStandInAccount {
  id_str: string;
  name: string;
  screen_name: string;
  /** Twitter answers an email only when the person confirmed it and the app asks for it. */
  email?: string;
}

interface RequestToken {
  secret: string;
  callback: string;
  verifier?: string;
  account?: TwitterStandInAccount;
  spent: boolean;
}

export interface TwitterStandIn {
  url: string;
  consumerKey: string;
  consumerSecret: string;
  /** Why requests were refused (bad signature, unknown token, ...), newest last. */
  refusals: string[];
  /** The person approves the app on Twitter's page: answers the verifier Twitter puts in the callback. */
  approve(requestToken: string, account: TwitterStandInAccount): string;
  close(): Promise<void>;
}

// Written from RFC 5849 here, apart from the API's own signing code, so a mistake in one shows.
const enc = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function parseAuthorization(header: string | undefined): Map<string, string> | null {
  if (!header?.startsWith('OAuth ')) return null;
  const values = new Map<string, string>();
  for (const part of header.slice(6).split(',')) {
    const match = /^\s*([\w.-]+)="([^"]*)"\s*$/.exec(part);
    if (!match) return null;
    values.set(decodeURIComponent(match[1]!), decodeURIComponent(match[2]!));
  }
  return values;
}

function expectedSignature(
  method: string,
  baseUrl: string,
  params: [string, string][],
  consumerSecret: string,
  tokenSecret: string,
) {
  const normalized = params
    .map(([k, v]) => `${enc(k)}=${enc(v)}`)
    .sort()
    .join('&');
  const base = `${method}&${enc(baseUrl)}&${enc(normalized)}`;
  return createHmac('sha1', `${enc(consumerSecret)}&${enc(tokenSecret)}`)
    .update(base)
    .digest('base64');
}

/** A local "Sign in with Twitter" (OAuth 1.0a, HMAC-SHA1) on a random port. */
export async function startTwitterStandIn(
  options: { consumerKey?: string; consumerSecret?: string } = {},
): Promise<TwitterStandIn> {
  const consumerKey = options.consumerKey ?? 'stand-in-consumer-key';
  const consumerSecret = options.consumerSecret ?? 'stand-in-consumer-secret';
  const requestTokens = new Map<string, RequestToken>();
  const accessTokens = new Map<string, { secret: string; account: TwitterStandInAccount }>();
  const seenNonces = new Set<string>();
  const refusals: string[] = [];
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const refuse = (res: ServerResponse, status: number, reason: string): null => {
    refusals.push(reason);
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ errors: [{ code: 32, message: reason }] }));
    return null;
  };

  /** Checks the request's signature; answers its oauth values, or null after refusing. */
  function verify(
    req: IncomingMessage,
    res: ServerResponse,
    body: string,
    tokenSecretOf: (token: string) => string | undefined,
  ): Map<string, string> | null {
    const oauth = parseAuthorization(req.headers.authorization);
    if (!oauth) return refuse(res, 400, 'missing OAuth header');
    if (oauth.get('oauth_consumer_key') !== consumerKey) return refuse(res, 401, 'unknown consumer key');
    if (oauth.get('oauth_signature_method') !== 'HMAC-SHA1') return refuse(res, 400, 'not HMAC-SHA1');
    const nonce = oauth.get('oauth_nonce') ?? '';
    const timestamp = Number(oauth.get('oauth_timestamp'));
    if (!nonce || seenNonces.has(nonce)) return refuse(res, 401, 'nonce reused');
    if (!Number.isFinite(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) {
      return refuse(res, 401, 'timestamp out of range');
    }
    const token = oauth.get('oauth_token');
    const tokenSecret = token ? tokenSecretOf(token) : '';
    if (tokenSecret === undefined) return refuse(res, 401, 'unknown or spent token');
    const target = new URL(req.url ?? '/', url);
    const params: [string, string][] = [...oauth].filter(([k]) => k !== 'oauth_signature');
    for (const pair of target.searchParams) params.push(pair);
    if (req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
      for (const pair of new URLSearchParams(body)) params.push(pair);
    }
    const expected = Buffer.from(
      expectedSignature(req.method ?? 'GET', `${url}${target.pathname}`, params, consumerSecret, tokenSecret),
    );
    const given = Buffer.from(oauth.get('oauth_signature') ?? '');
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
      return refuse(res, 401, 'bad signature');
    }
    seenNonces.add(nonce);
    return oauth;
  }

  const form = (res: ServerResponse, values: Record<string, string>) => {
    res.writeHead(200, { 'content-type': 'application/x-www-form-urlencoded' });
    res.end(new URLSearchParams(values).toString());
  };

  server.on('request', (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      const path = new URL(req.url ?? '/', url).pathname;
      if (req.method === 'POST' && path === '/oauth/request_token') {
        const oauth = verify(req, res, body, () => undefined);
        if (!oauth) return;
        const callback = oauth.get('oauth_callback');
        if (!callback) return refuse(res, 400, 'missing oauth_callback');
        const token = randomBytes(12).toString('hex');
        requestTokens.set(token, { secret: randomBytes(16).toString('hex'), callback, spent: false });
        return form(res, {
          oauth_token: token,
          oauth_token_secret: requestTokens.get(token)!.secret,
          oauth_callback_confirmed: 'true',
        });
      }
      if (req.method === 'GET' && path === '/oauth/authenticate') {
        // The real page asks the person; the browser tests sign in as the first account given to approve().
        const token = new URL(req.url ?? '/', url).searchParams.get('oauth_token') ?? '';
        const request = requestTokens.get(token);
        if (!request?.account || !request.verifier) return refuse(res, 400, 'nobody approved this token');
        res.writeHead(302, {
          location: `${request.callback}?oauth_token=${enc(token)}&oauth_verifier=${enc(request.verifier)}`,
        });
        return res.end();
      }
      if (req.method === 'POST' && path === '/oauth/access_token') {
        const oauth = verify(req, res, body, (t) => {
          const r = requestTokens.get(t);
          return r && !r.spent ? r.secret : undefined;
        });
        if (!oauth) return;
        const request = requestTokens.get(oauth.get('oauth_token')!)!;
        request.spent = true;
        if (!request.account || oauth.get('oauth_verifier') !== request.verifier) {
          return refuse(res, 401, 'wrong verifier');
        }
        const token = `${request.account.id_str}-${randomBytes(12).toString('hex')}`;
        const secret = randomBytes(16).toString('hex');
        accessTokens.set(token, { secret, account: request.account });
        return form(res, {
          oauth_token: token,
          oauth_token_secret: secret,
          user_id: request.account.id_str,
          screen_name: request.account.screen_name,
        });
      }
      if (req.method === 'GET' && path === '/1.1/account/verify_credentials.json') {
        const oauth = verify(req, res, body, (t) => accessTokens.get(t)?.secret);
        if (!oauth) return;
        const { account } = accessTokens.get(oauth.get('oauth_token')!)!;
        const withEmail = new URL(req.url ?? '/', url).searchParams.get('include_email') === 'true';
        const { email, ...rest } = account;
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify(withEmail && email ? { ...rest, email } : rest));
      }
      return refuse(res, 404, `no route ${req.method} ${path}`);
    });
  });

  return {
    url,
    consumerKey,
    consumerSecret,
    refusals,
    approve(requestToken, account) {
      const request = requestTokens.get(requestToken);
      if (!request) throw new Error('unknown request token');
      request.account = account;
      request.verifier = randomBytes(10).toString('hex');
      return request.verifier;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
