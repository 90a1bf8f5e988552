import {
  dataOf,
  listOf,
  ZComment,
  ZCommentCreate,
  ZCommentDeleted,
  ZCommentListQuery,
  ZCommentParams,
} from '@fanstage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { actorOf, requireAuth } from '../../plugins/auth';
import { countryOf } from '../access/geo';
import * as commentsService from './comments.service';

const tags = ['Comments'];

export const commentsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/comments',
    {
      preHandler: requireAuth,
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags, body: ZCommentCreate, response: { 200: dataOf(ZComment) } },
    },
    async (req) => ({
      data: await commentsService.createComment(ctx, {
        actor: actorOf(req),
        country: await countryOf(ctx, req),
        input: req.body,
      }),
    }),
  );

  app.get(
    '/comments',
    { schema: { tags, querystring: ZCommentListQuery, response: { 200: listOf(ZComment) } } },
    async (req) =>
      commentsService.listObjectComments(ctx, {
        actor: req.actor,
        country: await countryOf(ctx, req),
        query: req.query,
      }),
  );

  app.delete(
    '/comments/:id',
    {
      preHandler: requireAuth,
      schema: { tags, params: ZCommentParams, response: { 200: dataOf(ZCommentDeleted) } },
    },
    async (req) => ({
      data: await commentsService.deleteComment(ctx, { actor: actorOf(req), id: req.params.id }),
    }),
  );
};
