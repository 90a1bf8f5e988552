import type { Config } from '../../../config';
import { AppError } from '../../../lib/app-error';
import { oauthHeader } from './oauth1';

/** Who Twitter says signed in. Twitter gives an email only when the person has confirmed it. */
export interface TwitterIdentity {
  subject: string;
  email: string | null;
  name: string;
  screenName: string;
}

/** The one place the API talks to Twitter: "Sign in with Twitter" over OAuth 1.0a. */
export interface TwitterAdapter {
  /** A request token for this sign-in, and the page of Twitter's to send the person to. */
  requestToken(options: {
    callbackUrl: string;
    now: Date;
  }): Promise<{ token: string; tokenSecret: string; authUrl: string }>;
  /** Trades the request token and the verifier Twitter gave back for the person's access token. */
  accessToken(options: { token: string; tokenSecret: string; verifier: string; now: Date }): Promise<{
    token: string;
    tokenSecret: string;
  }>;
  /** Reads the account (verify_credentials with include_email). */
  verifyCredentials(options: { token: string; tokenSecret: string; now: Date }): Promise<TwitterIdentity>;
}

const requestTimeoutMs = 10_000;

const unreachable = () =>
  new AppError('UNAVAILABLE', 'Twitter could not be reached to finish your sign-in. Please try again later.');

export function createTwitterAdapter(
  config: Pick<Config, 'TWITTER_API_URL' | 'TWITTER_CONSUMER_KEY' | 'TWITTER_CONSUMER_SECRET'>,
): TwitterAdapter | null {
  const consumerKey = config.TWITTER_CONSUMER_KEY;
  const consumerSecret = config.TWITTER_CONSUMER_SECRET;
  if (!consumerKey || !consumerSecret) return null;
  const api = config.TWITTER_API_URL.replace(/\/+$/, '');

  /** Sends one signed request; a refusal (4xx) becomes `refusal`, anything else "unreachable". */
  async function send(options: {
    method: 'GET' | 'POST';
    url: string;
    token?: string;
    tokenSecret?: string;
    extra?: Record<string, string>;
    now: Date;
    refusal: string;
  }): Promise<string> {
    const authorization = oauthHeader({
      ...options,
      consumerKey: consumerKey!,
      consumerSecret: consumerSecret!,
    });
    let res: Response;
    try {
      res = await fetch(options.url, {
        method: options.method,
        headers: { authorization },
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
    } catch {
      throw unreachable();
    }
    const text = await res.text().catch(() => '');
    if (res.status >= 400 && res.status < 500) throw new AppError('INVALID_TOKEN', options.refusal);
    if (!res.ok) throw unreachable();
    return text;
  }

  const form = (text: string, keys: string[]) => {
    const values = new URLSearchParams(text);
    const out = keys.map((k) => values.get(k));
    if (out.some((v) => !v)) throw unreachable();
    return out as string[];
  };

  return {
    async requestToken({ callbackUrl, now }) {
      const text = await send({
        method: 'POST',
        url: `${api}/oauth/request_token`,
        extra: { oauth_callback: callbackUrl },
        now,
        refusal: 'Twitter refused to start the sign-in. Please try again later.',
      });
      const [token, tokenSecret] = form(text, ['oauth_token', 'oauth_token_secret']);
      return {
        token: token!,
        tokenSecret: tokenSecret!,
        authUrl: `${api}/oauth/authenticate?oauth_token=${encodeURIComponent(token!)}`,
      };
    },

    async accessToken({ token, tokenSecret, verifier, now }) {
      const text = await send({
        method: 'POST',
        url: `${api}/oauth/access_token`,
        token,
        tokenSecret,
        extra: { oauth_verifier: verifier },
        now,
        refusal: 'This Twitter sign-in has expired or was already used. Please try again.',
      });
      const [accessToken, accessSecret] = form(text, ['oauth_token', 'oauth_token_secret']);
      return { token: accessToken!, tokenSecret: accessSecret! };
    },

    async verifyCredentials({ token, tokenSecret, now }) {
      const text = await send({
        method: 'GET',
        url: `${api}/1.1/account/verify_credentials.json?include_email=true&skip_status=true`,
        token,
        tokenSecret,
        now,
        refusal: 'Twitter did not let us read your account. Please try again.',
      });
      let account: { id_str?: unknown; name?: unknown; screen_name?: unknown; email?: unknown };
      try {
        account = JSON.parse(text);
      } catch {
        throw unreachable();
      }
      if (typeof account.id_str !== 'string' || !/^\d{1,30}$/.test(account.id_str)) throw unreachable();
      const screenName = typeof account.screen_name === 'string' ? account.screen_name : '';
      const email =
        typeof account.email === 'string' && account.email.includes('@') ? account.email.toLowerCase() : null;
      const name = typeof account.name === 'string' && account.name.trim() ? account.name.trim() : screenName;
      return { subject: account.id_str, email, name: (name || 'New member').slice(0, 100), screenName };
    },
  };
}
