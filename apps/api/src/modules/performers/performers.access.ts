import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/app-error';
import { blockedBy, blockedByCreator } from '../access/blocks';
import { hiddenForCountry } from '../access/geo';
import type { Actor } from '../auth/sessions';
import {
  findExistingPerformerIds,
  findListedIds,
  findPerformer,
  findPerformerProfileRow,
  findViewerState,
  type PerformerProfileRow,
  type PerformerRow,
  type ViewerState,
} from './performers.repo';

/*
 * The one gate for "may this actor see this creator". Listed creators (active, documents verified
 * by an admin) are visible to everyone; a creator always sees their own profile; admins see every
 * one. Anyone else gets the same 404 as for a creator who does not exist. A creator who blocked the
 * viewer's country (modules/access/geo.ts) is missing to that viewer in the same way. A fan the
 * creator blocked gets 403 "You have been blocked by this creator." for that creator and everything
 * reached through them (follow, subscribe, tip, message, call), and their single items are hidden.
 * Lists of creators use `listedCondition` from performers.repo.ts and `geoVisibleCondition`, the
 * same rules in SQL.
 */

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Active and verified: shown in search, top, random and to every visitor. */
export const isListedPerformer = (row: Pick<PerformerRow, 'user' | 'profile'>): boolean =>
  row.user.role === 'performer' && row.user.status === 'active' && row.profile.documentsVerifiedAt !== null;

/** The rule itself, for a creator row already read. */
export const canSeePerformer = (actor: Actor | null, row: Pick<PerformerRow, 'user' | 'profile'>): boolean =>
  isListedPerformer(row) || actor?.id === row.user.id || actor?.role === 'admin';

/**
 * A creator by id or username, with the viewer's follow state, when the actor may see them;
 * otherwise 404 "That creator was not found.", or 403 when the creator blocked the actor. Other
 * modules call this before touching a creator.
 */
export async function findVisiblePerformer(
  ctx: AppContext,
  options: {
    actor: Actor | null;
    /** The request's country (`countryOf`); null where no visitor's address is involved. */
    country: string | null;
    idOrUsername: string;
  },
): Promise<PerformerRow> {
  const key = options.idOrUsername;
  const viewerId = options.actor?.id ?? null;
  const row = uuidPattern.test(key)
    ? await findPerformer(ctx.db, { id: key, viewerId })
    : await findPerformer(ctx.db, { username: key, viewerId });
  if (!row || !canSeePerformer(options.actor, row)) throw notFound('That creator');
  const hidden = await hiddenForCountry(ctx, {
    viewer: { actor: options.actor, country: options.country },
    performerIds: [row.user.id],
  });
  if (hidden.size > 0) throw notFound('That creator');
  if (row.isBlockingViewer && options.actor?.role !== 'admin' && options.actor?.id !== row.user.id) {
    throw blockedByCreator();
  }
  return row;
}

/**
 * The same gate for the profile page, in the one statement that reads the whole profile
 * (`findPerformerProfileRow`: counts, welcome video and the country rule come with the row).
 */
export async function findVisiblePerformerProfile(
  ctx: AppContext,
  options: { actor: Actor | null; country: string | null; idOrUsername: string },
): Promise<PerformerProfileRow> {
  const key = options.idOrUsername;
  const query = {
    viewer: { actor: options.actor, country: options.country },
    now: ctx.clock.now(),
  };
  const row = uuidPattern.test(key)
    ? await findPerformerProfileRow(ctx.db, { ...query, id: key })
    : await findPerformerProfileRow(ctx.db, { ...query, username: key });
  if (!row || !canSeePerformer(options.actor, row)) throw notFound('That creator');
  if (row.isGeoHidden && options.actor?.id !== row.user.id) throw notFound('That creator');
  if (row.isBlockingViewer && options.actor?.role !== 'admin' && options.actor?.id !== row.user.id) {
    throw blockedByCreator();
  }
  return row;
}

/**
 * A fan's own state toward a creator whose public profile they may see (the node keeps that part;
 * performers.service.ts): follow and free subscription, or 403 when the creator blocked them.
 */
export async function findFanState(
  ctx: AppContext,
  options: { actor: Actor; performerId: string },
): Promise<ViewerState> {
  const state = await findViewerState(ctx.db, {
    viewerId: options.actor.id,
    performerId: options.performerId,
  });
  if (state.isBlockingViewer) throw blockedByCreator();
  return state;
}

/**
 * Which of these creator ids the actor may see (for modules that handle many at once): creators
 * who blocked the actor are left out, so their items answer as missing.
 */
export async function filterVisiblePerformerIds(
  ctx: AppContext,
  options: { actor: Actor | null; country: string | null; ids: string[] },
): Promise<Set<string>> {
  const { actor } = options;
  const ids = [...new Set(options.ids.filter((id) => uuidPattern.test(id)))];
  if (actor?.role === 'admin') return new Set(await findExistingPerformerIds(ctx.db.db, ids));
  const [listed, hidden, blocking] = await Promise.all([
    findListedIds(ctx.db.db, ids),
    hiddenForCountry(ctx, { viewer: { actor, country: options.country }, performerIds: ids }),
    actor ? blockedBy(ctx, { fanId: actor.id, performerIds: ids }) : new Set<string>(),
  ]);
  const visible = new Set(listed.filter((id) => !hidden.has(id) && !blocking.has(id)));
  if (actor && ids.includes(actor.id) && actor.role === 'performer') visible.add(actor.id);
  return visible;
}

/** Only creators have a creator profile, uploads and followers; fans and admins get 403. */
export function assertCreator(actor: Actor): void {
  if (actor.role !== 'performer') {
    throw new AppError('FORBIDDEN', 'Only creators can do this.');
  }
}

/** preHandler: a logged-in, active creator (checked before an upload body is read). */
export async function requireCreator(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.actor) throw new AppError('UNAUTHENTICATED', 'Please log in to continue.');
  if (request.actor.status !== 'active') throw new AppError('ACCOUNT_INACTIVE', 'Your account is inactive.');
  assertCreator(request.actor);
}
