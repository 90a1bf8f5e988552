import type { TModerationTarget } from '@fanstage/contract';
import {
  and,
  comments,
  type Executor,
  eq,
  feeds,
  galleries,
  inArray,
  isNotNull,
  isNull,
  photos,
  products,
  sql,
  users,
  videos,
} from '@fanstage/db';

/** One moderated item as the admin screens and the owner's mail name it. */
export interface ModeratedRow {
  id: string;
  title: string;
  /** Who posted it: the creator, or a comment's author. */
  ownerId: string;
  /** The creator on whose page it shows (the owner, except for a fan's comment). */
  performerId: string;
  /** For a comment: what it is on; for a photo: its gallery. */
  parent: { type: 'feed' | 'video' | 'gallery' | 'product'; id: string } | null;
  hiddenAt: Date | null;
  hiddenReason: string | null;
  createdAt: Date;
}

const tables = { feed: feeds, photo: photos, gallery: galleries, video: videos, product: products } as const;

/** The columns each kind names itself with: a post by its text (or public line), a product by its name. */
const titleOf = {
  feed: sql<string>`coalesce(nullif(${feeds.text}, ''), nullif(${feeds.previewText}, ''), 'Post')`,
  photo: sql<string>`coalesce(nullif(${photos.title}, ''), 'Photo')`,
  gallery: sql<string>`${galleries.title}`,
  video: sql<string>`${videos.title}`,
  product: sql<string>`${products.name}`,
};

/** The items of one kind by id, in one query (missing ids are simply absent). */
export async function findModeratedRows(
  db: Executor,
  target: TModerationTarget,
  ids: string[],
): Promise<ModeratedRow[]> {
  if (ids.length === 0) return [];
  if (target === 'comment') {
    const rows = await db
      .select({
        id: comments.id,
        text: comments.text,
        ownerId: comments.userId,
        objectType: comments.objectType,
        objectId: comments.objectId,
        hiddenAt: comments.hiddenAt,
        hiddenReason: comments.hiddenReason,
        createdAt: comments.createdAt,
        performerId: sql<string | null>`coalesce(
          (select ${feeds.performerId} from ${feeds} where ${comments.objectType} = 'feed' and ${feeds.id} = ${comments.objectId}),
          (select ${videos.performerId} from ${videos} where ${comments.objectType} = 'video' and ${videos.id} = ${comments.objectId}),
          (select ${galleries.performerId} from ${galleries} where ${comments.objectType} = 'gallery' and ${galleries.id} = ${comments.objectId}),
          (select ${products.performerId} from ${products} where ${comments.objectType} = 'product' and ${products.id} = ${comments.objectId}))`,
      })
      .from(comments)
      .where(inArray(comments.id, ids));
    return rows.map((r) => ({
      id: r.id,
      title: r.text,
      ownerId: r.ownerId,
      performerId: r.performerId ?? r.ownerId,
      parent: { type: r.objectType, id: r.objectId },
      hiddenAt: r.hiddenAt,
      hiddenReason: r.hiddenReason,
      createdAt: r.createdAt,
    }));
  }
  const table = tables[target];
  const rows = await db
    .select({
      id: table.id,
      title: titleOf[target],
      performerId: table.performerId,
      galleryId: target === 'photo' ? photos.galleryId : sql<string | null>`null`,
      hiddenAt: table.hiddenAt,
      hiddenReason: table.hiddenReason,
      createdAt: table.createdAt,
    })
    .from(table)
    .where(inArray(table.id, ids));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    ownerId: r.performerId,
    performerId: r.performerId,
    parent: r.galleryId ? { type: 'gallery' as const, id: r.galleryId } : null,
    hiddenAt: r.hiddenAt,
    hiddenReason: r.hiddenReason,
    createdAt: r.createdAt,
  }));
}

const hideable = { ...tables, comment: comments } as const;

/**
 * Hides an item that is not hidden yet; answers whether it did (false: missing or already hidden).
 * `null` shows an item that is hidden again (false: missing or not hidden).
 */
export async function setHidden(
  db: Executor,
  options: {
    target: TModerationTarget;
    id: string;
    hide: { at: Date; reason: string; by: string } | null;
  },
): Promise<boolean> {
  const table = hideable[options.target];
  const { hide } = options;
  const rows = await db
    .update(table)
    .set(
      hide
        ? { hiddenAt: hide.at, hiddenReason: hide.reason, hiddenBy: hide.by }
        : { hiddenAt: null, hiddenReason: null, hiddenBy: null },
    )
    .where(and(eq(table.id, options.id), hide ? isNull(table.hiddenAt) : isNotNull(table.hiddenAt)))
    .returning({ id: table.id });
  return rows.length > 0;
}

/** Name, address and role of the accounts concerned (owners, creators), by id. */
export async function findPeople(db: Executor, ids: string[]) {
  if (ids.length === 0) return new Map<string, Person>();
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      username: users.username,
      email: users.email,
      role: users.role,
    })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map<string, Person>(rows.map((r) => [r.id, r]));
}

export interface Person {
  id: string;
  name: string;
  username: string | null;
  email: string | null;
  role: 'user' | 'performer' | 'admin';
}
