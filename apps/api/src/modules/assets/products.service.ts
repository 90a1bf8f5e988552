import {
  fromCents,
  type TAssetSearchQuery,
  type TProduct,
  toCents,
  ZProductFields,
  ZProductUpdate,
} from '@fanstage/contract';
import { newId, type Transaction } from '@fanstage/db';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/app-error';
import { hiddenStateOf, isHiddenFrom } from '../access/hidden';
import type { Actor } from '../auth/sessions';
import { deleteSocialTraces } from '../comments/comments.repo';
import type { TempUpload } from '../files/files.upload';
import { presentMedia } from '../media/media.presenter';
import { insertFile } from '../media/media.repo';
import { filterVisiblePerformerIds, findVisiblePerformer } from '../performers/performers.access';
import { loadViewerReactions } from '../reactions/reactions.viewer';
import { discardFiles, findFilesByIds, iso, signerOf, storeUploads } from './assets.files';
import type { FormFileField } from './assets.upload';
import {
  deleteProduct as deleteProductRow,
  findProduct,
  insertProduct,
  type ProductRow,
  searchProducts,
  updateProduct as updateProductRow,
} from './products.repo';

export const maxProductImages = 8;

/** The file fields of the product forms. */
export const productFormFiles: Record<string, FormFileField> = {
  image: { kind: 'product-image', maxCount: maxProductImages },
  digitalFile: { kind: 'product-digital', maxCount: 1 },
};

/**
 * Product images are the shop window: everyone who may see the creator sees them (no gate). The
 * digital file is never presented; the owner only learns whether it is there.
 */
async function presentProducts(
  ctx: AppContext,
  actor: Actor | null,
  rows: ProductRow[],
): Promise<TProduct[]> {
  const [images, reactionsOf] = await Promise.all([
    findFilesByIds(
      ctx.db.db,
      rows.flatMap((r) => r.imageFileIds),
    ),
    loadViewerReactions(ctx, { actor, objectType: 'product', objectIds: rows.map((r) => r.id) }),
  ]);
  const sign = signerOf(ctx);
  return rows.map((row) => ({
    _id: row.id,
    performerId: row.performerId,
    name: row.name,
    description: row.description,
    type: row.type,
    price: fromCents(row.priceCents),
    stock: row.type === 'physical' ? (row.stock ?? 0) : null,
    status: row.status,
    images: row.imageFileIds.flatMap((id) => {
      const file = images.get(id);
      return file ? [presentMedia(file, { canView: true, sign })] : [];
    }),
    hasDigitalFile: actor?.id === row.performerId ? row.digitalFileId !== null : undefined,
    likesCount: row.likesCount,
    commentsCount: row.commentsCount,
    ...reactionsOf(row.id),
    hidden: hiddenStateOf(row),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  }));
}

const presentOne = async (ctx: AppContext, actor: Actor | null, row: ProductRow) =>
  (await presentProducts(ctx, actor, [row]))[0]!;

async function findOwnProduct(ctx: AppContext, options: { actor: Actor; id: string }): Promise<ProductRow> {
  const row = await findProduct(ctx.db.db, options.id);
  if (!row || row.performerId !== options.actor.id) throw notFound('That product');
  return row;
}

/** Keeps a digital product's file as it came, privately; only an order's expiring link will serve it. */
async function storeDigitalFile(ctx: AppContext, actor: Actor, upload: TempUpload): Promise<string> {
  const id = newId();
  const key = `private/products/${id}/file`;
  await ctx.storage.putFile(key, upload.path);
  try {
    await insertFile(ctx.db.db, {
      id,
      ownerId: actor.id,
      kind: 'product-digital',
      visibility: 'private',
      storageKey: key,
      mimeType: 'application/octet-stream',
      size: upload.size,
      status: 'ready',
      originalName: upload.filename,
    });
    return id;
  } catch (err) {
    await ctx.storage.remove(key);
    throw err;
  }
}

/** Stores a form's images and digital file; all or nothing. */
async function storeProductFiles(ctx: AppContext, actor: Actor, files: Record<string, TempUpload[]>) {
  const imageIds = await storeUploads(ctx, { actor, kind: 'product-image', uploads: files.image ?? [] });
  try {
    const digital = files.digitalFile?.[0];
    return { imageIds, digitalFileId: digital ? await storeDigitalFile(ctx, actor, digital) : null };
  } catch (err) {
    await discardFiles(ctx, imageIds);
    throw err;
  }
}

/**
 * Creates a product (JSON, or a form with `image` files and, for a digital product, `digitalFile`).
 * A physical product needs its stock; a digital one needs its file.
 */
export async function createProduct(
  ctx: AppContext,
  options: { actor: Actor; fields: Record<string, unknown>; files: Record<string, TempUpload[]> },
): Promise<TProduct> {
  const { actor, files } = options;
  const input = ZProductFields.parse(options.fields);
  if (input.type === 'physical' && input.stock === undefined) {
    throw new AppError('VALIDATION_FAILED', 'stock: A physical product needs its stock.');
  }
  if (input.type === 'digital' && !files.digitalFile?.length) {
    throw new AppError(
      'VALIDATION_FAILED',
      'digitalFile: A digital product needs its file (form field "digitalFile").',
    );
  }
  if (input.type === 'physical' && files.digitalFile?.length) {
    throw new AppError('VALIDATION_FAILED', 'digitalFile: Only a digital product has a file to download.');
  }
  const stored = await storeProductFiles(ctx, actor, files);
  try {
    const row = await insertProduct(ctx.db.db, {
      performerId: actor.id,
      name: input.name,
      description: input.description,
      type: input.type,
      priceCents: toCents(input.price),
      stock: input.type === 'physical' ? (input.stock ?? 0) : null,
      status: input.status,
      imageFileIds: stored.imageIds,
      digitalFileId: stored.digitalFileId,
    });
    return presentOne(ctx, actor, row);
  } catch (err) {
    await discardFiles(ctx, [...stored.imageIds, stored.digitalFileId]);
    throw err;
  }
}

/** Changes a product; new images are appended, `keepImageIds` drops the others, a new digital file replaces the old. */
export async function updateProduct(
  ctx: AppContext,
  options: { actor: Actor; id: string; fields: Record<string, unknown>; files: Record<string, TempUpload[]> },
): Promise<TProduct> {
  const { actor, files } = options;
  const current = await findOwnProduct(ctx, options);
  const input = ZProductUpdate.parse(options.fields);
  if (current.type === 'physical' && files.digitalFile?.length) {
    throw new AppError('VALIDATION_FAILED', 'digitalFile: Only a digital product has a file to download.');
  }
  const kept = input.keepImageIds
    ? current.imageFileIds.filter((id) => input.keepImageIds!.includes(id))
    : current.imageFileIds;
  if (kept.length + (files.image?.length ?? 0) > maxProductImages) {
    throw new AppError('VALIDATION_FAILED', `image: A product may have at most ${maxProductImages} images.`);
  }
  const stored = await storeProductFiles(ctx, actor, files);
  let row: ProductRow;
  try {
    row = await updateProductRow(ctx.db.db, current.id, {
      name: input.name,
      description: input.description,
      priceCents: input.price !== undefined ? toCents(input.price) : undefined,
      stock: current.type === 'physical' ? input.stock : undefined,
      status: input.status,
      imageFileIds: [...kept, ...stored.imageIds],
      digitalFileId: stored.digitalFileId ?? undefined,
    });
  } catch (err) {
    await discardFiles(ctx, [...stored.imageIds, stored.digitalFileId]);
    throw err;
  }
  await discardFiles(ctx, [
    ...current.imageFileIds.filter((id) => !kept.includes(id)),
    stored.digitalFileId ? current.digitalFileId : null,
  ]);
  return presentOne(ctx, actor, row);
}

/** Deletes a product with its images and file. Orders (the money issue) keep their own copy of what was sold. */
export async function deleteProduct(ctx: AppContext, options: { actor: Actor; id: string }): Promise<void> {
  await findOwnProduct(ctx, options);
  await removeProduct(ctx, { id: options.id });
}

/**
 * Deletes a product with its images, likes and comments (orders keep their copy of it), whoever
 * asked (its owner, or a moderator whose `inTransaction` writes the audit row); 404 when gone.
 */
export async function removeProduct(
  ctx: AppContext,
  options: { id: string; inTransaction?: (tx: Transaction) => Promise<void> },
): Promise<void> {
  const row = await findProduct(ctx.db.db, options.id);
  if (!row) throw notFound('That product');
  await ctx.db.db.transaction(async (tx) => {
    await options.inTransaction?.(tx);
    await deleteSocialTraces(tx, 'product', row.id);
    await deleteProductRow(tx, row.id);
  });
  await discardFiles(ctx, [...row.imageFileIds, row.digitalFileId]);
}

export async function getMyProduct(
  ctx: AppContext,
  options: { actor: Actor; id: string },
): Promise<TProduct> {
  return presentOne(ctx, options.actor, await findOwnProduct(ctx, options));
}

export async function searchMyProducts(
  ctx: AppContext,
  options: { actor: Actor; query: TAssetSearchQuery },
): Promise<{ data: TProduct[]; total: number }> {
  const { rows, total } = await searchProducts(ctx.db.db, {
    query: options.query,
    performerId: options.actor.id,
    forFans: false,
  });
  return { data: await presentProducts(ctx, options.actor, rows), total };
}

/** Active products of a creator the actor may see (or of every listed creator). */
export async function searchPublicProducts(
  ctx: AppContext,
  options: { actor: Actor | null; country: string | null; query: TAssetSearchQuery },
): Promise<{ data: TProduct[]; total: number }> {
  const { actor, country, query } = options;
  const performerId = query.performerId
    ? (await findVisiblePerformer(ctx, { actor, country, idOrUsername: query.performerId })).user.id
    : undefined;
  const { rows, total } = await searchProducts(ctx.db.db, {
    query,
    performerId,
    forFans: true,
    geo: { actor, country },
  });
  return { data: await presentProducts(ctx, actor, rows), total };
}

export async function getPublicProduct(
  ctx: AppContext,
  options: { actor: Actor | null; country: string | null; id: string },
): Promise<TProduct> {
  const row = await findProduct(ctx.db.db, options.id);
  const isOwner = row !== null && options.actor?.id === row.performerId;
  if (!row || (row.status !== 'active' && !isOwner)) throw notFound('That product');
  if (isHiddenFrom(row, options.actor, row.performerId)) throw notFound('That product');
  const visible = await filterVisiblePerformerIds(ctx, {
    actor: options.actor,
    country: options.country,
    ids: [row.performerId],
  });
  if (!visible.has(row.performerId)) throw notFound('That product');
  return presentOne(ctx, options.actor, row);
}
