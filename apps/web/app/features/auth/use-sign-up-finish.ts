import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { landingPathFor, loginPathFor, paths, returnPathFrom } from '../../lib/guards';
import { notifyError } from '../../lib/notify';
import { usePublicSettings } from '../../lib/settings';
import { logIn } from './auth-api';

/**
 * What happens after a successful sign-up: when the site requires email verification the page shows
 * "check your email"; otherwise the new account is logged in and taken to its landing page,
 * or back to the page named by `redirectTo` when the visitor came from one.
 */
export function useSignUpFinish() {
  const settings = usePublicSettings();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const returnTo = returnPathFrom(useLocation().search);
  const [doneMessage, setDoneMessage] = useState<string | null>(null);

  const finish = async (message: string, credentials: { username: string; password: string }) => {
    if (settings.requireEmailVerification) {
      setDoneMessage(message);
      return;
    }
    try {
      const result = await logIn(
        queryClient,
        { ...credentials, remember: false },
        { hashPassword: settings.hashPassword },
      );
      // A new account has no two-factor yet; should it need a second step, the login page asks for it.
      if ('challenge' in result) {
        await navigate(loginPathFor(returnTo));
        return;
      }
      const { user } = result;
      await navigate(user ? (returnTo ?? landingPathFor(user)) : paths.home, { replace: true });
    } catch (err) {
      // The account exists; let them log in by hand.
      notifyError(err);
      await navigate(loginPathFor(returnTo));
    }
  };

  return { doneMessage, finish };
}
