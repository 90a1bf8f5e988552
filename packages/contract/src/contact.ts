import { z } from 'zod';
import { contactMessageMax } from './field-values';
import { ZReCaptchaToken } from './re-captcha';
import { ZEmail, ZName } from './users';

/** POST /contact: a visitor's or member's message to the site's team, mailed to the admin address. */
export const ZContactRequest = z.object({
  name: ZName,
  email: ZEmail,
  subject: z.string().trim().max(200, 'The subject can be at most 200 characters.').default(''),
  message: z
    .string({ message: 'Please write your message.' })
    .trim()
    .min(1, 'Please write your message.')
    .max(contactMessageMax, `The message can be at most ${contactMessageMax} characters.`),
  /** Needed when reCAPTCHA is on (see re-captcha.ts). */
  reCaptchaToken: ZReCaptchaToken.optional(),
});
export type TContactRequest = z.input<typeof ZContactRequest>;
/** The request as the server reads it (subject defaulted). */
export type TContactInput = z.infer<typeof ZContactRequest>;

/** A stored contact message, as admins list it (`GET /admin/contact-messages`). */
export const ZContactMessage = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
});
export type TContactMessage = z.infer<typeof ZContactMessage>;

/** `GET /admin/contact-messages`: newest first; `status` keeps only open or handled ones. */
export const ZContactMessageQuery = z.object({
  offset: z.coerce
    .number({ message: 'The offset must be a number.' })
    .int('The offset must be a whole number.')
    .min(0, 'The offset cannot be below 0.')
    .max(1_000_000)
    .default(0),
  limit: z.coerce
    .number({ message: 'The page size must be a number.' })
    .int('The page size must be a whole number.')
    .min(1, 'The page size must be at least 1.')
    .max(100, 'The page size can be at most 100.')
    .default(20),
  status: z.enum(['open', 'handled'], { message: 'The status must be open or handled.' }).optional(),
});
export type TContactMessageQuery = z.infer<typeof ZContactMessageQuery>;

export const ZContactMessageParams = z.object({
  id: z.uuid({ message: 'That is not a valid message id.' }),
});
