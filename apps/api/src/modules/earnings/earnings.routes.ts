import { dataOf, listOf, ZEarning, ZEarningSearchQuery, ZEarningStats } from '@fanstage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { actorOf, requireAuth } from '../../plugins/auth';
import * as earnings from './earnings.service';

const tags = ['Earnings'];

/** A creator's own earnings (fans and admins get 403). */
export const earningsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/performer/earning/stats',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        querystring: ZEarningSearchQuery.pick({ fromDate: true, toDate: true, type: true }),
        response: { 200: dataOf(ZEarningStats) },
      },
    },
    async (req) => ({
      data: await earnings.getMyEarningStats(ctx, { actor: actorOf(req), query: req.query }),
    }),
  );

  app.get(
    '/performer/earning/search',
    {
      preHandler: requireAuth,
      schema: { tags, querystring: ZEarningSearchQuery, response: { 200: listOf(ZEarning) } },
    },
    async (req) => earnings.searchMyEarnings(ctx, { actor: actorOf(req), query: req.query }),
  );
};
