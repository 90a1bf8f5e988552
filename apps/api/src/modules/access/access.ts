import { blockedByCreatorMessage } from '@fanstage/contract';
import {
  comments,
  type Executor,
  eq,
  feedFiles,
  feeds,
  files,
  galleries,
  inArray,
  photos,
  products,
  sql,
  videos,
} from '@fanstage/db';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { Actor } from '../auth/sessions';
import { filterVisiblePerformerIds } from '../performers/performers.access';
import { blockedBy } from './blocks';
import { type AccessDecision, decideContentAccess, type GatedItem } from './content-access';

/*
 * The access module's one question: may this actor do this action to these ids? Answered in bulk
 * (a fixed number of queries whatever the number of ids) from the rules the domain gates share:
 * the creator gate (listed, country, block: performers.access.ts), the content gate (subscription,
 * purchase: content-access.ts), the block rule (blocks.ts) and the hidden rule (hidden.ts), with the
 * owner's and the admin's rights written once, here. A refusal carries the status and sentence a
 * route answers with; missing and not-yours are the same 404, so ids are never confirmed.
 */

export type AccessResource = 'performer' | 'feed' | 'video' | 'gallery' | 'photo' | 'product' | 'comment';

/** What an actor may want to do; each resource accepts the actions that make sense for it. */
export type AccessAction =
  /** See it at all (a locked card included). */
  | 'see'
  /** See what is sold or for subscribers (the media, the text). */
  | 'unlock'
  | 'react'
  | 'comment'
  | 'report'
  | 'edit'
  | 'delete'
  | 'buy'
  // Things done to a creator:
  | 'follow'
  | 'message'
  | 'subscribe'
  | 'tip'
  | 'join-stream'
  | 'request-show'
  | 'call';

export type Verdict =
  | { allowed: true; ownerId: string; performerId: string; unlocked: boolean }
  | { allowed: false; status: 401 | 403 | 404 | 422; message: string };

const creatorActions = new Set<AccessAction>([
  'see',
  'react',
  'report',
  'follow',
  'message',
  'subscribe',
  'tip',
  'join-stream',
  'request-show',
  'call',
]);
const contentActions = new Set<AccessAction>([
  'see',
  'unlock',
  'react',
  'comment',
  'report',
  'edit',
  'delete',
  'buy',
]);

const names: Record<AccessResource, string> = {
  performer: 'That creator',
  feed: 'That post',
  video: 'That video',
  gallery: 'That gallery',
  photo: 'That photo',
  product: 'That product',
  comment: 'That comment',
};

/** How a creator-directed action is named when it is refused to oneself. */
const selfWords: Partial<Record<AccessAction, string>> = {
  react: 'You cannot like or bookmark yourself.',
  report: 'You cannot report your own content.',
  follow: 'You cannot follow yourself.',
  message: 'You cannot message yourself.',
  subscribe: 'You cannot subscribe to yourself.',
  tip: 'You cannot tip yourself.',
  'join-stream': 'This is your own show.',
  'request-show': 'You cannot request a show from yourself.',
  call: 'You cannot call yourself.',
};

const unauthenticated: Verdict = { allowed: false, status: 401, message: 'Please log in to continue.' };
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const missing = (resource: AccessResource): Verdict => ({
  allowed: false,
  status: 404,
  message: `${names[resource]} was not found.`,
});

/** What the rules need of one item, whatever its domain. */
export interface ItemFacts {
  id: string;
  /** Who posted it: the creator, or a comment's author. */
  ownerId: string;
  /** The creator whose page it is on. */
  performerId: string;
  /** Published, active and ready as the creator left it (drafts, scheduled, failed: false). */
  isPublished: boolean;
  hiddenAt: Date | null;
  /** How the content gate sees it; null when everyone who sees it may see all of it (a product). */
  gate: GatedItem | null;
  isForSale: boolean;
  /** For a comment: what it is on (the comment is seen by those who may unlock that). */
  parent?: { resource: 'feed' | 'video' | 'gallery' | 'product'; id: string };
}

/** The facts of many items of one kind, one query. */
export async function loadItemFacts(
  db: Executor,
  resource: Exclude<AccessResource, 'performer'>,
  ids: string[],
  now: Date,
): Promise<Map<string, ItemFacts>> {
  const out = new Map<string, ItemFacts>();
  if (ids.length === 0) return out;
  const gate = (
    id: string,
    type: GatedItem['type'],
    ownerId: string,
    isSale: boolean,
    priceCents: number,
  ) => ({
    id,
    type,
    ownerId,
    isSale,
    priceCents,
  });
  switch (resource) {
    case 'feed': {
      const rows = await db
        .select({
          id: feeds.id,
          performerId: feeds.performerId,
          isSale: feeds.isSale,
          priceCents: feeds.priceCents,
          hiddenAt: feeds.hiddenAt,
          isPublished: sql<boolean>`(${feeds.publishedAt} <= ${now} and not exists (select 1 from ${feedFiles} join ${files} on ${files.id} = ${feedFiles.fileId} where ${feedFiles.feedId} = ${feeds.id} and ${files.status} = 'failed'))`,
        })
        .from(feeds)
        .where(inArray(feeds.id, ids));
      for (const r of rows) {
        out.set(r.id, {
          id: r.id,
          ownerId: r.performerId,
          performerId: r.performerId,
          isPublished: r.isPublished,
          hiddenAt: r.hiddenAt,
          gate: gate(r.id, 'feed', r.performerId, r.isSale, r.priceCents),
          isForSale: r.isSale && r.priceCents > 0,
        });
      }
      return out;
    }
    case 'video': {
      const rows = await db
        .select({
          id: videos.id,
          performerId: videos.performerId,
          isSale: videos.isSale,
          priceCents: videos.priceCents,
          hiddenAt: videos.hiddenAt,
          status: videos.status,
          fileStatus: files.status,
        })
        .from(videos)
        .innerJoin(files, eq(files.id, videos.fileId))
        .where(inArray(videos.id, ids));
      for (const r of rows) {
        out.set(r.id, {
          id: r.id,
          ownerId: r.performerId,
          performerId: r.performerId,
          isPublished: r.status === 'active' && r.fileStatus === 'ready',
          hiddenAt: r.hiddenAt,
          gate: gate(r.id, 'video', r.performerId, r.isSale, r.priceCents),
          isForSale: r.isSale && r.priceCents > 0,
        });
      }
      return out;
    }
    case 'gallery': {
      const rows = await db.select().from(galleries).where(inArray(galleries.id, ids));
      for (const r of rows) {
        out.set(r.id, {
          id: r.id,
          ownerId: r.performerId,
          performerId: r.performerId,
          isPublished: r.status === 'active',
          hiddenAt: r.hiddenAt,
          gate: gate(r.id, 'gallery', r.performerId, r.isSale, r.priceCents),
          isForSale: r.isSale && r.priceCents > 0,
        });
      }
      return out;
    }
    case 'photo': {
      const rows = await db
        .select({
          id: photos.id,
          performerId: photos.performerId,
          hiddenAt: photos.hiddenAt,
          galleryId: galleries.id,
          galleryHiddenAt: galleries.hiddenAt,
          galleryStatus: galleries.status,
          isSale: galleries.isSale,
          priceCents: galleries.priceCents,
        })
        .from(photos)
        .innerJoin(galleries, eq(galleries.id, photos.galleryId))
        .where(inArray(photos.id, ids));
      for (const r of rows) {
        out.set(r.id, {
          id: r.id,
          ownerId: r.performerId,
          performerId: r.performerId,
          isPublished: r.galleryStatus === 'active',
          // A photo of a hidden gallery is hidden with it.
          hiddenAt: r.hiddenAt ?? r.galleryHiddenAt,
          gate: {
            ...gate(r.id, 'photo', r.performerId, r.isSale, r.priceCents),
            unlockedBy: { type: 'gallery', id: r.galleryId },
          },
          // Photos are sold with their gallery.
          isForSale: false,
        });
      }
      return out;
    }
    case 'product': {
      const rows = await db
        .select({
          id: products.id,
          performerId: products.performerId,
          status: products.status,
          hiddenAt: products.hiddenAt,
          priceCents: products.priceCents,
        })
        .from(products)
        .where(inArray(products.id, ids));
      for (const r of rows) {
        out.set(r.id, {
          id: r.id,
          ownerId: r.performerId,
          performerId: r.performerId,
          isPublished: r.status === 'active',
          hiddenAt: r.hiddenAt,
          gate: null,
          isForSale: r.priceCents > 0,
        });
      }
      return out;
    }
    case 'comment': {
      const rows = await db
        .select({
          id: comments.id,
          userId: comments.userId,
          objectType: comments.objectType,
          objectId: comments.objectId,
          hiddenAt: comments.hiddenAt,
        })
        .from(comments)
        .where(inArray(comments.id, ids));
      for (const r of rows) {
        out.set(r.id, {
          id: r.id,
          ownerId: r.userId,
          // Filled from the parent by `decideAccess`.
          performerId: '',
          isPublished: true,
          hiddenAt: r.hiddenAt,
          gate: null,
          isForSale: false,
          parent: { resource: r.objectType, id: r.objectId },
        });
      }
      return out;
    }
  }
}

/**
 * The rule for one content item, given the facts and what the actor holds. Pure, so the whole
 * matrix of roles and actions is tested on its own.
 */
export function decideItem(
  actor: Pick<Actor, 'id' | 'role'> | null,
  action: AccessAction,
  resource: Exclude<AccessResource, 'performer'>,
  facts: ItemFacts | undefined,
  held: { creatorVisible: boolean; gate: AccessDecision | null; parentUnlocked?: boolean },
): Verdict {
  if (!facts) return missing(resource);
  const ok = (unlocked: boolean): Verdict => ({
    allowed: true,
    ownerId: facts.ownerId,
    performerId: facts.performerId,
    unlocked,
  });
  const isOwner = actor?.id === facts.ownerId;
  const isCreator = actor?.id === facts.performerId;
  const isAdmin = actor?.role === 'admin';
  if (action === 'edit') return isOwner ? ok(true) : missing(resource);
  if (action === 'delete') {
    // A comment may also be deleted by the creator whose page it is on; admins delete anything.
    return isOwner || isAdmin || (resource === 'comment' && isCreator) ? ok(true) : missing(resource);
  }
  // A comment goes with what it is on: whoever may not open that does not find the comment either.
  if (!isAdmin && held.parentUnlocked === false) return missing(resource);
  if (isOwner) {
    if (action === 'buy') return { allowed: false, status: 422, message: 'You cannot buy your own content.' };
    if (action === 'report' && resource !== 'comment') {
      return { allowed: false, status: 422, message: 'You cannot report your own content.' };
    }
    return ok(true);
  }
  if (!isAdmin) {
    if (facts.hiddenAt !== null || !facts.isPublished || !held.creatorVisible) return missing(resource);
  }
  const unlocked = isAdmin || (held.gate ? held.gate.canView : true);
  if (!actor && action !== 'see' && action !== 'unlock') return unauthenticated;
  switch (action) {
    case 'unlock':
    case 'comment':
      if (unlocked) return ok(true);
      return {
        allowed: false,
        status: 403,
        message: 'Subscribe to this creator or buy this item to see and write comments.',
      };
    case 'buy':
      if (isAdmin) return { allowed: false, status: 422, message: 'Administrators do not buy content.' };
      if (!facts.isForSale) return { allowed: false, status: 422, message: 'This is not for sale.' };
      return ok(unlocked);
    case 'see':
    case 'react':
    case 'report':
      return ok(unlocked);
    default:
      return { allowed: false, status: 422, message: 'That cannot be done to this.' };
  }
}

/** The rule for one creator-directed action, given whether the creator is visible and blocks the actor. */
export function decideCreator(
  actor: Pick<Actor, 'id' | 'role'> | null,
  action: AccessAction,
  performerId: string,
  held: { visible: boolean; blocksActor: boolean },
): Verdict {
  if (!held.visible) return missing('performer');
  if (held.blocksActor) return { allowed: false, status: 403, message: blockedByCreatorMessage };
  if (!actor) {
    return action === 'see'
      ? { allowed: true, ownerId: performerId, performerId, unlocked: false }
      : unauthenticated;
  }
  if (actor.id === performerId && action !== 'see') {
    return { allowed: false, status: 422, message: selfWords[action] ?? 'You cannot do that to yourself.' };
  }
  return { allowed: true, ownerId: performerId, performerId, unlocked: true };
}

/**
 * May this actor do `action` to each of these ids of `resource`? One verdict per id asked (unknown
 * ids answer 404). Queries: the items' facts (one), the creator gate (at most three), the content
 * gate (at most three), and for comments the same for the items they are on.
 */
export async function decideAccess(
  ctx: AppContext,
  options: {
    actor: Actor | null;
    /** The request's country (`countryOf`); null where no visitor's address is involved. */
    country: string | null;
    action: AccessAction;
    resource: AccessResource;
    ids: string[];
  },
): Promise<Map<string, Verdict>> {
  const { actor, country, action, resource } = options;
  const ids = [...new Set(options.ids)];
  const verdicts = new Map<string, Verdict>();
  if (ids.length === 0) return verdicts;
  const wrong = { allowed: false, status: 422, message: 'That cannot be done to this.' } as const;
  if (resource === 'performer') {
    if (!creatorActions.has(action)) {
      for (const id of ids) verdicts.set(id, wrong);
      return verdicts;
    }
    const uuids = ids.filter((id) => uuidPattern.test(id));
    // Visible except for the block (which answers 403 here, where the gate leaves the creator out).
    const [visible, blocking] = await Promise.all([
      filterVisiblePerformerIds(ctx, { actor, country, ids: uuids }),
      actor && actor.role !== 'admin'
        ? blockedBy(ctx, { fanId: actor.id, performerIds: uuids })
        : Promise.resolve(new Set<string>()),
    ]);
    for (const id of ids) {
      verdicts.set(
        id,
        decideCreator(actor, action, id, {
          visible: visible.has(id) || blocking.has(id),
          blocksActor: blocking.has(id),
        }),
      );
    }
    return verdicts;
  }
  if (!contentActions.has(action)) {
    for (const id of ids) verdicts.set(id, wrong);
    return verdicts;
  }
  const now = ctx.clock.now();
  const facts = await loadItemFacts(ctx.db.db, resource, ids, now);
  // A comment is seen by those who may unlock what it is on: decide the parents first, by kind.
  const parentVerdicts = new Map<string, Verdict>();
  if (resource === 'comment') {
    const byKind = new Map<'feed' | 'video' | 'gallery' | 'product', string[]>();
    for (const f of facts.values()) {
      if (f.parent) byKind.set(f.parent.resource, [...(byKind.get(f.parent.resource) ?? []), f.parent.id]);
    }
    await Promise.all(
      [...byKind].map(async ([kind, parentIds]) => {
        const decided = await decideAccess(ctx, {
          actor,
          country,
          action: 'unlock',
          resource: kind,
          ids: parentIds,
        });
        for (const [id, verdict] of decided) parentVerdicts.set(`${kind}:${id}`, verdict);
      }),
    );
    for (const f of facts.values()) {
      const parent = f.parent ? parentVerdicts.get(`${f.parent.resource}:${f.parent.id}`) : undefined;
      if (parent?.allowed) f.performerId = parent.performerId;
    }
  }
  const performerIds = [...new Set([...facts.values()].map((f) => f.performerId).filter(Boolean))];
  const gated = [...facts.values()].flatMap((f) => (f.gate ? [f.gate] : []));
  const [visible, gate] = await Promise.all([
    resource === 'comment'
      ? Promise.resolve(new Set(performerIds))
      : filterVisiblePerformerIds(ctx, { actor, country, ids: performerIds }),
    gated.length > 0
      ? // The creator gate above already left out creators who blocked the actor: no second look-up.
        decideContentAccess(ctx, { actor, items: gated, isBlocked: async () => new Set<string>() })
      : Promise.resolve(new Map<string, AccessDecision>()),
  ]);
  for (const id of ids) {
    const f = facts.get(id);
    const parent = f?.parent ? parentVerdicts.get(`${f.parent.resource}:${f.parent.id}`) : undefined;
    verdicts.set(
      id,
      decideItem(actor, action, resource, f, {
        creatorVisible: f ? visible.has(f.performerId) : false,
        gate: (f && gate.get(f.id)) ?? null,
        parentUnlocked: f?.parent ? parent?.allowed === true : undefined,
      }),
    );
  }
  return verdicts;
}

const codes = { 401: 'UNAUTHENTICATED', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 422: 'UNPROCESSABLE' } as const;

/** One id: the verdict when allowed, else the refusal thrown as the route's answer. */
export async function assertAccess(
  ctx: AppContext,
  options: {
    actor: Actor | null;
    country: string | null;
    action: AccessAction;
    resource: AccessResource;
    id: string;
  },
): Promise<Extract<Verdict, { allowed: true }>> {
  const verdict = (await decideAccess(ctx, { ...options, ids: [options.id] })).get(options.id)!;
  if (!verdict.allowed) throw new AppError(codes[verdict.status], verdict.message);
  return verdict;
}
