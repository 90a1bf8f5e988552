import {
  dataOf,
  listOf,
  ZBookmark,
  ZBookmarkParams,
  ZBookmarkQuery,
  ZReactionRequest,
  ZReactionState,
} from '@fanstage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { actorOf, requireAuth } from '../../plugins/auth';
import { countryOf } from '../access/geo';
import * as reactionsService from './reactions.service';

const tags = ['Reactions'];

export const reactionsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/reactions',
    {
      preHandler: requireAuth,
      schema: { tags, body: ZReactionRequest, response: { 200: dataOf(ZReactionState) } },
    },
    async (req) => ({
      data: await reactionsService.react(ctx, {
        actor: actorOf(req),
        country: await countryOf(ctx, req),
        input: req.body,
      }),
    }),
  );

  // The fields come in the body or in the query string (some clients send no body with DELETE).
  app.delete(
    '/reactions',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        querystring: ZReactionRequest.partial(),
        body: ZReactionRequest.partial().nullish(),
        response: { 200: dataOf(ZReactionState) },
      },
    },
    async (req) => ({
      data: await reactionsService.unreact(ctx, {
        actor: actorOf(req),
        country: await countryOf(ctx, req),
        input: ZReactionRequest.parse({ ...req.query, ...req.body }),
      }),
    }),
  );

  app.get(
    '/reactions/:type/bookmark',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        params: ZBookmarkParams,
        querystring: ZBookmarkQuery,
        response: { 200: listOf(ZBookmark) },
      },
    },
    async (req) =>
      reactionsService.listMyBookmarks(ctx, {
        actor: actorOf(req),
        country: await countryOf(ctx, req),
        type: req.params.type,
        ...req.query,
      }),
  );
};
