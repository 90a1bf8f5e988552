import { z } from 'zod';
import { ZEmail, ZGender, ZName, ZPassword, ZUsername } from './users';

export const ZRegisterUserRequest = z.object({
  name: ZName,
  username: ZUsername,
  email: ZEmail,
  password: ZPassword,
  gender: ZGender.optional(),
});
export type TRegisterUserRequest = z.infer<typeof ZRegisterUserRequest>;

const ZDateOfBirth = z
  .string({ message: 'Date of birth is required.' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Date of birth must look like 1990-12-31.')
  .refine((d) => !Number.isNaN(Date.parse(d)), 'Date of birth is not a real date.');

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
export const minimumCreatorAge = 18;

export const ZLoginRequest = z.object({
  username: z
    .string({ message: 'Username or email is required.' })
    .trim()
    .min(1, 'Username or email is required.')
    .max(254),
  password: z.string({ message: 'Password is required.' }).min(1, 'Password is required.').max(128),
  remember: z.boolean().default(false),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZTokenResponse = z.object({ data: z.object({ token: z.string() }) });

export const ZChangePasswordRequest = z.object({
  password: ZPassword,
  /** Which account kind the form belongs to (spec: "source"); informative. */
  source: z.enum(['user', 'performer']).default('user'),
});

export const ZForgotRequest = z.object({ email: ZEmail });
export const ZResetPasswordRequest = z.object({ token: z.string().min(10).max(200), password: ZPassword });
export const ZVerifyEmailRequest = z.object({ token: z.string().min(10).max(200) });
export const ZResendVerificationRequest = z.object({ email: ZEmail });

export const ZMessageResponse = z.object({ data: z.object({ success: z.boolean(), message: z.string() }) });

/** Header every cookie-authenticated write must carry (a cross-site form cannot set it). */
export const csrfHeader = 'x-requested-with';
export const sessionCookie = 'token';
export const themeCookie = 'theme';
