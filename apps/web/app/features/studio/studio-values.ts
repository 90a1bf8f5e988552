import {
  maximumAssetPrice,
  type TGallery,
  type TGalleryCreate,
  type TMediaView,
  type TProduct,
  type TVideo,
  type TVideoStatus,
} from '@fanstage/contract';
import { z } from 'zod';
import { formatPrice } from '../../lib/format';

/**
 * Who may see a gallery or a video. The API says it with `isSale` and `price`: not for sale is for
 * subscribers, for sale above zero is pay-per-view, for sale at zero is free for every logged-in fan.
 */
export type AssetAccess = 'subscribers' | 'ppv' | 'free';

export const accessOptions: { value: AssetAccess; label: string }[] = [
  { value: 'subscribers', label: 'Subscribers' },
  { value: 'ppv', label: 'Pay per view' },
  { value: 'free', label: 'Free' },
];

export const accessHelp: Record<AssetAccess, string> = {
  subscribers: 'Only your subscribers can see it.',
  ppv: 'Fans pay this price once to unlock it (subscribers too).',
  free: 'Every logged-in fan can see it, free.',
};

export const accessOf = (asset: { isSale: boolean; price: number }): AssetAccess =>
  !asset.isSale ? 'subscribers' : asset.price > 0 ? 'ppv' : 'free';

/** The `isSale` and `price` the API wants for a chosen access. */
export function saleOf(access: AssetAccess, price: number | ''): { isSale: boolean; price: number } {
  if (access === 'subscribers') return { isSale: false, price: 0 };
  if (access === 'free') return { isSale: true, price: 0 };
  return { isSale: true, price: price === '' ? 0 : price };
}

/** The short words on a tile: "Subscribers", "$4.99", "Free". */
export const accessLabel = (asset: { isSale: boolean; price: number }): string => {
  const access = accessOf(asset);
  return access === 'ppv' ? formatPrice(asset.price) : access === 'free' ? 'Free' : 'Subscribers';
};

const twoPlaces = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

/** A price field of a form: a number, or '' while empty. */
const ZPriceField = z.union([z.number(), z.literal('')]);

/** A pay-per-view price must be above zero, at most the maximum, with at most two decimals. */
function checkPrice(
  values: { access?: AssetAccess; price: number | '' },
  ctx: z.RefinementCtx,
  isRequired: boolean,
) {
  const { price } = values;
  if (price === '') {
    if (isRequired) ctx.addIssue({ code: 'custom', path: ['price'], message: 'Set a price above $0.' });
    return;
  }
  if (isRequired && price <= 0)
    ctx.addIssue({ code: 'custom', path: ['price'], message: 'Set a price above $0.' });
  else if (price < 0)
    ctx.addIssue({ code: 'custom', path: ['price'], message: 'The price cannot be below $0.' });
  else if (price > maximumAssetPrice)
    ctx.addIssue({
      code: 'custom',
      path: ['price'],
      message: `The price cannot be more than ${formatPrice(maximumAssetPrice)}.`,
    });
  else if (!twoPlaces(price))
    ctx.addIssue({ code: 'custom', path: ['price'], message: 'Use at most two decimal places.' });
}

const ZTitleField = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `The ${label} is required.`)
    .max(200, `The ${label} must be at most 200 characters.`);
const ZDescriptionField = z.string().max(5000, 'The description must be at most 5000 characters.');
const ZAccessField = z.enum(['subscribers', 'ppv', 'free']);
const ZStatusField = z.enum(['active', 'draft']);

// Galleries ---------------------------------------------------------------------------------

export const ZGalleryForm = z
  .object({
    title: ZTitleField('title'),
    description: ZDescriptionField,
    access: ZAccessField,
    price: ZPriceField,
    status: ZStatusField,
  })
  .superRefine((v, ctx) => checkPrice(v, ctx, v.access === 'ppv'));
export type GalleryFormValues = z.infer<typeof ZGalleryForm>;

export const emptyGalleryForm: GalleryFormValues = {
  title: '',
  description: '',
  access: 'subscribers',
  price: '',
  status: 'active',
};

export const galleryFormOf = (gallery: TGallery): GalleryFormValues => ({
  title: gallery.title,
  description: gallery.description,
  access: accessOf(gallery),
  price: gallery.isSale && gallery.price > 0 ? gallery.price : '',
  status: gallery.status,
});

export const galleryPayload = (values: GalleryFormValues): TGalleryCreate => ({
  title: values.title.trim(),
  description: values.description.trim(),
  status: values.status,
  ...saleOf(values.access, values.price),
});

// Videos ------------------------------------------------------------------------------------

export const ZVideoForm = z
  .object({
    title: ZTitleField('title'),
    description: ZDescriptionField,
    /** Comma-separated, as the API accepts them from a form. */
    tags: z.string().refine((s) => splitTags(s).length <= 20, 'A video may have at most 20 tags.'),
    access: ZAccessField,
    price: ZPriceField,
    status: ZStatusField,
  })
  .superRefine((v, ctx) => {
    checkPrice(v, ctx, v.access === 'ppv');
    if (splitTags(v.tags).some((t) => t.length > 40))
      ctx.addIssue({ code: 'custom', path: ['tags'], message: 'Each tag must be at most 40 characters.' });
  });
export type VideoFormValues = z.infer<typeof ZVideoForm>;

export const emptyVideoForm: VideoFormValues = {
  title: '',
  description: '',
  tags: '',
  access: 'subscribers',
  price: '',
  status: 'active',
};

/** "a, b,,c " → ["a", "b", "c"], without repeats. */
export function splitTags(text: string): string[] {
  const tags = text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  return [...new Set(tags)];
}

export const videoFormOf = (video: TVideo): VideoFormValues => ({
  title: video.title,
  description: video.description,
  tags: video.tags.join(', '),
  access: accessOf(video),
  price: video.isSale && video.price > 0 ? video.price : '',
  status: video.status === 'draft' ? 'draft' : 'active',
});

/** The text fields of the video forms (multipart, so every value is a string). */
export function videoFields(values: VideoFormValues): Record<string, string> {
  const sale = saleOf(values.access, values.price);
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    tags: splitTags(values.tags).join(','),
    isSale: String(sale.isSale),
    price: String(sale.price),
    status: values.status,
  };
}

/** What the creator reads on a video's badge. */
export const videoStatusView: Record<TVideoStatus, { label: string; color: string }> = {
  active: { label: 'Active', color: 'teal' },
  draft: { label: 'Draft', color: 'gray' },
  processing: { label: 'Processing', color: 'violet' },
  failed: { label: 'Failed', color: 'red' },
};

// Products ----------------------------------------------------------------------------------

export const maxProductImages = 8;

export const ZProductForm = z
  .object({
    name: ZTitleField('name'),
    description: ZDescriptionField,
    type: z.enum(['physical', 'digital']),
    price: ZPriceField,
    stock: z.union([z.number(), z.literal('')]),
    status: ZStatusField,
  })
  .superRefine((v, ctx) => {
    checkPrice(v, ctx, true);
    if (v.type !== 'physical') return;
    if (v.stock === '')
      ctx.addIssue({ code: 'custom', path: ['stock'], message: 'How many do you have to sell?' });
    else if (!Number.isInteger(v.stock) || v.stock < 0)
      ctx.addIssue({
        code: 'custom',
        path: ['stock'],
        message: v.stock < 0 ? 'The stock cannot be below 0.' : 'The stock must be a whole number.',
      });
    else if (v.stock > 1_000_000)
      ctx.addIssue({ code: 'custom', path: ['stock'], message: 'The stock cannot be more than 1,000,000.' });
  });
export type ProductFormValues = z.infer<typeof ZProductForm>;

export const emptyProductForm: ProductFormValues = {
  name: '',
  description: '',
  type: 'physical',
  price: '',
  stock: '',
  status: 'active',
};

export const productFormOf = (product: TProduct): ProductFormValues => ({
  name: product.name,
  description: product.description,
  type: product.type,
  price: product.price,
  stock: product.stock ?? '',
  status: product.status,
});

/**
 * The text fields of the product forms. `type` only on creation (it cannot change); the stock only
 * for physical goods; `keepImageIds` (edits) names the current images to keep.
 */
export function productFields(
  values: ProductFormValues,
  options: { isNew: boolean; keepImageIds?: string[] },
): Record<string, string> {
  const fields: Record<string, string> = {
    name: values.name.trim(),
    description: values.description.trim(),
    price: String(values.price === '' ? 0 : values.price),
    status: values.status,
  };
  if (options.isNew) fields.type = values.type;
  if (values.type === 'physical') fields.stock = String(values.stock === '' ? 0 : values.stock);
  if (options.keepImageIds) fields.keepImageIds = options.keepImageIds.join(',');
  return fields;
}

/** "In stock: 12", "Sold out", "Digital download" (or that its file is missing). */
export function stockLabel(product: Pick<TProduct, 'type' | 'stock' | 'hasDigitalFile'>): string {
  if (product.type === 'digital')
    return product.hasDigitalFile === false ? 'Digital · file missing' : 'Digital download';
  const stock = product.stock ?? 0;
  return stock > 0 ? `${stock} in stock` : 'Sold out';
}

// Shared ------------------------------------------------------------------------------------

/** A form with text fields and files, ready for a multipart upload. */
export function formDataOf(fields: Record<string, string>, files: Record<string, (File | null)[]> = {}) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const [name, list] of Object.entries(files)) {
    for (const file of list) if (file) body.append(name, file);
  }
  return body;
}

/** The picture of a tile: the thumbnail when there is one, else the feed size, else the blurred preview. */
export const imageOf = (media: TMediaView | null | undefined): string | null =>
  media?.urls?.thumbnail ?? media?.urls?.feed ?? media?.preview ?? null;

/** Keeps only image files from a drop, and says how many others were left out. */
export function splitImages(files: File[]): { images: File[]; skipped: number } {
  const images = files.filter((f) => f.type.startsWith('image/'));
  return { images, skipped: files.length - images.length };
}

/** Every item loaded so far of a paged studio list, in order. */
export const itemsOf = <T>(data: { pages: { data: T[] }[] } | undefined): T[] =>
  data?.pages.flatMap((page) => page.data) ?? [];
