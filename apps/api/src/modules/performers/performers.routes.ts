import { dataOf, ZPerformerParams, ZPerformerPublic } from '@fanstage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { findPerformerProfile } from './performers.service';

export const performersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/performers/:id',
    {
      schema: { tags: ['Performers'], params: ZPerformerParams, response: { 200: dataOf(ZPerformerPublic) } },
    },
    async (req) => ({
      data: await findPerformerProfile(ctx, { idOrUsername: req.params.id, actor: req.actor }),
    }),
  );
};
