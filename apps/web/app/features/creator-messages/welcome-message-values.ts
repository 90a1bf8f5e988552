import { messageMaxLength, type TWelcomeMessage, type TWelcomeMessageSettings } from '@fanstage/contract';
import { z } from 'zod';
import { type FieldProblems, priceProblem } from './mass-message-values';

export type WelcomeTrigger = TWelcomeMessageSettings['trigger'];

export const triggerOptions: { value: WelcomeTrigger; label: string }[] = [
  { value: 'follow', label: 'When a fan follows me' },
  { value: 'subscribe', label: 'When a fan subscribes' },
  { value: 'both', label: 'Both' },
];

export interface WelcomeMessageValues {
  enabled: boolean;
  text: string;
  /** Files kept from before and new uploads that are ready. */
  fileIds: string[];
  price: number | '';
  trigger: WelcomeTrigger;
}

/** The form's starting values from what the API has stored (a free message shows no price). */
export const welcomeValuesOf = (stored: TWelcomeMessage): WelcomeMessageValues => ({
  enabled: stored.enabled,
  text: stored.text,
  fileIds: stored.fileIds,
  price: stored.price > 0 ? stored.price : '',
  trigger: stored.trigger,
});

export type WelcomeMessageResult =
  | { ok: true; payload: TWelcomeMessageSettings }
  | { ok: false; errors: FieldProblems<WelcomeMessageValues> };

/**
 * The rules of `PUT /messages/welcome`: a message that is on needs text or a file, a price needs
 * files. A message that is off may be saved half written.
 */
export function welcomeMessagePayload(values: WelcomeMessageValues): WelcomeMessageResult {
  const errors: FieldProblems<WelcomeMessageValues> = {};
  const text = values.text.trim();
  if (values.enabled && !text && values.fileIds.length === 0)
    errors.text = 'Write the welcome message or attach a photo or video before turning it on.';
  if (text.length > messageMaxLength)
    errors.text = `A message can be at most ${messageMaxLength} characters.`;
  const price = priceProblem(values.price, values.fileIds.length);
  if (price) errors.price = price;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const isPaid = typeof values.price === 'number' && values.price > 0;
  return {
    ok: true,
    payload: {
      enabled: values.enabled,
      text,
      fileIds: values.fileIds,
      trigger: values.trigger,
      ...(isPaid ? { price: Math.round(Number(values.price) * 100) / 100 } : {}),
    },
  };
}

export const ZWelcomeMessageForm = z
  .object({
    enabled: z.boolean(),
    text: z.string(),
    fileIds: z.array(z.string()),
    price: z.union([z.literal(''), z.number()]),
    trigger: z.enum(['follow', 'subscribe', 'both']),
  })
  .transform((values, ctx) => {
    const result = welcomeMessagePayload(values);
    if (result.ok) return result.payload;
    for (const [path, message] of Object.entries(result.errors)) {
      ctx.addIssue({ code: 'custom', path: [path], message });
    }
    return z.NEVER;
  });
