import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { batchPerTurn } from '../lib/per-turn';
import { createSharedReads, type SharedReads } from '../lib/shared-reads';
import { type ViewCache, viewTopics } from '../lib/view-cache';

/*
 * The node's cache of repeat pages (lib/view-cache.ts) as routes and modules use it: `sendView`
 * answers a GET from it or reads and keeps the answer, `forgetViews` forgets people's pages on
 * every node, and `watchViewChanges` wires the forgets every change causes.
 */

type Forgetter = Pick<AppContext, 'views' | 'realtime'>;
const announceViews = batchPerTurn<Forgetter>((ctx, ids) => ctx.realtime.announceViewsChanged(ids));

/**
 * Every node forgets the pages that depend on these people or topics (`viewTopics`). The other
 * nodes hear of the ids of one event-loop turn in one broadcast; with `announceNow`, at once, so
 * that the forget reaches them before a live event sent next (a new message) makes a browser read
 * the page again.
 */
export function forgetViews(
  ctx: Forgetter,
  ids: Iterable<string>,
  options: { announceNow?: boolean } = {},
): void {
  const forgotten = [...ids];
  for (const id of forgotten) ctx.views.forget(id);
  if (options.announceNow) ctx.realtime.announceViewsChanged(forgotten);
  else announceViews(ctx, forgotten);
}

const mutating = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Forgets, on every node, the pages of whoever sends a request that may change something (an admin's
 * forget every page), and those of every account the account cache forgets.
 */
export function watchViewChanges(app: FastifyInstance, ctx: AppContext): void {
  ctx.accountCache.onForget((userId) => ctx.views.forget(userId));
  ctx.realtime.onViewsChanged((ids) => {
    for (const id of ids) ctx.views.forget(id);
  });
  // A callback hook, not an async one: it runs on every answer and should cost no promise.
  app.addHook('onSend', (req, _reply, payload, done) => {
    if (mutating.has(req.method) && req.actor) {
      forgetViews(ctx, [req.actor.role === 'admin' ? viewTopics.all : req.actor.id]);
    }
    done(null, payload);
  });
}

const json = 'application/json; charset=utf-8';

const pageReads = new WeakMap<ViewCache, SharedReads<Buffer>>();
const pageReadsOf = (views: ViewCache) => {
  let reads = pageReads.get(views);
  if (!reads) {
    reads = createSharedReads();
    pageReads.set(views, reads);
  }
  return reads;
};

/**
 * Answers a GET with this node's copy of the same page for the same reader (keyed by the reader,
 * their country and the URL), or reads it, serializes it with the route's response schema and keeps
 * it. `read` names the people the page shows (besides the reader).
 *
 * Requests for a page that is being read already wait for that read (lib/shared-reads.ts) as long
 * as nothing was forgotten on this node since it began; a reload (`Cache-Control: no-cache`)
 * always reads.
 */
export async function sendView(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  options: {
    country: string | null;
    read: () => Promise<{ body: unknown; people: readonly string[] }>;
  },
): Promise<FastifyReply> {
  const readerId = req.actor?.id ?? '';
  const key = `${readerId}\u0000${options.country ?? ''}\u0000${req.url}`;
  const now = ctx.clock.now().getTime();
  const isReload = /\bno-cache\b/i.test(req.headers['cache-control'] ?? '');
  const cached = isReload ? undefined : ctx.views.get(key, now);
  if (cached) return reply.type(json).send(cached);
  const readSince = ctx.views.begin();
  const bytes = await pageReadsOf(ctx.views).run(
    key,
    readSince,
    async () => {
      const { body, people } = await options.read();
      const text = Buffer.from(reply.serialize(body) as string);
      ctx.views.set(key, text, { people: readerId ? [readerId, ...people] : people, now, readSince });
      return text;
    },
    { join: !isReload },
  );
  return reply.type(json).send(bytes);
}
