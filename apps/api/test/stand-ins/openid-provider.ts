import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type ClientMetadata } from 'oidc-provider';

/** A person the local provider knows: the claims its ID tokens carry for them. */
export interface StandInAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface OpenIdStandIn {
  issuer: string;
  jwksUrl: string;
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** A client of the same provider that is not ours (tokens for it have another audience). */
  otherClientId: string;
  redirectUri: string;
  /** Makes an authorization code for the account, as the provider's login and consent screens would. */
  issueCode(options: { account: StandInAccount; clientId?: string; nonce?: string }): Promise<string>;
  /** Exchanges a code at the provider's own token endpoint and answers the ID token. */
  idTokenFor(options: { account: StandInAccount; clientId?: string; nonce?: string }): Promise<string>;
  close(): Promise<void>;
}

/**
 * A real OpenID provider (oidc-provider) on a random local port, standing in for Google. Its codes are
 * made directly (no login screens), and its token endpoint, JWKS and ID tokens are the real thing.
 */
export async function startOpenIdStandIn(): Promise<OpenIdStandIn> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, StandInAccount>();
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: 'stand-in', alg: 'RS256', use: 'sig' };
  const clientId = 'fanstage-test.apps.example';
  const otherClientId = 'someone-else.apps.example';
  const clientSecret = 'stand-in-client-secret';
  const redirectUri = 'http://127.0.0.1/google-callback';
  const client = (id: string): ClientMetadata => ({
    client_id: id,
    client_secret: clientSecret,
    redirect_uris: [redirectUri],
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_post',
  });
  const provider = new Provider(issuer, {
    clients: [client(clientId), client(otherClientId)],
    jwks: { keys: [signingKey] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Google puts the email and name in the ID token itself.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    ttl: {
      AuthorizationCode: 600,
      Grant: 3600,
      IdToken: 3600,
      AccessToken: 3600,
      Session: 3600,
      Interaction: 600,
    },
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: () => ({ ...account }) };
    },
  });
  server.on('request', provider.callback());

  const issueCode: OpenIdStandIn['issueCode'] = async ({
    account,
    clientId: forClient = clientId,
    nonce,
  }) => {
    accounts.set(account.sub, account);
    const grant = new provider.Grant({ accountId: account.sub, clientId: forClient });
    grant.addOIDCScope('openid email profile');
    const grantId = await grant.save();
    const client = await provider.Client.find(forClient);
    if (!client) throw new Error(`stand-in: no client ${forClient}`);
    const code = new provider.AuthorizationCode({
      client,
      accountId: account.sub,
      grantId,
      gty: 'authorization_code',
      scope: 'openid email profile',
      redirectUri,
      ...(nonce ? { nonce } : {}),
      authTime: Math.floor(Date.now() / 1000),
    });
    return code.save();
  };

  return {
    issuer,
    jwksUrl: `${issuer}/jwks`,
    tokenUrl: `${issuer}/token`,
    clientId,
    clientSecret,
    otherClientId,
    redirectUri,
    issueCode,
    async idTokenFor(options) {
      const code = await issueCode(options);
      const res = await fetch(`${issuer}/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          client_id: options.clientId ?? clientId,
          client_secret: clientSecret,
          redirect_uri: redirectUri,
        }),
      });
      const body = (await res.json()) as { id_token?: string; error_description?: string };
      if (!body.id_token) throw new Error(`stand-in token endpoint: ${body.error_description ?? res.status}`);
      return body.id_token;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
