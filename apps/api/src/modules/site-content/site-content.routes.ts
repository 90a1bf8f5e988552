import {
  dataOf,
  listOf,
  ZCmsPost,
  ZCmsPostCreate,
  ZCmsPostKeyParams,
  ZCmsPostQuery,
  ZCmsPostUpdate,
  ZKeyword,
  ZKeywordCreate,
  ZKeywordListQuery,
  ZOk,
  ZSiteContentIdParams,
  ZSitePromo,
  ZSitePromoCreate,
  ZSitePromoQuery,
  ZSitePromoUpdate,
} from '@fanstage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { actorOf, requireRole } from '../../plugins/auth';
import * as site from './site-content.service';

const adminOnly = requireRole('admin');
const admin = ['Admin'];
const params = ZSiteContentIdParams;

/** Searched keywords, site promos and CMS pages: public reads, admin writes. */
export const siteContentRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['Site content'];

  app.post(
    '/search/keywords',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { tags, body: ZKeywordCreate, response: { 200: dataOf(ZKeyword) } },
    },
    async (req) => ({ data: await site.recordSearch(ctx, { keyword: req.body.keyword }) }),
  );

  app.get(
    '/search/list/keywords',
    { schema: { tags, querystring: ZKeywordListQuery, response: { 200: dataOf(z.array(ZKeyword)) } } },
    async (req) => ({ data: await site.listTopKeywords(ctx, req.query) }),
  );

  app.get(
    '/site-promo/search',
    { schema: { tags, querystring: ZSitePromoQuery, response: { 200: listOf(ZSitePromo) } } },
    async (req) => site.searchActivePromos(ctx, req.query),
  );

  app.get(
    '/posts/search',
    { schema: { tags, querystring: ZCmsPostQuery, response: { 200: listOf(ZCmsPost) } } },
    async (req) => site.searchPublishedCmsPosts(ctx, { query: req.query }),
  );

  app.get(
    '/posts/:idOrSlug',
    { schema: { tags, params: ZCmsPostKeyParams, response: { 200: dataOf(ZCmsPost) } } },
    async (req) => ({ data: await site.getPublishedCmsPost(ctx, { idOrSlug: req.params.idOrSlug }) }),
  );

  // Admin: site promos
  app.get(
    '/admin/site-promos',
    {
      preHandler: adminOnly,
      schema: { tags: admin, querystring: ZSitePromoQuery, response: { 200: listOf(ZSitePromo) } },
    },
    async (req) => site.listAllPromos(ctx, req.query),
  );
  app.post(
    '/admin/site-promos',
    {
      preHandler: adminOnly,
      schema: { tags: admin, body: ZSitePromoCreate, response: { 200: dataOf(ZSitePromo) } },
    },
    async (req) => ({ data: await site.createPromo(ctx, { actor: actorOf(req), input: req.body }) }),
  );
  app.put(
    '/admin/site-promos/:id',
    {
      preHandler: adminOnly,
      schema: { tags: admin, params, body: ZSitePromoUpdate, response: { 200: dataOf(ZSitePromo) } },
    },
    async (req) => ({
      data: await site.updatePromoById(ctx, { actor: actorOf(req), id: req.params.id, input: req.body }),
    }),
  );
  app.delete(
    '/admin/site-promos/:id',
    { preHandler: adminOnly, schema: { tags: admin, params, response: { 200: ZOk } } },
    async (req) => {
      await site.deletePromoById(ctx, { actor: actorOf(req), id: req.params.id });
      return { data: { success: true } };
    },
  );

  // Admin: CMS posts
  app.get(
    '/admin/posts',
    {
      preHandler: adminOnly,
      schema: { tags: admin, querystring: ZCmsPostQuery, response: { 200: listOf(ZCmsPost) } },
    },
    async (req) => site.listCmsPostsForAdmin(ctx, { query: req.query }),
  );
  app.get(
    '/admin/posts/:id',
    { preHandler: adminOnly, schema: { tags: admin, params, response: { 200: dataOf(ZCmsPost) } } },
    async (req) => ({ data: await site.getCmsPostForAdmin(ctx, { id: req.params.id }) }),
  );
  app.post(
    '/admin/posts',
    {
      preHandler: adminOnly,
      schema: { tags: admin, body: ZCmsPostCreate, response: { 200: dataOf(ZCmsPost) } },
    },
    async (req) => ({ data: await site.createCmsPost(ctx, { actor: actorOf(req), input: req.body }) }),
  );
  app.put(
    '/admin/posts/:id',
    {
      preHandler: adminOnly,
      schema: { tags: admin, params, body: ZCmsPostUpdate, response: { 200: dataOf(ZCmsPost) } },
    },
    async (req) => ({
      data: await site.updateCmsPostById(ctx, { actor: actorOf(req), id: req.params.id, input: req.body }),
    }),
  );
  app.delete(
    '/admin/posts/:id',
    { preHandler: adminOnly, schema: { tags: admin, params, response: { 200: ZOk } } },
    async (req) => {
      await site.deleteCmsPostById(ctx, { actor: actorOf(req), id: req.params.id });
      return { data: { success: true } };
    },
  );
};
