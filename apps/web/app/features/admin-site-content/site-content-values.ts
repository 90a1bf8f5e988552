import {
  type TCmsPost,
  type TCmsPostCreate,
  type TSitePromo,
  type TSitePromoCreate,
  ZCmsPostCreate,
  ZCmsPostStatus,
} from '@fanstage/contract';
import dayjs from 'dayjs';
import { z } from 'zod';

// ---------------------------------------------------------------- CMS pages

/** Where everyone reads a published page. */
export const publicPagePath = (slug: string) => `/page/${slug}`;

export const ZPageForm = z.object({
  title: ZCmsPostCreate.shape.title,
  /** Empty: the server makes it from the title. */
  slug: z.union([z.literal(''), ZCmsPostCreate.shape.slug.unwrap()]),
  content: z.string().max(100_000, 'The content must be at most 100000 characters.'),
  status: ZCmsPostStatus,
});
export type PageFormValues = z.infer<typeof ZPageForm>;

export const emptyPageForm: PageFormValues = { title: '', slug: '', content: '', status: 'draft' };

export const pageFormOf = (p: TCmsPost): PageFormValues => ({
  title: p.title,
  slug: p.slug,
  content: p.content,
  status: p.status,
});

/** The body for create and update; an empty slug is left out (made from the title on create, kept on edit). */
export const pageBodyOf = (v: PageFormValues): TCmsPostCreate => ({
  title: v.title.trim(),
  ...(v.slug.trim() ? { slug: v.slug.trim().toLowerCase() } : {}),
  content: v.content,
  status: v.status,
});

/** The tags the server keeps (the rest is removed when the page is saved). */
export const allowedPageTags =
  'p, h2–h4, strong, em, u, s, a, ul, ol, li, blockquote, code, pre, img, table, br, hr';

/**
 * Wraps the selected part of `text` (from `start` to `end`) in a tag, or inserts an empty pair at the
 * caret. Answers the new text and where the caret goes (inside the tag, after the selection).
 */
export function wrapSelection(
  text: string,
  start: number,
  end: number,
  open: string,
  close: string,
): { text: string; caret: number } {
  const [from, to] = start <= end ? [start, end] : [end, start];
  const selected = text.slice(from, to);
  return {
    text: `${text.slice(0, from)}${open}${selected}${close}${text.slice(to)}`,
    caret: from + open.length + selected.length,
  };
}

// ---------------------------------------------------------------- site promos

const optionalUrl = z.union([
  z.literal(''),
  z
    .string()
    .trim()
    .max(2000, 'The URL must be at most 2000 characters.')
    .regex(/^(https?:\/\/|\/)[^\s]*$/, 'Must be a URL starting with http://, https:// or /.'),
]);
/** A `datetime-local` value (local time, no zone) or empty. */
const localDateTime = z.union([
  z.literal(''),
  z.string().refine((v) => dayjs(v).isValid(), 'Enter a date and time.'),
]);

export const ZPromoForm = z
  .object({
    title: z
      .string()
      .trim()
      .min(1, 'The title cannot be empty.')
      .max(200, 'The title must be at most 200 characters.'),
    description: z.string().trim().max(1000, 'The description must be at most 1000 characters.'),
    imageUrl: optionalUrl,
    linkUrl: optionalUrl,
    isActive: z.boolean(),
    position: z
      .union([z.number(), z.literal('')])
      .refine(
        (v) => v === '' || (Number.isInteger(v) && v >= 0 && v <= 10_000),
        'The position is a whole number from 0 to 10000.',
      ),
    startsAt: localDateTime,
    endsAt: localDateTime,
  })
  .refine((v) => !v.startsAt || !v.endsAt || dayjs(v.endsAt).isAfter(dayjs(v.startsAt)), {
    message: 'The end must be after the start.',
    path: ['endsAt'],
  });
export type PromoFormValues = z.infer<typeof ZPromoForm>;

export const emptyPromoForm: PromoFormValues = {
  title: '',
  description: '',
  imageUrl: '',
  linkUrl: '',
  isActive: true,
  position: 0,
  startsAt: '',
  endsAt: '',
};

const toLocalInput = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DDTHH:mm') : '');
const toIso = (local: string) => (local ? dayjs(local).toISOString() : null);

export const promoFormOf = (p: TSitePromo): PromoFormValues => ({
  title: p.title,
  description: p.description,
  imageUrl: p.imageUrl ?? '',
  linkUrl: p.linkUrl ?? '',
  isActive: p.isActive,
  position: p.position,
  startsAt: toLocalInput(p.startsAt),
  endsAt: toLocalInput(p.endsAt),
});

/** The body for create and update: every field, empty ones as null. */
export const promoBodyOf = (v: PromoFormValues): TSitePromoCreate => ({
  title: v.title.trim(),
  description: v.description.trim(),
  imageUrl: v.imageUrl.trim() || null,
  linkUrl: v.linkUrl.trim() || null,
  isActive: v.isActive,
  position: v.position === '' ? 0 : v.position,
  startsAt: toIso(v.startsAt),
  endsAt: toIso(v.endsAt),
});

export type PromoState = 'showing' | 'scheduled' | 'ended' | 'off';
export const promoStateColors: Record<PromoState, string> = {
  showing: 'teal',
  scheduled: 'blue',
  ended: 'gray',
  off: 'gray',
};

/** Whether fans see the promo now: off, before its start, after its end, or showing. */
export function promoStateOf(p: Pick<TSitePromo, 'isActive' | 'startsAt' | 'endsAt'>, now: Date): PromoState {
  if (!p.isActive) return 'off';
  if (p.startsAt && new Date(p.startsAt) > now) return 'scheduled';
  if (p.endsAt && new Date(p.endsAt) <= now) return 'ended';
  return 'showing';
}
