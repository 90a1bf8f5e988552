import type { TCurrentUser, TSocialCompleteRequest, TSocialRole } from '@fanstage/contract';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { currentUserKey, fetchCurrentUser } from '../use-current-user';

export interface SocialSignIn {
  user: TCurrentUser | null;
  isNewAccount: boolean;
  role?: TSocialRole;
  returnTo?: string;
}

interface SocialLoginAnswer {
  data: { token: string; isNewAccount: boolean; role?: TSocialRole; returnTo?: string };
}

const reloadUser = (queryClient: QueryClient) =>
  queryClient.fetchQuery({ queryKey: currentUserKey, queryFn: fetchCurrentUser, staleTime: 0 });

/** Signs in with the ID token Google Identity Services gave the page (the API sets the token cookie). */
export async function logInWithGoogle(
  queryClient: QueryClient,
  input: { idToken: string; nonce: string },
): Promise<SocialSignIn> {
  const res = await api.post<SocialLoginAnswer>('/auth/google/login', input);
  return { user: await reloadUser(queryClient), isNewAccount: res.data.isNewAccount };
}

/** Starts a Twitter sign-in: the API sets the oauth cookies and names Twitter's page to go to. */
export const startTwitterLogin = (input: { role: TSocialRole; returnTo?: string }) =>
  api.post<{ data: { authUrl: string } }>('/auth/twitter/login', input).then((r) => r.data.authUrl);

/** Finishes a Twitter sign-in with what Twitter put in the callback address. */
export async function finishTwitterLogin(
  queryClient: QueryClient,
  input: { oauthToken: string; oauthVerifier: string },
): Promise<SocialSignIn> {
  const res = await api.post<SocialLoginAnswer>('/auth/twitter/callback', input);
  return { user: await reloadUser(queryClient), ...res.data };
}

/** The one-time step of a new social account: fan or creator, and a username. */
export async function completeSocialAccount(queryClient: QueryClient, input: TSocialCompleteRequest) {
  const res = await api.post<{ data: TCurrentUser }>('/auth/social/complete', input);
  queryClient.setQueryData(currentUserKey, res.data);
  return res.data;
}
