import { createRemoteJWKSet, type JWTPayload, errors as joseErrors, jwtVerify } from 'jose';
import type { Config } from '../../../config';
import { AppError } from '../../../lib/app-error';

/** Who Google says signed in. */
export interface GoogleIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string;
}

/** The one place the API talks to Google (OpenID Connect): ID token checks and the code exchange. */
export interface GoogleAdapter {
  /** Verifies an ID token's signature (Google's JWKS), issuer, audience, expiry and, when given, nonce. */
  verifyIdToken(options: {
    idToken: string;
    clientId: string;
    nonce?: string;
    now: Date;
  }): Promise<GoogleIdentity>;
  /** Exchanges an authorization code at the token endpoint and answers the ID token it returns. */
  exchangeCode(options: {
    code: string;
    clientId: string;
    clientSecret: string;
    redirectUri: string;
    codeVerifier?: string;
  }): Promise<string>;
}

const googleIssuer = 'https://accounts.google.com';
const requestTimeoutMs = 10_000;

const refused = (message: string) => new AppError('INVALID_TOKEN', message);
const unreachable = () =>
  new AppError('UNAVAILABLE', 'Google could not be reached to check your sign-in. Please try again later.');

/** Turns jose's refusals into sentences; anything that is not a refusal (a network failure) is Google's. */
function explain(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof joseErrors.JWTExpired)
    return refused('Your Google sign-in has expired. Please try again.');
  if (err instanceof joseErrors.JWTClaimValidationFailed) {
    return refused('This Google sign-in was not made for this site. Please try again.');
  }
  if (
    err instanceof joseErrors.JWSSignatureVerificationFailed ||
    err instanceof joseErrors.JWKSNoMatchingKey
  ) {
    return refused('The Google sign-in token could not be verified. Please try again.');
  }
  if (err instanceof joseErrors.JWKSTimeout) return unreachable();
  if (err instanceof joseErrors.JOSEError) return refused('The Google sign-in token is not valid.');
  return unreachable();
}

const isVerified = (value: unknown) => value === true || value === 'true';

function identityOf(payload: JWTPayload): GoogleIdentity {
  if (typeof payload.sub !== 'string' || payload.sub.length === 0 || payload.sub.length > 255) {
    throw refused('The Google sign-in token does not say who signed in.');
  }
  const email =
    typeof payload.email === 'string' && payload.email.includes('@') ? payload.email.toLowerCase() : null;
  const name = typeof payload.name === 'string' && payload.name.trim() ? payload.name.trim() : null;
  return {
    subject: payload.sub,
    email,
    emailVerified: email !== null && isVerified(payload.email_verified),
    name: (name ?? email?.split('@')[0] ?? 'New member').slice(0, 100),
  };
}

export function createGoogleAdapter(
  config: Pick<Config, 'GOOGLE_ISSUER' | 'GOOGLE_JWKS_URL' | 'GOOGLE_TOKEN_URL'>,
): GoogleAdapter {
  // The key set is fetched once and cached; an unknown kid fetches it again (Google rotates its keys).
  const jwks = createRemoteJWKSet(new URL(config.GOOGLE_JWKS_URL), { timeoutDuration: requestTimeoutMs });
  // Google's tokens name their issuer with or without the scheme.
  const issuers =
    config.GOOGLE_ISSUER === googleIssuer ? [googleIssuer, 'accounts.google.com'] : [config.GOOGLE_ISSUER];

  return {
    async verifyIdToken({ idToken, clientId, nonce, now }) {
      try {
        const { payload } = await jwtVerify(idToken, jwks, {
          issuer: issuers,
          audience: clientId,
          algorithms: ['RS256', 'ES256'],
          currentDate: now,
          requiredClaims: ['exp', 'iat', 'sub'],
        });
        if (nonce !== undefined && payload.nonce !== nonce) {
          throw refused('This Google sign-in does not match the one this page started. Please try again.');
        }
        return identityOf(payload);
      } catch (err) {
        throw explain(err);
      }
    },

    async exchangeCode({ code, clientId, clientSecret, redirectUri, codeVerifier }) {
      const body = new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uri: redirectUri,
      });
      if (codeVerifier) body.set('code_verifier', codeVerifier);
      let res: Response;
      try {
        res = await fetch(config.GOOGLE_TOKEN_URL, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body,
          signal: AbortSignal.timeout(requestTimeoutMs),
        });
      } catch {
        throw unreachable();
      }
      const answer = (await res.json().catch(() => null)) as { id_token?: unknown; error?: unknown } | null;
      if (res.status >= 500 || answer === null) throw unreachable();
      if (!res.ok) {
        throw refused('This Google sign-in code is invalid, expired or already used. Please try again.');
      }
      if (typeof answer.id_token !== 'string') throw refused('Google did not return who signed in.');
      return answer.id_token;
    },
  };
}
