import { type Executor, files, newId } from '@fanstage/db';
import type { AppContext } from '../../context';
import { reencodeImage } from '../../lib/images';

/** An identity document image as it arrives in a multipart body. */
export interface DocumentUpload {
  field: string;
  buffer: Buffer;
  filename: string;
}

/** A document already re-encoded and written to private storage, not yet recorded in `files`. */
export interface StoredDocument {
  key: string;
  field: string;
  filename: string;
  size: number;
  width: number;
  height: number;
}

/**
 * Re-encodes identity document images (metadata stripped, at most 2400 px wide) and writes them
 * under `private/documents/`: they are never served from a public path. Used at creator sign-up
 * and by `POST /performers/documents/upload`.
 */
export async function storeDocumentImages(
  ctx: AppContext,
  documents: DocumentUpload[],
): Promise<StoredDocument[]> {
  const encoded = await Promise.all(
    documents.map(async (d) => ({
      ...d,
      image: await reencodeImage(d.buffer, { width: 2400, quality: 88 }),
    })),
  );
  const stored: StoredDocument[] = [];
  for (const doc of encoded) {
    const key = `private/documents/${newId()}.webp`;
    await ctx.storage.put(key, doc.image.buffer);
    stored.push({
      key,
      field: doc.field,
      filename: doc.filename,
      size: doc.image.buffer.length,
      width: doc.image.width,
      height: doc.image.height,
    });
  }
  return stored;
}

/** Records stored documents as private files of their creator; answers the new file rows. */
export async function insertDocumentFiles(db: Executor, ownerId: string, stored: StoredDocument[]) {
  if (stored.length === 0) return [];
  return db
    .insert(files)
    .values(
      stored.map((s) => ({
        ownerId,
        kind: `performer-document:${s.field}`,
        visibility: 'private' as const,
        storageKey: s.key,
        mimeType: 'image/webp',
        size: s.size,
        width: s.width,
        height: s.height,
        originalName: s.filename.slice(0, 200),
      })),
    )
    .returning({ id: files.id, ownerId: files.ownerId, kind: files.kind, createdAt: files.createdAt });
}

/** Removes stored bytes whose database rows were never written (the transaction failed). */
export async function discardStoredDocuments(ctx: AppContext, stored: StoredDocument[]): Promise<void> {
  await Promise.all(stored.map((s) => ctx.storage.remove(s.key)));
}
