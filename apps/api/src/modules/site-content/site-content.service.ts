import type {
  TAuditAction,
  TCmsPost,
  TCmsPostCreate,
  TCmsPostQuery,
  TCmsPostUpdate,
  TKeyword,
  TSitePromo,
  TSitePromoCreate,
  TSitePromoUpdate,
} from '@fanstage/contract';
import type { Executor } from '@fanstage/db';
import sanitizeHtml from 'sanitize-html';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/app-error';
import { changedFields, recordAudit } from '../audit/audit';
import type { Actor } from '../auth/sessions';
import {
  type CmsPostRow,
  deleteCmsPost,
  deletePromo,
  findCmsPost,
  findPromo,
  insertCmsPost,
  insertPromo,
  listCmsPosts,
  listPromos,
  recordKeyword,
  type SitePromoRow,
  topKeywords,
  updateCmsPost,
  updatePromo,
} from './site-content.repo';

const iso = (d: Date | null) => d?.toISOString() ?? null;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Keywords ------------------------------------------------------------------------------------

/** Counts one search of a keyword (already trimmed and lower-cased by the contract). */
export async function recordSearch(ctx: AppContext, options: { keyword: string }): Promise<TKeyword> {
  const row = await recordKeyword(ctx.db.db, options.keyword, ctx.clock.now());
  return { keyword: row.keyword, searchCount: row.searchCount };
}

/** The most searched keywords, most first. */
export async function listTopKeywords(ctx: AppContext, options: { limit: number }): Promise<TKeyword[]> {
  const rows = await topKeywords(ctx.db.db, options.limit);
  return rows.map((r) => ({ keyword: r.keyword, searchCount: r.searchCount }));
}

// Site promos ---------------------------------------------------------------------------------

const presentPromo = (row: SitePromoRow): TSitePromo => ({
  _id: row.id,
  title: row.title,
  description: row.description,
  imageUrl: row.imageUrl,
  linkUrl: row.linkUrl,
  isActive: row.isActive,
  position: row.position,
  startsAt: iso(row.startsAt),
  endsAt: iso(row.endsAt),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const toDate = (v: string | null | undefined) =>
  v === undefined ? undefined : v === null ? null : new Date(v);

/** The promos shown now: active and inside their dates, in position order. */
export async function searchActivePromos(ctx: AppContext, options: { offset: number; limit: number }) {
  const { rows, total } = await listPromos(ctx.db.db, { ...options, activeAt: ctx.clock.now() });
  return { data: rows.map(presentPromo), total };
}

/** Every promo, for admins. */
export async function listAllPromos(ctx: AppContext, options: { offset: number; limit: number }) {
  const { rows, total } = await listPromos(ctx.db.db, options);
  return { data: rows.map(presentPromo), total };
}

export async function createPromo(
  ctx: AppContext,
  options: { actor: Actor; input: TSitePromoCreate },
): Promise<TSitePromo> {
  const { input } = options;
  return ctx.db.db.transaction(async (tx) => {
    const promo = presentPromo(
      await insertPromo(tx, {
        ...input,
        startsAt: toDate(input.startsAt),
        endsAt: toDate(input.endsAt),
      }),
    );
    await auditChange(tx, options.actor, 'site-promo.create', promo._id, null, promo);
    return promo;
  });
}

/**
 * The audit row of a promo or page change: the presented fields without id and timestamps, a page's
 * HTML as its length (the text itself would double the table); an edit keeps only changed fields.
 */
async function auditChange(
  tx: Executor,
  actor: Actor,
  action: TAuditAction,
  targetId: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
) {
  const fieldsOf = (row: Record<string, unknown> | null) => {
    if (!row) return null;
    const { _id, createdAt, updatedAt, content, ...fields } = row;
    return typeof content === 'string' ? { ...fields, contentLength: content.length } : fields;
  };
  const [was, now] = [fieldsOf(before), fieldsOf(after)];
  const diff = was && now ? changedFields(was, now) : { before: was, after: now };
  if (!diff) return;
  await recordAudit(tx, { actorId: actor.id, action, targetType: action.split('.')[0]!, targetId, ...diff });
}

/** Changes a promo; the merged dates must still end after they start (422). */
export async function updatePromoById(
  ctx: AppContext,
  options: { actor: Actor; id: string; input: TSitePromoUpdate },
): Promise<TSitePromo> {
  const { id, input } = options;
  return ctx.db.db.transaction(async (tx) => {
    const current = await findPromo(tx, id);
    if (!current) throw notFound('That promo');
    const startsAt = input.startsAt === undefined ? current.startsAt : toDate(input.startsAt);
    const endsAt = input.endsAt === undefined ? current.endsAt : toDate(input.endsAt);
    if (startsAt && endsAt && endsAt <= startsAt) {
      throw new AppError('UNPROCESSABLE', 'The end must be after the start.');
    }
    const row = await updatePromo(tx, id, { ...input, startsAt, endsAt });
    if (!row) throw notFound('That promo');
    const promo = presentPromo(row);
    await auditChange(tx, options.actor, 'site-promo.update', id, presentPromo(current), promo);
    return promo;
  });
}

export async function deletePromoById(ctx: AppContext, options: { actor: Actor; id: string }): Promise<void> {
  await ctx.db.db.transaction(async (tx) => {
    const current = await findPromo(tx, options.id);
    if (!current || !(await deletePromo(tx, options.id))) throw notFound('That promo');
    await auditChange(tx, options.actor, 'site-promo.delete', options.id, presentPromo(current), null);
  });
}

// CMS posts -----------------------------------------------------------------------------------

/** The tags an admin's page may keep; scripts, styles, iframes and event handlers never survive. */
const cmsHtmlOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'code',
    'pre',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }) },
};
export const sanitizeCmsHtml = (html: string): string => sanitizeHtml(html, cmsHtmlOptions).trim();

/** A URL-safe slug from a title ("Terms & Conditions" → "terms-conditions"). */
export const slugOf = (title: string): string =>
  title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120)
    .replace(/-+$/, '') || 'post';

const presentPost = (row: CmsPostRow): TCmsPost => ({
  _id: row.id,
  title: row.title,
  slug: row.slug,
  content: row.content,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const isUniqueViolation = (error: unknown): boolean => {
  for (let e: unknown = error; e instanceof Error || (e && typeof e === 'object'); ) {
    if ((e as { code?: string }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
    if (!e) break;
  }
  return false;
};
const slugTakenMessage = 'Another page already uses this slug.';
/** A 409 that names the field, so the admin form shows it under the slug. */
const slugTaken = () =>
  new AppError('CONFLICT', slugTakenMessage, [{ path: 'slug', message: slugTakenMessage }]);

async function assertSlugFree(ctx: AppContext, slug: string, exceptId?: string) {
  const existing = await findCmsPost(ctx.db.db, { slug });
  if (existing && existing.id !== exceptId) throw slugTaken();
}

/** Creates a page; its slug (given or made from the title) must be free (409). */
export async function createCmsPost(
  ctx: AppContext,
  options: { actor: Actor; input: TCmsPostCreate },
): Promise<TCmsPost> {
  const { actor, input } = options;
  const slug = input.slug ?? slugOf(input.title);
  await assertSlugFree(ctx, slug);
  try {
    return await ctx.db.db.transaction(async (tx) => {
      const post = presentPost(
        await insertCmsPost(tx, {
          title: input.title,
          slug,
          content: sanitizeCmsHtml(input.content),
          status: input.status,
          authorId: actor.id,
        }),
      );
      await auditChange(tx, actor, 'page.create', post._id, null, post);
      return post;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

export async function updateCmsPostById(
  ctx: AppContext,
  options: { actor: Actor; id: string; input: TCmsPostUpdate },
): Promise<TCmsPost> {
  const { id, input } = options;
  if (input.slug) await assertSlugFree(ctx, input.slug, id);
  try {
    return await ctx.db.db.transaction(async (tx) => {
      const current = await findCmsPost(tx, { id });
      const row = await updateCmsPost(tx, id, {
        ...input,
        ...(input.content === undefined ? {} : { content: sanitizeCmsHtml(input.content) }),
      });
      if (!row || !current) throw notFound('That page');
      const post = presentPost(row);
      await auditChange(tx, options.actor, 'page.update', id, presentPost(current), post);
      return post;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

export async function deleteCmsPostById(
  ctx: AppContext,
  options: { actor: Actor; id: string },
): Promise<void> {
  await ctx.db.db.transaction(async (tx) => {
    const current = await findCmsPost(tx, { id: options.id });
    if (!current || !(await deleteCmsPost(tx, options.id))) throw notFound('That page');
    await auditChange(tx, options.actor, 'page.delete', options.id, presentPost(current), null);
  });
}

/** One page for admins, whatever its status. */
export async function getCmsPostForAdmin(ctx: AppContext, options: { id: string }): Promise<TCmsPost> {
  const row = await findCmsPost(ctx.db.db, { id: options.id });
  if (!row) throw notFound('That page');
  return presentPost(row);
}

export async function listCmsPostsForAdmin(ctx: AppContext, options: { query: TCmsPostQuery }) {
  const { rows, total } = await listCmsPosts(ctx.db.db, options.query);
  return { data: rows.map(presentPost), total };
}

/** Published pages for everyone (a status filter from the client is ignored). */
export async function searchPublishedCmsPosts(ctx: AppContext, options: { query: TCmsPostQuery }) {
  const { rows, total } = await listCmsPosts(ctx.db.db, { ...options.query, status: 'published' });
  return { data: rows.map(presentPost), total };
}

/** A published page by id or slug; drafts and unknown keys are the same 404. */
export async function getPublishedCmsPost(ctx: AppContext, options: { idOrSlug: string }): Promise<TCmsPost> {
  const key = options.idOrSlug.toLowerCase();
  const row = await findCmsPost(ctx.db.db, uuidPattern.test(key) ? { id: key } : { slug: key });
  if (row?.status !== 'published') throw notFound('That page');
  return presentPost(row);
}
