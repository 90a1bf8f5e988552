import { and, eq, inArray, performerBlockedCountries, siteBlockedCountries, sql } from '@fanstage/db';
import type { AnyColumn, SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { loadGeoDatabase } from '../../lib/geoip';
import type { Param } from '../../lib/prepared';
import type { Actor } from '../auth/sessions';
import { notBlockingViewerCondition } from './blocks';

/*
 * The one gate for geo-blocking (business-rules.md "Blocking and geo-blocking"). A request's
 * country comes from its client IP (`request.ip`: the socket's address, or the one a trusted proxy
 * names, see TRUST_PROXY) through the bundled DB-IP database. Unknown and private addresses have no
 * country and are never blocked.
 *
 * - A creator's blocked countries hide the creator from visitors of those countries everywhere.
 *   Single look-ups use `hiddenForCountry`; lists add `geoVisibleCondition` to their SQL so a page
 *   stays full. The creator is never hidden from themselves; admins see everyone.
 * - The site-wide list (admin) closes the whole site: see `isSiteBlocked`.
 */

/** Who is looking, as far as geo rules care: the account (if any) and the request's country. */
export interface GeoViewer {
  actor: Actor | null;
  /** ISO 3166-1 alpha-2 of the client IP, or null (unknown, private, or no blocks anywhere). */
  country: string | null;
}

/** How long a node trusts its copy of the site list and the "any creator blocks" flag. */
const cacheMs = 5_000;

interface GeoState {
  at: number;
  siteCountries: Set<string>;
  /** Whether any creator blocked any country: without, the database is not even loaded. */
  hasCreatorBlocks: boolean;
}

const stateByContext = new WeakMap<AppContext, Promise<GeoState>>();
/** The last state read, once it arrived: lets a request of a site with no blocks pass without a promise. */
const settledByContext = new WeakMap<AppContext, GeoState>();

async function readState(ctx: AppContext): Promise<GeoState> {
  const [site, creator] = await Promise.all([
    ctx.db.db
      .select({ code: siteBlockedCountries.countryCode })
      .from(siteBlockedCountries)
      .orderBy(siteBlockedCountries.countryCode),
    ctx.db.db.select({ one: sql<number>`1` }).from(performerBlockedCountries).limit(1),
  ]);
  return {
    at: Date.now(),
    siteCountries: new Set(site.map((r) => r.code)),
    hasCreatorBlocks: creator.length > 0,
  };
}

/** The cached site list and flag; read again after a few seconds, or at once after a change here. */
async function geoState(ctx: AppContext): Promise<GeoState> {
  const cached = stateByContext.get(ctx);
  if (cached) {
    const state = await cached.catch(() => null);
    if (state && Date.now() - state.at < cacheMs) return state;
  }
  const next = readState(ctx);
  stateByContext.set(ctx, next);
  next.then(
    (state) => {
      if (stateByContext.get(ctx) === next) settledByContext.set(ctx, state);
    },
    () => stateByContext.delete(ctx),
  );
  return next;
}

/** Called after a block list changed on this node, so its next request sees the change. */
export function forgetGeoState(ctx: AppContext): void {
  stateByContext.delete(ctx);
  settledByContext.delete(ctx);
}

/**
 * Whether this node knows, from a copy younger than `cacheMs`, that no country is blocked anywhere
 * (the site's list is empty and no creator blocked one): then no request has a country that matters,
 * and the hot paths skip the look-up without a promise. False when it does not know yet.
 */
export function knowsNoGeoBlocks(ctx: AppContext): boolean {
  const state = settledByContext.get(ctx);
  return (
    state !== undefined &&
    Date.now() - state.at < cacheMs &&
    state.siteCountries.size === 0 &&
    !state.hasCreatorBlocks
  );
}

const noCountry: Promise<string | null> = Promise.resolve(null);

const countryByRequest = new WeakMap<FastifyRequest, Promise<string | null>>();

/**
 * The country of the request's client IP, or null. When no country is blocked anywhere the
 * answer is null without loading the database (most sites never pay its half second and 8 MB).
 */
export function countryOf(ctx: AppContext, request: FastifyRequest): Promise<string | null> {
  if (knowsNoGeoBlocks(ctx)) return noCountry;
  let pending = countryByRequest.get(request);
  if (!pending) {
    pending = (async () => {
      const state = await geoState(ctx);
      if (state.siteCountries.size === 0 && !state.hasCreatorBlocks) return null;
      const database = await loadGeoDatabase();
      return database.countryOf(request.ip);
    })();
    countryByRequest.set(request, pending);
  }
  return pending;
}

/** The viewer of a request: its actor and its country. */
export async function geoViewerOf(
  ctx: AppContext,
  // Spelled out (the auth plugin declares `actor`), so the bench compiles this file without the plugin.
  request: FastifyRequest & { actor: Actor | null },
): Promise<GeoViewer> {
  return { actor: request.actor, country: await countryOf(ctx, request) };
}

/**
 * A viewer for the SQL forms of the rules, whose id and country may be placeholders of a prepared
 * query (lib/prepared.ts): a placeholder country counts as known. Every GeoViewer is one.
 */
export interface SqlViewer {
  actor: { id: Param<string>; role: Actor['role'] } | null;
  country: Param<string> | null;
}

/** No country rule applies: no country known, or an admin (who sees every creator). */
const isExempt = (viewer: SqlViewer) => viewer.country === null || viewer.actor?.role === 'admin';

/**
 * Which of these creators are hidden from the viewer because they blocked the viewer's country.
 * One query for any number of creators; the viewer's own id is never in the answer.
 */
export async function hiddenForCountry(
  ctx: AppContext,
  options: { viewer: GeoViewer; performerIds: string[] },
): Promise<Set<string>> {
  const { viewer } = options;
  const ids = [...new Set(options.performerIds)].filter((id) => id !== viewer.actor?.id);
  if (isExempt(viewer) || ids.length === 0 || viewer.country === null) return new Set();
  const rows = await ctx.db.db
    .select({ id: performerBlockedCountries.performerId })
    .from(performerBlockedCountries)
    .where(
      and(
        inArray(performerBlockedCountries.performerId, ids),
        eq(performerBlockedCountries.countryCode, viewer.country),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/**
 * The same rule as SQL for list queries: true for the rows whose creator (`performerId`, a column
 * or expression holding the creator's user id) has not blocked the viewer's country. Undefined
 * (no condition) when no rule applies, so `and(...)` drops it.
 */
export function geoVisibleCondition(viewer: SqlViewer, performerId: AnyColumn | SQL): SQL | undefined {
  if (isExempt(viewer)) return undefined;
  // The viewer's own rows are exempt inside the NOT EXISTS (not by an OR around it), so the planner
  // keeps an anti-join over the primary key instead of a sub-plan per row.
  const notSelf = viewer.actor
    ? sql` and ${performerBlockedCountries.performerId} <> ${viewer.actor.id}`
    : sql``;
  return sql`not exists (select 1 from ${performerBlockedCountries} where ${performerBlockedCountries.performerId} = ${performerId} and ${performerBlockedCountries.countryCode} = ${viewer.country}${notSelf})`;
}

/**
 * The rule of every list of creators or of their items, as SQL: the creator has not blocked the
 * viewer's country (geoVisibleCondition) nor the viewer (blocks.ts). Undefined when neither applies.
 */
export function creatorListedForViewer(viewer: SqlViewer, performerId: AnyColumn | SQL): SQL | undefined {
  return and(geoVisibleCondition(viewer, performerId), notBlockingViewerCondition(viewer.actor, performerId));
}

/**
 * Whether the whole site is closed to this viewer: their country is on the admin's list and the
 * account is not an admin's (an admin abroad can still reach the settings to change the list).
 */
export async function isSiteBlocked(ctx: AppContext, viewer: GeoViewer): Promise<boolean> {
  if (viewer.actor?.role === 'admin' || viewer.country === null) return false;
  return (await geoState(ctx)).siteCountries.has(viewer.country);
}
