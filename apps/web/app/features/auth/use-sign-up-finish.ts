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
      const user = await logIn(
        queryClient,
        { ...credentials, remember: false },
        { hashPassword: settings.hashPassword },
      );
      await navigate(user ? (returnTo ?? landingPathFor(user)) : paths.home, { replace: true });
    } catch (err) {
      // The account exists; let them log in by hand.
      notifyError(err);
      await navigate(loginPathFor(returnTo));
    }
  };

  return { doneMessage, finish };
}
