import { describe, expect, it } from 'vitest';
import { challengeFromHash } from './challenge-from-hash';

const token = 'c'.repeat(43);

describe('a challenge handed over in the login URL fragment', () => {
  it('reads a verify or enrol challenge', () => {
    expect(challengeFromHash(`#two-factor=verify&challenge=${token}`)).toMatchObject({
      twoFactor: 'verify',
      challengeToken: token,
      message: 'Type the 6-digit code from your authenticator app to finish logging in.',
    });
    expect(challengeFromHash(`#two-factor=enrol&challenge=${token}`)?.twoFactor).toBe('enrol');
  });

  it.each([
    ['no fragment', ''],
    ['an unknown step', `#two-factor=skip&challenge=${token}`],
    ['no challenge', '#two-factor=verify'],
    ['a short challenge', '#two-factor=verify&challenge=abc'],
  ])('ignores %s', (_name, hash) => {
    expect(challengeFromHash(hash)).toBeNull();
  });
});
