import { z } from 'zod';

/*
 * Editable email templates (issue 13): every mail the site sends is a subject and a plain-text body
 * with `{{placeholders}}`; admins edit them at `/admin/email-templates` and can reset one to the
 * words the code ships with. Bodies are plain text: the HTML part is made from them (paragraphs,
 * links), so an edit can never break the markup or inject any.
 */

export const maxEmailSubject = 200;
export const maxEmailBody = 20_000;

/** `{{ name }}` → `name`: every placeholder a text uses, in order, without repeats. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)].map((m) => m[1] ?? ''))];
}

export const ZEmailTemplateKeyParams = z.object({
  key: z
    .string()
    .max(100, 'A template key is at most 100 characters.')
    .regex(/^[a-z0-9.-]+$/, 'A template key is made of lower-case letters, digits, dots and dashes.'),
});

export const ZEmailTemplateSummary = z.object({
  key: z.string(),
  /** A short name ("Password reset"). */
  name: z.string(),
  /** Which mail this is and when it goes, for the admin. */
  description: z.string(),
  /** The placeholders this mail knows (without braces). */
  placeholders: z.array(z.string()),
  subject: z.string(),
  /** True when an admin's words replace the default ones. */
  isEdited: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type TEmailTemplateSummary = z.infer<typeof ZEmailTemplateSummary>;

export const ZEmailTemplate = ZEmailTemplateSummary.extend({
  body: z.string(),
  defaultSubject: z.string(),
  defaultBody: z.string(),
  /** The admin who last edited it (null for the default, or when that account is gone). */
  updatedBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
});
export type TEmailTemplate = z.infer<typeof ZEmailTemplate>;

const subject = z
  .string({ message: 'The subject must be text.' })
  .trim()
  .min(1, 'The subject cannot be empty.')
  .max(maxEmailSubject, `The subject must be at most ${maxEmailSubject} characters.`)
  .refine((s) => !/[\r\n]/.test(s), 'The subject must be one line.');
const body = z
  .string({ message: 'The body must be text.' })
  .max(maxEmailBody, `The body must be at most ${maxEmailBody.toLocaleString('en')} characters.`)
  .refine((s) => s.trim().length > 0, 'The body cannot be empty.');

/** `PUT /admin/email-templates/{key}` */
export const ZEmailTemplateUpdate = z.object({ subject, body }).strict();
export type TEmailTemplateUpdate = z.infer<typeof ZEmailTemplateUpdate>;

/** `POST /admin/email-templates/{key}/preview`: unsaved words to render, else the template in force. */
export const ZEmailTemplatePreviewRequest = z
  .object({ subject: subject.optional(), body: body.optional() })
  .strict();
export type TEmailTemplatePreviewRequest = z.infer<typeof ZEmailTemplatePreviewRequest>;

export const ZEmailPreview = z.object({ subject: z.string(), text: z.string(), html: z.string() });
export type TEmailPreview = z.infer<typeof ZEmailPreview>;
