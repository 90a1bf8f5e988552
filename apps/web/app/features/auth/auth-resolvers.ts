import {
  ZForgotRequest,
  ZLoginRequest,
  ZPassword,
  ZRegisterPerformerFields,
  ZRegisterUserRequest,
} from '@fanstage/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';

/*
 * The validation of the auth forms: the contract's schemas, as react-hook-form resolvers. The pages load
 * this module lazily (lib/lazy-resolver.ts): zod is only needed once someone fills a form in.
 */

export const loginResolver = zodResolver(ZLoginRequest);
export const registerResolver = zodResolver(ZRegisterUserRequest);
export const creatorRegisterResolver = zodResolver(ZRegisterPerformerFields);
export const forgotPasswordResolver = zodResolver(ZForgotRequest);

/** The reset-password form: the contract's password rules, typed twice. */
const ZNewPasswordForm = z
  .object({ password: ZPassword, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'The two passwords do not match.' });
export const newPasswordResolver = zodResolver(ZNewPasswordForm);
