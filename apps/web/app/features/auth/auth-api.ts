import type { TCurrentUser, TLoginResult, TTwoFactorChallenge } from '@fanstage/contract';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { passwordForWire } from '../../lib/password-for-wire';
import { currentUserKey, fetchCurrentUser } from './use-current-user';

export interface MessageResponse {
  data: { success: boolean; message: string };
}

/** After the API set the session cookie: reloads the current user into the cache. */
export const loadSignedInUser = (queryClient: QueryClient): Promise<TCurrentUser | null> =>
  queryClient.fetchQuery({ queryKey: currentUserKey, queryFn: fetchCurrentUser, staleTime: 0 });

/**
 * Logs in (the API sets the HttpOnly token cookie), then reloads the current user into the cache.
 * With two-factor on, no session is made yet: the answer is the challenge of the second step.
 * The password goes out as its SHA-256 hex when the site's hashPassword setting is on.
 */
export async function logIn(
  queryClient: QueryClient,
  input: { username: string; password: string; remember: boolean; reCaptchaToken?: string },
  options: { hashPassword: boolean },
): Promise<{ user: TCurrentUser | null } | { challenge: TTwoFactorChallenge }> {
  const { data } = await api.post<{ data: TLoginResult }>('/auth/login', {
    username: input.username,
    password: await passwordForWire(input.password, options.hashPassword),
    remember: input.remember,
    reCaptchaToken: input.reCaptchaToken,
  });
  // The contract's isTwoFactorChallenge says the same, but its module builds zod schemas: importing it
  // would put zod on every page that can log in or resend a verification email.
  if ('challengeToken' in data) return { challenge: data };
  return { user: await loadSignedInUser(queryClient) };
}

/** Asks for a new email verification link (the answer is the same whether or not the email is known). */
export const resendVerification = (email: string) =>
  api.post<MessageResponse>('/auth/email-verification', { email });
