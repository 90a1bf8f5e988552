import { z } from 'zod';
import { ZReCaptchaToken } from './re-captcha';
import { ZEmail, ZName } from './users';

/** POST /contact: a visitor's or member's message to the site's team, mailed to the admin address. */
export const contactMessageMax = 2000;
export const ZContactRequest = z.object({
  name: ZName,
  email: ZEmail,
  message: z
    .string({ message: 'Please write your message.' })
    .trim()
    .min(1, 'Please write your message.')
    .max(contactMessageMax, `The message can be at most ${contactMessageMax} characters.`),
  /** Needed when reCAPTCHA is on (see re-captcha.ts). */
  reCaptchaToken: ZReCaptchaToken.optional(),
});
export type TContactRequest = z.infer<typeof ZContactRequest>;
