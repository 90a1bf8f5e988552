import {
  maximumMoneyAmount,
  messageMaxFiles,
  messageMaxLength,
  type TMassMessage,
  type TMassMessageAudience,
  type TMassMessageCreate,
  ZMassMessageAudience,
} from '@fanstage/contract';
import { z } from 'zod';
import { formatPrice } from '../../lib/format';

/** Who gets a mass message, in words a creator reads at a glance. */
export const audienceOptions: { value: TMassMessageAudience; label: string; description: string }[] = [
  {
    value: 'active-subscribers',
    label: 'Current subscribers',
    description: 'Fans whose subscription is running now.',
  },
  {
    value: 'subscribers',
    label: 'All subscribers, past and present',
    description: 'Everyone who has ever subscribed, including expired subscriptions.',
  },
  { value: 'followers', label: 'Followers', description: 'Fans who follow you, subscribed or not.' },
];

export const audienceLabel = (audience: TMassMessageAudience): string =>
  audienceOptions.find((o) => o.value === audience)?.label ?? audience;

export const massStatusLabels: Record<TMassMessage['status'], { label: string; color: string }> = {
  scheduled: { label: 'Scheduled', color: 'blue' },
  sending: { label: 'Sending', color: 'yellow' },
  sent: { label: 'Sent', color: 'teal' },
  cancelled: { label: 'Cancelled', color: 'gray' },
};

export interface MassMessageValues {
  text: string;
  /** The uploaded files that are ready to send (kept in step with the upload list). */
  fileIds: string[];
  price: number | '';
  audience: TMassMessageAudience | null;
  isScheduled: boolean;
  /** A `datetime-local` value (local time, no zone). */
  scheduledAt: string;
}

export const emptyMassMessage: MassMessageValues = {
  text: '',
  fileIds: [],
  price: '',
  audience: null,
  isScheduled: false,
  scheduledAt: '',
};

export type FieldProblems<T> = Partial<Record<keyof T, string>>;

export type MassMessageResult =
  | { ok: true; payload: TMassMessageCreate }
  | { ok: false; errors: FieldProblems<MassMessageValues> };

/** A price above zero makes a message paid: fans pay it to unlock the attached files. */
export function priceProblem(price: number | '', fileCount: number): string | null {
  if (price === '' || price === 0) return null;
  if (price < 0) return 'The price cannot be negative.';
  if (price > maximumMoneyAmount) return `The price can be at most ${formatPrice(maximumMoneyAmount)}.`;
  if (fileCount === 0)
    return 'Attach a photo or video to charge for this message; text alone is always free.';
  return null;
}

/**
 * The rules of a mass message before it goes to `POST /messages/mass`: someone to send to, text or
 * a file, a price only with files, and a schedule in the future. Answers the request or what to fix.
 */
export function massMessagePayload(values: MassMessageValues, now: Date): MassMessageResult {
  const errors: FieldProblems<MassMessageValues> = {};
  const text = values.text.trim();
  if (!values.audience) errors.audience = 'Choose who gets this message.';
  if (!text && values.fileIds.length === 0) errors.text = 'Write a message or attach a photo or video.';
  if (text.length > messageMaxLength)
    errors.text = `A message can be at most ${messageMaxLength} characters.`;
  if (values.fileIds.length > messageMaxFiles)
    errors.fileIds = `A message can carry at most ${messageMaxFiles} files.`;
  const price = priceProblem(values.price, values.fileIds.length);
  if (price) errors.price = price;
  let scheduledAt: string | undefined;
  if (values.isScheduled) {
    const at = values.scheduledAt ? new Date(values.scheduledAt) : null;
    if (!at || Number.isNaN(at.getTime())) errors.scheduledAt = 'Choose when the message goes out.';
    else if (at.getTime() <= now.getTime()) errors.scheduledAt = 'Choose a time in the future.';
    else scheduledAt = at.toISOString();
  }
  if (!values.audience || Object.keys(errors).length > 0) return { ok: false, errors };
  const isPaid = typeof values.price === 'number' && values.price > 0;
  return {
    ok: true,
    payload: {
      text,
      fileIds: values.fileIds,
      audience: values.audience,
      ...(isPaid ? { price: Math.round(Number(values.price) * 100) / 100 } : {}),
      ...(scheduledAt ? { scheduledAt } : {}),
    },
  };
}

/** The form's schema for react-hook-form: the same rules, turning the values into the request. */
export const ZMassMessageForm = z
  .object({
    text: z.string(),
    fileIds: z.array(z.string()),
    price: z.union([z.literal(''), z.number()]),
    audience: ZMassMessageAudience.nullable(),
    isScheduled: z.boolean(),
    scheduledAt: z.string(),
  })
  .transform((values, ctx) => {
    const result = massMessagePayload(values, new Date());
    if (result.ok) return result.payload;
    for (const [path, message] of Object.entries(result.errors)) {
      ctx.addIssue({ code: 'custom', path: [path], message });
    }
    return z.NEVER;
  });
