import type { TTwoFactorChallenge } from '@fanstage/contract';

/** The fragment key a redirecting sign-in (Google, Twitter) hands its challenge over in. */
export const challengeHashKey = 'two-factor';

const messages = {
  verify: 'Type the 6-digit code from your authenticator app to finish logging in.',
  enrol: 'This site requires two-factor authentication for admins. Set it up now to finish logging in.',
} as const;

/**
 * A sign-in that ends in a redirect cannot answer JSON: when it needs a second step it sends the
 * browser to `/auth/login#two-factor=verify&challenge=…` (a fragment never reaches a server or its
 * logs). Answers that challenge, or null.
 */
export function challengeFromHash(hash: string): TTwoFactorChallenge | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const purpose = params.get(challengeHashKey);
  const token = params.get('challenge');
  if ((purpose !== 'verify' && purpose !== 'enrol') || !token || token.length < 20 || token.length > 200) {
    return null;
  }
  return { twoFactor: purpose, challengeToken: token, expiresAt: '', message: messages[purpose] };
}
