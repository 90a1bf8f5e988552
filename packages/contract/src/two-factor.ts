import { z } from 'zod';

/*
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238: 30-second steps, 6 digits, SHA-1)
 * and one-time recovery codes. A password login of an account with two-factor on answers a
 * challenge instead of a session; `POST /auth/2fa/verify` turns the challenge and a code into the
 * session. When the site requires two-factor for admins, an admin without it gets an `enrol`
 * challenge that can only set two-factor up (`/auth/2fa/enrolment…`), and that ends in the session.
 */

export const totpDigits = 6;
export const totpPeriodSeconds = 30;
export const recoveryCodeCount = 10;
/** How long the challenge of a password login works. */
export const twoFactorChallengeMinutes = 5;

const ZTotpCode = z
  .string({ message: 'Type the 6-digit code from your authenticator app.' })
  .trim()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'The code is the 6 digits your authenticator app shows.'));

const ZRecoveryCode = z
  .string({ message: 'Type one of your recovery codes.' })
  .trim()
  .min(1, 'Type one of your recovery codes.')
  .max(40, 'A recovery code is 10 letters and digits, like abcde-23456.');

const ZChallengeToken = z
  .string({ message: 'The sign-in step is missing its challenge. Please log in again.' })
  .min(20, 'This sign-in step is not valid. Please log in again.')
  .max(200, 'This sign-in step is not valid. Please log in again.');

/** What a password login answers when a second step is needed instead of a session. */
export const ZTwoFactorChallenge = z.object({
  /** `verify`: type a code; `enrol`: the site requires two-factor for admins and this one has none yet. */
  twoFactor: z.enum(['verify', 'enrol']),
  challengeToken: z.string(),
  expiresAt: z.string(),
  message: z.string(),
});
export type TTwoFactorChallenge = z.infer<typeof ZTwoFactorChallenge>;

/** `POST /auth/login`: a session token, or a challenge for the second step. */
export const ZLoginResponse = z.object({
  data: z.union([z.object({ token: z.string() }), ZTwoFactorChallenge]),
});
export type TLoginResult = z.infer<typeof ZLoginResponse>['data'];

/** `POST /auth/2fa/verify`: the challenge and either an app code or a recovery code. */
export const ZTwoFactorVerifyRequest = z
  .object({
    challengeToken: ZChallengeToken,
    code: ZTotpCode.optional(),
    recoveryCode: ZRecoveryCode.optional(),
  })
  .refine((v) => (v.code === undefined) !== (v.recoveryCode === undefined), {
    message: 'Send either the code from your app or a recovery code.',
    path: ['code'],
  });
export type TTwoFactorVerifyRequest = z.infer<typeof ZTwoFactorVerifyRequest>;

/** `GET /users/me/2fa` */
export const ZTwoFactorStatus = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** The site requires two-factor for this account (an admin, with the setting on). */
  required: z.boolean(),
});
export type TTwoFactorStatus = z.infer<typeof ZTwoFactorStatus>;

/** `POST /users/me/2fa/enrolment` (or `/auth/2fa/enrolment` with an `enrol` challenge). */
export const ZTwoFactorEnrolment = z.object({
  /** The secret in base32, for typing into an app by hand. */
  secret: z.string(),
  otpauthUri: z.string(),
  /** The otpauth URI as a QR code image (an SVG data URL). */
  qrCodeDataUrl: z.string(),
});
export type TTwoFactorEnrolment = z.infer<typeof ZTwoFactorEnrolment>;

export const ZTwoFactorCodeRequest = z.object({ code: ZTotpCode });
export type TTwoFactorCodeRequest = z.infer<typeof ZTwoFactorCodeRequest>;

/** Shown once; only their hashes are kept. */
export const ZRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type TRecoveryCodes = z.infer<typeof ZRecoveryCodes>;

/** `POST /users/me/2fa/disable`: the password and a current code (or a recovery code, for a lost phone). */
export const ZTwoFactorDisableRequest = z
  .object({
    /** Needed unless the account has no password (it signs in with Google or Twitter). */
    password: z.string().max(128, 'A password is at most 128 characters.').optional(),
    code: ZTotpCode.optional(),
    recoveryCode: ZRecoveryCode.optional(),
  })
  .refine((v) => (v.code === undefined) !== (v.recoveryCode === undefined), {
    message: 'Send either the code from your app or a recovery code.',
    path: ['code'],
  });
export type TTwoFactorDisableRequest = z.infer<typeof ZTwoFactorDisableRequest>;

/** `POST /auth/2fa/enrolment`: an admin's `enrol` challenge. */
export const ZTwoFactorChallengeRequest = z.object({ challengeToken: ZChallengeToken });
/** `POST /auth/2fa/enrolment/confirm` */
export const ZTwoFactorChallengeConfirmRequest = z.object({
  challengeToken: ZChallengeToken,
  code: ZTotpCode,
});
/** The session token and the recovery codes, after an enrolment at sign-in. */
export const ZTwoFactorEnrolledSession = z.object({
  data: z.object({ token: z.string(), recoveryCodes: z.array(z.string()) }),
});

/** `POST /admin/users/:id/2fa/reset` */
export const ZTwoFactorResetRequest = z.object({
  reason: z.string().trim().max(500, 'The reason can be at most 500 characters.').optional(),
});
