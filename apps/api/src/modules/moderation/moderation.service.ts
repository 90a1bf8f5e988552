import type { TAdminContentItem, TModerationTarget } from '@fanstage/contract';
import type { Transaction } from '@fanstage/db';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/app-error';
import { hiddenStateOf } from '../access/hidden';
import { removeGallery } from '../assets/galleries.service';
import { removePhoto } from '../assets/photos.service';
import { removeProduct } from '../assets/products.service';
import { removeVideo } from '../assets/videos.service';
import { recordAudit } from '../audit/audit';
import type { Actor } from '../auth/sessions';
import { removeComment } from '../comments/comments.service';
import { removeFeed } from '../feeds/feeds.service';
import { queueFanOut, takePostOutOfTimelines } from '../feeds/timeline.service';
import { notify } from '../notifications/notifications.service';
import { findModeratedRows, findPeople, type ModeratedRow, type Person, setHidden } from './moderation.repo';

/*
 * Admins hide, show again or delete any creator's content (business-rules.md "Accounts": the admin
 * runs the site). Each change and its audit row commit together; the owner is told by mail after,
 * and a mail that cannot be sent is logged, never undoes the change.
 */

/** How a person names each kind, for mails and messages. */
export const thingNames: Record<TModerationTarget, string> = {
  feed: 'post',
  photo: 'photo',
  gallery: 'gallery',
  video: 'video',
  product: 'product',
  comment: 'comment',
};

/** Where the owner finds the item (a comment has no page of its own). */
export function contentLink(target: TModerationTarget, id: string): string | null {
  switch (target) {
    case 'feed':
      return `/post/${id}`;
    case 'gallery':
      return `/gallery/${id}`;
    case 'video':
      return `/video/${id}`;
    case 'product':
      return `/product/${id}`;
    case 'photo':
      return '/creator/photos';
    case 'comment':
      return null;
  }
}

const missing: Record<TModerationTarget, string> = {
  feed: 'That post',
  photo: 'That photo',
  gallery: 'That gallery',
  video: 'That video',
  product: 'That product',
  comment: 'That comment',
};

const snippet = (text: string) => (text.length > 120 ? `${text.slice(0, 117)}...` : text);

/** Where an admin opens the item in the app: a comment or photo opens what it belongs to. */
function urlOf(target: TModerationTarget, row: ModeratedRow): string | null {
  const at = (type: string, id: string) =>
    ({ feed: `/post/${id}`, video: `/video/${id}`, gallery: `/gallery/${id}`, product: `/product/${id}` })[
      type
    ] ?? null;
  if (target === 'comment' || target === 'photo')
    return row.parent ? at(row.parent.type, row.parent.id) : null;
  return at(target, row.id);
}

function present(
  target: TModerationTarget,
  row: ModeratedRow,
  people: Map<string, Person>,
): TAdminContentItem {
  const owner = people.get(row.ownerId);
  return {
    target,
    _id: row.id,
    title: snippet(row.title),
    owner: { _id: row.ownerId, name: owner?.name ?? 'Deleted account', username: owner?.username ?? null },
    performerId: row.performerId,
    hidden: hiddenStateOf(row),
    url: urlOf(target, row),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Many items of several kinds as admins see them, in one query per kind present (the reports
 * queue). Items that are gone are absent from the answer.
 */
export async function findContentItems(
  ctx: AppContext,
  wanted: { target: TModerationTarget; id: string }[],
): Promise<Map<string, TAdminContentItem>> {
  const byTarget = new Map<TModerationTarget, string[]>();
  for (const w of wanted) byTarget.set(w.target, [...(byTarget.get(w.target) ?? []), w.id]);
  const found = await Promise.all(
    [...byTarget].map(async ([target, ids]) =>
      (await findModeratedRows(ctx.db.db, target, ids)).map((row) => ({ target, row })),
    ),
  );
  const rows = found.flat();
  const people = await findPeople(
    ctx.db.db,
    rows.map((r) => r.row.ownerId),
  );
  return new Map(rows.map(({ target, row }) => [`${target}:${row.id}`, present(target, row, people)]));
}

/** One item with its owner, for acting on it; 404 in the item's own words when it is gone. */
export async function findContentForModeration(
  ctx: AppContext,
  options: { target: TModerationTarget; id: string },
): Promise<{ row: ModeratedRow; owner: Person | null; creator: Person | null }> {
  const [row] = await findModeratedRows(ctx.db.db, options.target, [options.id]);
  if (!row) throw notFound(missing[options.target]);
  const people = await findPeople(ctx.db.db, [row.ownerId, row.performerId]);
  return { row, owner: people.get(row.ownerId) ?? null, creator: people.get(row.performerId) ?? null };
}

/** `GET /admin/content/{target}/{id}` */
export async function getContentItem(
  ctx: AppContext,
  options: { target: TModerationTarget; id: string },
): Promise<TAdminContentItem> {
  const item = (await findContentItems(ctx, [options])).get(`${options.target}:${options.id}`);
  if (!item) throw notFound(missing[options.target]);
  return item;
}

/**
 * Hides an item from fans, with the reason its owner is told; inside `tx` (the caller's, so a
 * report's closing can share it). 422 when it is hidden already.
 */
export async function hideInTransaction(
  tx: Transaction,
  options: { actor: Actor; target: TModerationTarget; row: ModeratedRow; reason: string; at: Date },
): Promise<void> {
  const { actor, target, row, reason } = options;
  const changed = await setHidden(tx, { target, id: row.id, hide: { at: options.at, reason, by: actor.id } });
  if (!changed) throw new AppError('UNPROCESSABLE', 'This is already hidden.');
  if (target === 'feed') await takePostOutOfTimelines(tx, row.id);
  await recordAudit(tx, {
    actorId: actor.id,
    action: 'content.hide',
    targetType: target,
    targetId: row.id,
    before: { hidden: false },
    after: { hidden: true, ownerId: row.ownerId, title: snippet(row.title) },
    reason,
  });
}

/** `POST /admin/content/{target}/{id}/hide`: gone for fans, kept for the owner with the reason. */
export async function hideContent(
  ctx: AppContext,
  options: { actor: Actor; target: TModerationTarget; id: string; reason: string },
): Promise<TAdminContentItem> {
  const { target } = options;
  const found = await findContentForModeration(ctx, options);
  await ctx.db.db.transaction((tx) =>
    hideInTransaction(tx, { ...options, row: found.row, at: ctx.clock.now() }),
  );
  await tellOwner(ctx, {
    to: found.owner,
    link: contentLink(target, found.row.id),
    subject: `Your ${thingNames[target]} was hidden`,
    text: `An administrator hid your ${thingNames[target]} "${snippet(found.row.title)}" from fans.\n\nReason: ${options.reason}\n\nYou still see it, marked as hidden, with this reason. Fans cannot see or buy it. Reply to this mail if you think this was a mistake.`,
  });
  return getContentItem(ctx, options);
}

/** `POST /admin/content/{target}/{id}/unhide`: fans see it again; 422 when it is not hidden. */
export async function unhideContent(
  ctx: AppContext,
  options: { actor: Actor; target: TModerationTarget; id: string },
): Promise<TAdminContentItem> {
  const { actor, target } = options;
  const found = await findContentForModeration(ctx, options);
  await ctx.db.db.transaction(async (tx) => {
    const changed = await setHidden(tx, { target, id: found.row.id, hide: null });
    if (!changed) throw new AppError('UNPROCESSABLE', 'This is not hidden.');
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'content.unhide',
      targetType: target,
      targetId: found.row.id,
      before: { hidden: true, reason: found.row.hiddenReason },
      after: { hidden: false },
    });
  });
  if (target === 'feed') await queueFanOut(ctx, found.row.id);
  await tellOwner(ctx, {
    to: found.owner,
    link: contentLink(target, found.row.id),
    subject: `Your ${thingNames[target]} is visible again`,
    text: `An administrator made your ${thingNames[target]} "${snippet(found.row.title)}" visible to fans again.`,
  });
  return getContentItem(ctx, options);
}

const removers: Record<
  TModerationTarget,
  (
    ctx: AppContext,
    options: { id: string; inTransaction: (tx: Transaction) => Promise<void> },
  ) => Promise<void>
> = {
  feed: removeFeed,
  photo: removePhoto,
  gallery: removeGallery,
  video: removeVideo,
  product: removeProduct,
  comment: removeComment,
};

/**
 * `DELETE /admin/content/{target}/{id}?reason=`: deletes it as its owner's delete would (files,
 * likes, comments and counters go with it; purchases and orders keep their history), the audit row
 * in the same transaction; the owner is told the reason.
 */
export async function deleteContent(
  ctx: AppContext,
  options: { actor: Actor; target: TModerationTarget; id: string; reason: string },
): Promise<{ target: TModerationTarget; _id: string; deleted: true }> {
  const { actor, target, reason } = options;
  const found = await findContentForModeration(ctx, options);
  await removers[target](ctx, {
    id: found.row.id,
    inTransaction: (tx) =>
      recordAudit(tx, {
        actorId: actor.id,
        action: 'content.delete',
        targetType: target,
        targetId: found.row.id,
        before: {
          title: snippet(found.row.title),
          ownerId: found.row.ownerId,
          hidden: found.row.hiddenAt !== null,
        },
        after: null,
        reason,
      }),
  });
  await tellOwner(ctx, {
    to: found.owner,
    subject: `Your ${thingNames[target]} was removed`,
    text: `An administrator deleted your ${thingNames[target]} "${snippet(found.row.title)}".\n\nReason: ${reason}`,
  });
  return { target, _id: found.row.id, deleted: true };
}

/**
 * Tells the person concerned through the notification centre (their preference decides the mail;
 * a deactivation is always mailed). A failure is logged, the change stands.
 */
export async function tellOwner(
  ctx: AppContext,
  options: {
    to: Person | null;
    subject: string;
    text: string;
    type?: 'content.moderated' | 'account.deactivated';
    link?: string | null;
  },
): Promise<void> {
  if (!options.to) return;
  await notify(ctx, {
    userIds: options.to.id,
    type: options.type ?? 'content.moderated',
    title: options.subject,
    text: options.text,
    link: options.link ?? null,
  });
}

/** Accounts by id (name, address, role), for modules that tell people about a moderation action. */
export const findPeopleByIds = (ctx: AppContext, ids: string[]) => findPeople(ctx.db.db, ids);
