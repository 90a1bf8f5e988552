import { z } from 'zod';
import { formatAmount, ZId, ZListQuery } from './common';
import { maximumAssetPrice } from './field-values';
import { ZFileStatus, ZMediaView } from './media';
import { ZHiddenState } from './moderation';

/*
 * Creator assets: galleries and their photos, videos, shop products. Creator routes live under
 * `/api/performer/performer-assets/…`, fan routes under `/api/performer-assets/…`. Write bodies
 * may come as JSON or as multipart form fields (strings), so numbers and booleans accept both.
 */

const twoPlaces = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;
const fromForm = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v);

/** A decimal price 0..10000 with at most two places (stored as cents). */
export const ZAssetPrice = z.preprocess(
  fromForm,
  z
    .number({ message: 'The price must be a number.' })
    .min(0, 'The price cannot be below $0.00.')
    .max(maximumAssetPrice, `The price cannot be more than ${formatAmount(maximumAssetPrice)}.`)
    .refine(twoPlaces, 'The price may have at most two decimal places.'),
);

/** true/false, also as the strings a form sends ("true", "false", "1", "0", "on"). */
export const ZFormBoolean = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    const s = v.trim().toLowerCase();
    if (['true', '1', 'on', 'yes'].includes(s)) return true;
    if (['false', '0', 'off', 'no', ''].includes(s)) return false;
    return v;
  },
  z.boolean({ message: 'Must be true or false.' }),
);

const title = (label: string) =>
  z
    .string({ message: `The ${label} is required.` })
    .trim()
    .min(1, `The ${label} is required.`)
    .max(200, `The ${label} must be at most 200 characters.`);
const description = z.string().trim().max(5000, 'The description must be at most 5000 characters.');

export const ZAssetStatus = z.enum(['active', 'draft'], { message: 'The status must be active or draft.' });
export type TAssetStatus = z.infer<typeof ZAssetStatus>;

/** Lists on both sides: the usual page query plus the filters of the asset lists. */
export const ZAssetSearchQuery = ZListQuery.extend({
  performerId: ZId.optional(),
  galleryId: ZId.optional(),
  status: z.enum(['active', 'draft', 'processing', 'failed']).optional(),
  sortBy: z.enum(['updatedAt', 'createdAt', 'title', 'price']).default('updatedAt'),
});
export type TAssetSearchQuery = z.infer<typeof ZAssetSearchQuery>;

export const ZAssetIdParams = z.object({ id: ZId });

// Galleries ---------------------------------------------------------------------------------

export const ZGalleryCreate = z.object({
  title: title('title'),
  description: description.default(''),
  isSale: ZFormBoolean.default(false),
  price: ZAssetPrice.default(0),
  status: ZAssetStatus.default('active'),
});
export type TGalleryCreate = z.infer<typeof ZGalleryCreate>;

export const ZGalleryUpdate = z.object({
  title: title('title').optional(),
  description: description.optional(),
  isSale: ZFormBoolean.optional(),
  price: ZAssetPrice.optional(),
  status: ZAssetStatus.optional(),
});
export type TGalleryUpdate = z.infer<typeof ZGalleryUpdate>;

export const ZGallery = z.object({
  _id: ZId,
  performerId: ZId,
  title: z.string(),
  description: z.string(),
  isSale: z.boolean(),
  price: z.number(),
  status: ZAssetStatus,
  numPhotos: z.number().int(),
  coverPhotoId: ZId.nullable(),
  /** The cover photo: its thumbnail URL only for viewers with access, else the blurred preview. */
  cover: ZMediaView.nullable(),
  /** True when the viewer may see the metadata but not the photos (must subscribe or buy). */
  isLocked: z.boolean(),
  likesCount: z.number().int(),
  commentsCount: z.number().int(),
  /** The viewer's own reactions (false for visitors). */
  isLiked: z.boolean(),
  isBookmarked: z.boolean(),
  /** Owner and admins only: why moderators hid it (null when not hidden); fans never receive hidden items. */
  hidden: ZHiddenState.optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TGallery = z.infer<typeof ZGallery>;

// Photos ------------------------------------------------------------------------------------

export const ZPhoto = z.object({
  _id: ZId,
  performerId: ZId,
  galleryId: ZId,
  title: z.string(),
  description: z.string(),
  isCover: z.boolean(),
  isLocked: z.boolean(),
  media: ZMediaView,
  /** Owner and admins only: why moderators hid it (null when not hidden); fans never receive hidden items. */
  hidden: ZHiddenState.optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TPhoto = z.infer<typeof ZPhoto>;

export const ZGalleryDetail = ZGallery.extend({ photos: z.array(ZPhoto) });
export type TGalleryDetail = z.infer<typeof ZGalleryDetail>;

/** The form fields sent with `POST …/photos/upload` (files in the field `photo`, one or many). */
export const ZPhotoUploadFields = z.object({
  galleryId: ZId,
  title: z.string().trim().max(200, 'The title must be at most 200 characters.').default(''),
  description: description.default(''),
});

export const ZPhotoUpdate = z.object({
  title: z.string().trim().max(200, 'The title must be at most 200 characters.').optional(),
  description: description.optional(),
  galleryId: ZId.optional(),
});
export type TPhotoUpdate = z.infer<typeof ZPhotoUpdate>;

/** Fan list of one creator's photos: `GET /performer-assets/photos/{performerId}`. */
export const ZAssetPerformerParams = z.object({ performerId: ZId });

// Videos ------------------------------------------------------------------------------------

/** `draft` is the creator's choice; otherwise the file decides: `processing`, `failed` or `active`. */
export const ZVideoStatus = z.enum(['active', 'draft', 'processing', 'failed']);
export type TVideoStatus = z.infer<typeof ZVideoStatus>;

/** Tags as a JSON array or as the comma-separated string a form sends. */
const ZTags = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : v,
  z
    .array(z.string().trim().min(1).max(40, 'Each tag must be at most 40 characters.'))
    .max(20, 'A video may have at most 20 tags.'),
);

export const ZVideoFields = z.object({
  title: title('title'),
  description: description.default(''),
  tags: ZTags.default([]),
  isSale: ZFormBoolean.default(false),
  price: ZAssetPrice.default(0),
  status: ZAssetStatus.default('active'),
});
export type TVideoFields = z.infer<typeof ZVideoFields>;

export const ZVideoUpdate = z.object({
  title: title('title').optional(),
  description: description.optional(),
  tags: ZTags.optional(),
  isSale: ZFormBoolean.optional(),
  price: ZAssetPrice.optional(),
  status: ZAssetStatus.optional(),
});
export type TVideoUpdate = z.infer<typeof ZVideoUpdate>;

export const ZVideo = z.object({
  _id: ZId,
  performerId: ZId,
  title: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  isSale: z.boolean(),
  price: z.number(),
  status: ZVideoStatus,
  isLocked: z.boolean(),
  /** The video itself: URLs only with access. */
  video: ZMediaView,
  /** Shown to everyone who may see the video's metadata. */
  teaser: ZMediaView.nullable(),
  thumbnail: ZMediaView.nullable(),
  likesCount: z.number().int(),
  commentsCount: z.number().int(),
  /** The viewer's own reactions (false for visitors). */
  isLiked: z.boolean(),
  isBookmarked: z.boolean(),
  /** Owner and admins only: why moderators hid it (null when not hidden); fans never receive hidden items. */
  hidden: ZHiddenState.optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TVideo = z.infer<typeof ZVideo>;

export const ZRemoveVideoFileQuery = z.object({
  type: z.enum(['teaser', 'thumbnail'], { message: 'The type must be teaser or thumbnail.' }),
});

export const ZVideoFileStatusParams = z.object({ id: ZId, fileId: ZId });
export const ZVideoFileStatus = z.object({
  _id: ZId,
  status: ZFileStatus,
  reason: z.string().optional(),
  progress: z.number().int().optional(),
});

// Products ----------------------------------------------------------------------------------

export const ZProductType = z.enum(['physical', 'digital'], {
  message: 'The type must be physical or digital.',
});

const ZStock = z.preprocess(
  fromForm,
  z
    .number({ message: 'The stock must be a number.' })
    .int('The stock must be a whole number.')
    .min(0, 'The stock cannot be below 0.')
    .max(1_000_000, 'The stock cannot be more than 1,000,000.'),
);

export const ZProductFields = z.object({
  name: title('name'),
  description: description.default(''),
  type: ZProductType,
  price: ZAssetPrice,
  stock: ZStock.optional(),
  status: ZAssetStatus.default('active'),
});
export type TProductFields = z.infer<typeof ZProductFields>;

export const ZProductUpdate = z.object({
  name: title('name').optional(),
  description: description.optional(),
  price: ZAssetPrice.optional(),
  stock: ZStock.optional(),
  status: ZAssetStatus.optional(),
  /** Ids of current images to keep (in order); omitted keeps them all. New images are appended. */
  keepImageIds: z
    .preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(ZId))
    .optional(),
});
export type TProductUpdate = z.infer<typeof ZProductUpdate>;

export const ZProduct = z.object({
  _id: ZId,
  performerId: ZId,
  name: z.string(),
  description: z.string(),
  type: ZProductType,
  price: z.number(),
  /** Physical goods only; null for digital ones. */
  stock: z.number().int().nullable(),
  status: ZAssetStatus,
  images: z.array(ZMediaView),
  /** Owner only: whether a digital product has its file. The file itself is never in a response. */
  hasDigitalFile: z.boolean().optional(),
  likesCount: z.number().int(),
  commentsCount: z.number().int(),
  /** The viewer's own reactions (false for visitors). */
  isLiked: z.boolean(),
  isBookmarked: z.boolean(),
  /** Owner and admins only: why moderators hid it (null when not hidden); fans never receive hidden items. */
  hidden: ZHiddenState.optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TProduct = z.infer<typeof ZProduct>;
