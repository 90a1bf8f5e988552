import { z } from 'zod';
import { ZReCaptchaToken } from './re-captcha';
import { ZEmail, ZGender, ZName, ZPassword, ZUsername } from './users';

export const ZRegisterUserRequest = z.object({
  name: ZName,
  username: ZUsername,
  email: ZEmail,
  password: ZPassword,
  gender: ZGender.optional(),
  /** Needed when reCAPTCHA is on (see re-captcha.ts). */
  reCaptchaToken: ZReCaptchaToken.optional(),
});
export type TRegisterUserRequest = z.infer<typeof ZRegisterUserRequest>;

/** The form's date field sends yyyy-mm-dd, or nothing while a part of the date is missing. */
export const ZDateOfBirth = z
  .string({ message: 'Enter your date of birth.' })
  .min(1, 'Enter your date of birth.')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter your full date of birth: day, month and year.')
  .refine((d) => !Number.isNaN(Date.parse(d)), 'That date of birth is not a real date.');

/** Text fields of the multipart creator sign-up; the document images come as files. */
export const ZRegisterPerformerFields = ZRegisterUserRequest.extend({
  dateOfBirth: ZDateOfBirth,
  country: z
    .string({ message: 'Country is required.' })
    .regex(/^[A-Z]{2}$/, 'Country must be a two-letter code.'),
});
export type TRegisterPerformerFields = z.infer<typeof ZRegisterPerformerFields>;

/** The file fields of the creator sign-up form. */
export const performerDocumentFields = ['idVerification', 'documentVerification'] as const;

export const ZLoginRequest = z.object({
  username: z
    .string({ message: 'Username or email is required.' })
    .trim()
    .min(1, 'Username or email is required.')
    .max(254),
  password: z.string({ message: 'Password is required.' }).min(1, 'Password is required.').max(128),
  remember: z.boolean().default(false),
  /** Needed when reCAPTCHA is on and the account has failed `reCaptchaLoginFailures` times in a row. */
  reCaptchaToken: ZReCaptchaToken.optional(),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZTokenResponse = z.object({ data: z.object({ token: z.string() }) });

export const ZChangePasswordRequest = z.object({
  /** Needed unless the account has no password yet (it signed up with Google or Twitter). */
  currentPassword: z.string().max(128).optional(),
  password: ZPassword,
  /** Which account kind the form belongs to (spec: "source"); informative. */
  source: z.enum(['user', 'performer']).default('user'),
});

export const ZForgotRequest = z.object({ email: ZEmail });
export const ZResetPasswordRequest = z.object({ token: z.string().min(10).max(200), password: ZPassword });
export const ZVerifyEmailRequest = z.object({ token: z.string().min(10).max(200) });
export const ZResendVerificationRequest = z.object({ email: ZEmail });

export const ZMessageResponse = z.object({ data: z.object({ success: z.boolean(), message: z.string() }) });

/** Starts an email change: the link goes to the new address; the old one stays in force until it is opened. */
export const ZChangeEmailRequest = z.object({
  email: ZEmail,
  password: z.string({ message: 'Password is required.' }).min(1, 'Password is required.').max(128),
});
export type TChangeEmailRequest = z.infer<typeof ZChangeEmailRequest>;
export const ZConfirmEmailChangeRequest = z.object({ token: z.string().min(10).max(200) });
