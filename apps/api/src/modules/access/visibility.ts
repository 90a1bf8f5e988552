import { files, performerProfiles, purchases, sql, subscriptions, users } from '@fanstage/db';
import type { AnyColumn, SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Actor } from '../auth/sessions';
import type { ContentType } from './content-access';
import { creatorListedForViewer, type GeoViewer, geoVisibleCondition } from './geo';

/*
 * Visibility in bulk, as SQL (STYLE habit 14): the same rules as the creator gate
 * (performers.access.ts), the hidden rule (hidden.ts), the content gate (content-access.ts) and the
 * item rule of `decideItem` (access.ts), written as conditions a content module adds to the one
 * query that reads a page of its items. "Which of these ids may this actor see" and "the cards
 * for these ids" are then one statement each, whatever the number of ids; nothing is presented
 * to find out whether it throws. The modules' `*.cards.ts` files build on these.
 */

/** What a bookmark (or any small reference to an item) shows; only visible items have one. */
export interface ContentCard {
  id: string;
  /** The creator who owns it. */
  ownerId: string;
  title: string;
  performer: { _id: string; name: string; username: string | null } | null;
  /** A thumbnail URL for viewers with access; a blurred preview (data: URI) or default otherwise. */
  thumbnail: string | null;
  /** Whether the actor may see the content itself (a locked item's card is still shown). */
  canView: boolean;
}

/** What a visible item is, for the actor: its owner and whether the gate opens it. */
export interface VisibleItem {
  ownerId: string;
  canView: boolean;
}

/** The arguments of a module's bulk functions. */
export interface BulkViewer {
  actor: Pick<Actor, 'id' | 'role'> | null;
  /** The request's country (`countryOf`); null where no visitor's address is involved. */
  country: string | null;
}

// Aliased: the outer query may read `users` itself (a creator's card), which must not be shadowed.
const visUser = alias(users, 'vis_user');
const visProfile = alias(performerProfiles, 'vis_profile');

const isAdmin = (actor: BulkViewer['actor']) => actor?.role === 'admin';

/**
 * The creator gate as a condition on a creator id (a column): listed (an active, verified creator),
 * not hidden from the viewer's country, not blocking the viewer; the creator always sees themself;
 * admins see every creator who has a profile. Same rule as `filterVisiblePerformerIds`.
 */
export function creatorVisibleSql(
  viewer: BulkViewer,
  performerId: AnyColumn | SQL,
  options: { withBlocks?: boolean } = {},
): SQL {
  const { actor } = viewer;
  if (isAdmin(actor)) {
    return sql`exists (select 1 from ${performerProfiles} ${visProfile} where ${visProfile.userId} = ${performerId})`;
  }
  const listed = sql`exists (select 1 from ${users} ${visUser} join ${performerProfiles} ${visProfile} on ${visProfile.userId} = ${visUser.id} where ${visUser.id} = ${performerId} and ${visUser.role} = 'performer' and ${visUser.status} = 'active' and ${visProfile.documentsVerifiedAt} is not null)`;
  // Without blocks: for the actions that answer a block with its own 403 (access.ts `decideCreator`).
  const rules =
    options.withBlocks === false
      ? geoVisibleCondition(viewer as GeoViewer, performerId)
      : creatorListedForViewer(viewer as GeoViewer, performerId);
  const visible = rules ? sql`(${listed} and ${rules})` : listed;
  return actor?.role === 'performer' ? sql`(${performerId} = ${actor.id} or ${visible})` : visible;
}

/**
 * An item the actor may see at all (a locked card included), as `decideItem` rules for "see": its
 * owner always; admins always; anyone else when it is published, not hidden and its creator is
 * visible to them.
 */
export function itemVisibleSql(
  viewer: BulkViewer,
  item: { performerId: AnyColumn; hiddenAt: AnyColumn; isPublished: SQL },
): SQL {
  const { actor } = viewer;
  if (isAdmin(actor)) return sql`true`;
  const rule = sql`(${item.hiddenAt} is null and ${item.isPublished} and ${creatorVisibleSql(viewer, item.performerId)})`;
  return actor ? sql`(${item.performerId} = ${actor.id} or ${rule})` : rule;
}

/**
 * The content gate (`decideOne`) as a boolean expression for one visible item: owner and admin
 * open; not for sale: an active subscription; for sale at zero: any logged-in fan; above zero: a
 * purchase of `unlockedBy`. A visible item's creator never blocks the viewer (the creator gate
 * left those out), so the block rule needs no term here.
 */
export function unlockedSql(
  viewer: BulkViewer & { now: Date },
  item: {
    performerId: AnyColumn;
    isSale: AnyColumn | SQL;
    priceCents: AnyColumn | SQL;
    unlockedBy: { type: ContentType; id: AnyColumn };
  },
): SQL {
  const { actor } = viewer;
  if (!actor) return sql`false`;
  if (isAdmin(actor)) return sql`true`;
  const subscribed = sql`exists (select 1 from ${subscriptions} where ${subscriptions.fanId} = ${actor.id} and ${subscriptions.performerId} = ${item.performerId} and ${subscriptions.expiredAt} > ${viewer.now})`;
  const bought = sql`exists (select 1 from ${purchases} where ${purchases.fanId} = ${actor.id} and ${purchases.targetType} = ${item.unlockedBy.type} and ${purchases.targetId} = ${item.unlockedBy.id})`;
  return sql`(${item.performerId} = ${actor.id} or case when not ${item.isSale} then ${subscribed} when ${item.priceCents} <= 0 then true else ${bought} end)`;
}

/** The fields of a file a card's thumbnail needs, as one JSON object (null when there is no file). */
export const cardFileJson = (fileId: AnyColumn | SQL): SQL =>
  sql`(select json_build_object('kind', ${files.kind}, 'status', ${files.status}, 'variants', ${files.variants}, 'preview', ${files.preview}) from ${files} where ${files.id} = ${fileId})`;

/** A file as `cardFileJson` gives it. */
export interface CardFile {
  kind: string;
  status: string;
  variants: { thumbnail?: { key: string }; posters?: { key: string }[] } | null;
  preview: string | null;
}

/**
 * A media item's small image, as its presenter would show it (`presentMedia(...).urls.thumbnail ??
 * preview`): the signed thumbnail when the viewer may see it and it is ready, else the preview.
 */
export function cardThumbnailOf(
  file: CardFile | null,
  options: { canView: boolean; sign: (key: string) => string },
): string | null {
  if (!file) return null;
  const key = file.variants?.thumbnail?.key;
  if (options.canView && file.status === 'ready' && key) return options.sign(key);
  return file.preview ?? null;
}

/** Shortens a text to what a card shows. */
export const cardSnippet = (text: string) => (text.length > 120 ? `${text.slice(0, 117)}...` : text);
