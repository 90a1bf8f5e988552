import { z } from 'zod';
import { ZId } from './common';

/*
 * Site content: searched keywords (`POST /search/keywords`, `GET /search/list/keywords`), site
 * promos (`GET /site-promo/search`; admins at `/admin/site-promos`) and CMS posts
 * (`GET /posts/search`, `GET /posts/{idOrSlug}`; admins at `/admin/posts`).
 */

const page = {
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
};
const url = z
  .string()
  .trim()
  .max(2000, 'The URL must be at most 2000 characters.')
  .regex(/^(https?:\/\/|\/)[^\s]*$/, 'Must be a URL starting with http://, https:// or /.');
const isoDate = z.iso.datetime({ offset: true, message: 'Must be a date and time (ISO 8601).' });

// Keywords ------------------------------------------------------------------------------------

export const ZKeywordCreate = z.object({
  keyword: z
    .string({ message: 'The keyword must be text.' })
    .trim()
    .toLowerCase()
    .min(1, 'The keyword cannot be empty.')
    .max(100, 'The keyword must be at most 100 characters.'),
});
export const ZKeyword = z.object({ keyword: z.string(), searchCount: z.number().int() });
export type TKeyword = z.infer<typeof ZKeyword>;
export const ZKeywordListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(20, 'The limit must be at most 20.').default(10),
});

// Site promos ---------------------------------------------------------------------------------

const promoFields = {
  title: z
    .string()
    .trim()
    .min(1, 'The title cannot be empty.')
    .max(200, 'The title must be at most 200 characters.'),
  description: z.string().trim().max(1000, 'The description must be at most 1000 characters.'),
  imageUrl: url.nullable(),
  linkUrl: url.nullable(),
  isActive: z.boolean(),
  position: z.number().int().min(0).max(10_000),
  startsAt: isoDate.nullable(),
  endsAt: isoDate.nullable(),
};
const endsAfterStart = (v: { startsAt?: string | null; endsAt?: string | null }) =>
  !v.startsAt || !v.endsAt || new Date(v.endsAt) > new Date(v.startsAt);
const endsAfterStartMessage = { message: 'The end must be after the start.', path: ['endsAt'] };

export const ZSitePromoCreate = z
  .object({
    ...promoFields,
    description: promoFields.description.default(''),
    imageUrl: promoFields.imageUrl.default(null),
    linkUrl: promoFields.linkUrl.default(null),
    isActive: promoFields.isActive.default(true),
    position: promoFields.position.default(0),
    startsAt: promoFields.startsAt.default(null),
    endsAt: promoFields.endsAt.default(null),
  })
  .refine(endsAfterStart, endsAfterStartMessage);
export type TSitePromoCreate = z.infer<typeof ZSitePromoCreate>;
export const ZSitePromoUpdate = z.object(promoFields).partial().refine(endsAfterStart, endsAfterStartMessage);
export type TSitePromoUpdate = z.infer<typeof ZSitePromoUpdate>;

export const ZSitePromo = z.object({
  _id: ZId,
  title: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  linkUrl: z.string().nullable(),
  isActive: z.boolean(),
  position: z.number().int(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TSitePromo = z.infer<typeof ZSitePromo>;
export const ZSitePromoQuery = z.object(page);

// CMS posts -----------------------------------------------------------------------------------

export const ZCmsPostStatus = z.enum(['draft', 'published'], {
  message: 'The status must be draft or published.',
});
const slug = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'The slug cannot be empty.')
  .max(120, 'The slug must be at most 120 characters.')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'The slug may hold only letters, digits and single dashes.');

export const ZCmsPostCreate = z.object({
  title: promoFields.title,
  /** Made from the title when left out. */
  slug: slug.optional(),
  content: z.string().max(100_000, 'The content must be at most 100000 characters.').default(''),
  status: ZCmsPostStatus.default('draft'),
});
export type TCmsPostCreate = z.infer<typeof ZCmsPostCreate>;
export const ZCmsPostUpdate = z.object({
  title: promoFields.title.optional(),
  slug: slug.optional(),
  content: z.string().max(100_000, 'The content must be at most 100000 characters.').optional(),
  status: ZCmsPostStatus.optional(),
});
export type TCmsPostUpdate = z.infer<typeof ZCmsPostUpdate>;

export const ZCmsPost = z.object({
  _id: ZId,
  title: z.string(),
  slug: z.string(),
  /** Sanitized HTML: only a safe list of tags and attributes survives. */
  content: z.string(),
  status: ZCmsPostStatus,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TCmsPost = z.infer<typeof ZCmsPost>;

export const ZCmsPostQuery = z.object({
  ...page,
  q: z.string().trim().max(200).optional(),
  status: ZCmsPostStatus.optional(),
});
export type TCmsPostQuery = z.infer<typeof ZCmsPostQuery>;
export const ZCmsPostKeyParams = z.object({ idOrSlug: z.string().min(1).max(200) });
export const ZSiteContentIdParams = z.object({ id: ZId });
