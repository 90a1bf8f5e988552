import type {
  TRecoveryCodes,
  TTwoFactorEnrolment,
  TTwoFactorStatus,
  TTwoFactorVerifyRequest,
} from '@fanstage/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const twoFactorStatusKey = ['users', 'me', '2fa'] as const;

/** Whether two-factor is on for the logged-in account (GET /users/me/2fa). */
export function useTwoFactorStatus() {
  return useQuery({
    queryKey: twoFactorStatusKey,
    queryFn: async () => (await api.get<{ data: TTwoFactorStatus }>('/users/me/2fa')).data,
  });
}

/** Where an enrolment talks to: the account's own routes, or a login's `enrol` challenge. */
export interface EnrolmentApi {
  /** Tells one enrolment from another (its query key). */
  key: string;
  start(): Promise<TTwoFactorEnrolment>;
  /** Answers the recovery codes, shown once. */
  confirm(code: string): Promise<string[]>;
}

export const accountEnrolment: EnrolmentApi = {
  key: 'account',
  start: async () => (await api.post<{ data: TTwoFactorEnrolment }>('/users/me/2fa/enrolment')).data,
  confirm: async (code) =>
    (await api.post<{ data: TRecoveryCodes }>('/users/me/2fa/enrolment/confirm', { code })).data
      .recoveryCodes,
};

/** The enrolment an admin must do during login (the site requires two-factor for admins). */
export const challengeEnrolment = (challengeToken: string): EnrolmentApi => ({
  key: challengeToken,
  start: async () =>
    (await api.post<{ data: TTwoFactorEnrolment }>('/auth/2fa/enrolment', { challengeToken })).data,
  confirm: async (code) =>
    (
      await api.post<{ data: { token: string; recoveryCodes: string[] } }>('/auth/2fa/enrolment/confirm', {
        challengeToken,
        code,
      })
    ).data.recoveryCodes,
});

/** The second step of a login: the API sets the session cookie. */
export const verifyTwoFactor = (input: TTwoFactorVerifyRequest) =>
  api.post<{ data: { token: string } }>('/auth/2fa/verify', input);

export const disableTwoFactor = (input: { password?: string; code?: string; recoveryCode?: string }) =>
  api.post('/users/me/2fa/disable', input);

export const regenerateRecoveryCodes = async (code: string) =>
  (await api.post<{ data: TRecoveryCodes }>('/users/me/2fa/recovery-codes', { code })).data.recoveryCodes;
