import { describe, expect, it } from 'vitest';
import { oauthHeader, oauthSignature, percentEncode } from './oauth1';

describe('OAuth 1.0a signing', () => {
  it("gives the signature of Twitter's documented example request", () => {
    const signature = oauthSignature({
      method: 'POST',
      url: 'https://api.twitter.com/1.1/statuses/update.json?include_entities=true',
      params: {
        status: 'Hello Ladies + Gentlemen, a signed OAuth request!',
        oauth_consumer_key: 'xvz1evFS4wEEPTGEFPHBog',
        oauth_nonce: 'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg',
        oauth_signature_method: 'HMAC-SHA1',
        oauth_timestamp: '1318622958',
        oauth_token: '370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb',
        oauth_version: '1.0',
      },
      consumerSecret: 'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw',
      tokenSecret: 'LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE',
    });
    expect(signature).toBe('hCtSmYh+iHYCEqBWrE7C7hYmtUk=');
  });

  it('percent-encodes the characters RFC 3986 reserves, which encodeURIComponent leaves', () => {
    expect(percentEncode("Ladies + Gentlemen!*'()")).toBe('Ladies%20%2B%20Gentlemen%21%2A%27%28%29');
  });

  it('puts every oauth value, the callback included, in the header', () => {
    const header = oauthHeader({
      method: 'POST',
      url: 'https://api.twitter.com/oauth/request_token',
      consumerKey: 'key',
      consumerSecret: 'secret',
      extra: { oauth_callback: 'http://localhost:8080/auth/twitter/callback' },
      now: new Date('2026-01-01T00:00:00Z'),
    });
    expect(header).toMatch(/^OAuth /);
    expect(header).toContain('oauth_callback="http%3A%2F%2Flocalhost%3A8080%2Fauth%2Ftwitter%2Fcallback"');
    expect(header).toContain('oauth_timestamp="1767225600"');
    expect(header).toMatch(/oauth_signature="[^"]+"/);
  });
});
