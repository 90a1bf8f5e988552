import {
  dataOf,
  listOf,
  ZFollowedPerformer,
  ZFollower,
  ZFollowersQuery,
  ZFollowListQuery,
  ZFollowParams,
  ZFollowState,
} from '@fanstage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { actorOf, requireAuth } from '../../plugins/auth';
import { countryOf } from '../access/geo';
import * as followsService from './follows.service';

const tags = ['Follows'];

export const followsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/follows/:performerId',
    {
      preHandler: requireAuth,
      schema: { tags, params: ZFollowParams, response: { 200: dataOf(ZFollowState) } },
    },
    async (req) => ({
      data: await followsService.followPerformer(ctx, {
        actor: actorOf(req),
        country: await countryOf(ctx, req),
        performerId: req.params.performerId,
      }),
    }),
  );

  app.delete(
    '/follows/:performerId',
    {
      preHandler: requireAuth,
      schema: { tags, params: ZFollowParams, response: { 200: dataOf(ZFollowState) } },
    },
    async (req) => ({
      data: await followsService.unfollowPerformer(ctx, {
        actor: actorOf(req),
        country: await countryOf(ctx, req),
        performerId: req.params.performerId,
      }),
    }),
  );

  app.get(
    '/follows/following',
    {
      preHandler: requireAuth,
      schema: { tags, querystring: ZFollowListQuery, response: { 200: listOf(ZFollowedPerformer) } },
    },
    async (req) =>
      followsService.listMyFollowing(ctx, {
        actor: actorOf(req),
        country: await countryOf(ctx, req),
        ...req.query,
      }),
  );

  app.get(
    '/follows/followers',
    {
      preHandler: requireAuth,
      schema: { tags, querystring: ZFollowersQuery, response: { 200: listOf(ZFollower) } },
    },
    async (req) => followsService.listMyFollowers(ctx, { actor: actorOf(req), ...req.query }),
  );
};
