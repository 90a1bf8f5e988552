import {
  ZBlockedCountriesRequest,
  ZBlockedCountriesResponse,
  ZCountryBlockCheckResponse,
} from '@fanstage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { actorOf, requireRole } from '../../plugins/auth';
import { geoViewerOf } from '../access/geo';
import { requireCreator } from '../performers/performers.access';
import * as geoBlocks from './geo-blocks.service';

const tags = ['Blocks'];

/** Country blocks: the site-wide check, a creator's own list, the admin's site-wide list. */
export const geoBlocksRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/block/countries/check',
    { schema: { tags, response: { 200: ZCountryBlockCheckResponse } } },
    async (req, reply) => {
      // The answer depends on the requester's address and session: never shared by a cache.
      reply.header('cache-control', 'private, no-store');
      return { data: await geoBlocks.checkSiteBlock(ctx, { viewer: await geoViewerOf(ctx, req) }) };
    },
  );

  app.get(
    '/block/countries',
    { preHandler: requireCreator, schema: { tags, response: { 200: ZBlockedCountriesResponse } } },
    async (req) => ({ data: await geoBlocks.getMyBlockedCountries(ctx, { actor: actorOf(req) }) }),
  );

  app.post(
    '/block/countries',
    {
      preHandler: requireCreator,
      schema: { tags, body: ZBlockedCountriesRequest, response: { 200: ZBlockedCountriesResponse } },
    },
    async (req) => ({
      data: await geoBlocks.setMyBlockedCountries(ctx, { actor: actorOf(req), input: req.body }),
    }),
  );

  app.get(
    '/admin/block/countries',
    { preHandler: requireRole('admin'), schema: { tags, response: { 200: ZBlockedCountriesResponse } } },
    async () => ({ data: await geoBlocks.getSiteBlockedCountries(ctx) }),
  );

  app.put(
    '/admin/block/countries',
    {
      preHandler: requireRole('admin'),
      schema: { tags, body: ZBlockedCountriesRequest, response: { 200: ZBlockedCountriesResponse } },
    },
    async (req) => ({
      data: await geoBlocks.setSiteBlockedCountries(ctx, { actor: actorOf(req), input: req.body }),
    }),
  );
};
