import { z } from 'zod';

/**
 * A reCAPTCHA token from Google's widget. Forms that need one (sign-ups, contact) send it as
 * `reCaptchaToken`; the server checks it only when the site key setting and RECAPTCHA_SECRET are set.
 */
export const ZReCaptchaToken = z
  .string({ message: 'Please tick "I am not a robot".' })
  .trim()
  .min(1, 'Please tick "I am not a robot".')
  .max(4000, 'That reCAPTCHA answer is too long.');

/** POST /re-captcha/verify */
export const ZReCaptchaVerifyRequest = z.object({ token: ZReCaptchaToken });
export type TReCaptchaVerifyRequest = z.infer<typeof ZReCaptchaVerifyRequest>;

/** Wrong passwords in a row after which an account's login needs a reCAPTCHA token (when reCAPTCHA is on). */
export const reCaptchaLoginFailures = 3;

/** The error detail path that tells a form to show the reCAPTCHA widget. */
export const reCaptchaField = 'reCaptchaToken';
