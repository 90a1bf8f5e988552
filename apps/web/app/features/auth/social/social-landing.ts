import { landingPathFor, paths, redirectParam } from '../../../lib/guards';
import { challengeHashKey } from '../../two-factor/challenge-from-hash';
import type { SocialSignIn } from './social-api';

/** Where a social sign-in lands: a new account finishes its set-up first (the spec's account pages). */
export function socialLandingPath(result: SocialSignIn, returnTo: string | null): string {
  if (result.challenge) {
    // The login page takes the second step over from the fragment (never sent to a server).
    const hash = new URLSearchParams({
      [challengeHashKey]: result.challenge.twoFactor,
      challenge: result.challenge.challengeToken,
    });
    const carry = returnTo ? `?${redirectParam}=${encodeURIComponent(returnTo)}` : '';
    return `${paths.login}${carry}#${hash.toString()}`;
  }
  if (!result.user) return paths.home;
  if (result.isNewAccount || !result.user.username) {
    const role = result.role === 'performer' ? '?role=performer' : '';
    return `${landingPathFor(result.user)}${role}`;
  }
  return returnTo ?? result.returnTo ?? landingPathFor(result.user);
}
