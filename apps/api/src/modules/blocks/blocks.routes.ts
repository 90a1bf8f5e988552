import {
  dataOf,
  listOf,
  ZBlockedUserParams,
  ZBlockedUsersQuery,
  ZBlockUserRequest,
  ZUnblockResult,
  ZUserBlock,
} from '@fanstage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { actorOf, requireAuth } from '../../plugins/auth';
import * as blocksService from './blocks.service';

const tags = ['Blocks'];

/** A creator's blocks of fans (`/block/users`); country blocks live elsewhere. */
export const blocksRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/block/users',
    {
      preHandler: requireAuth,
      schema: { tags, body: ZBlockUserRequest, response: { 200: dataOf(ZUserBlock) } },
    },
    async (req) => ({ data: await blocksService.blockUser(ctx, { actor: actorOf(req), input: req.body }) }),
  );

  app.delete(
    '/block/users/:id',
    {
      preHandler: requireAuth,
      schema: { tags, params: ZBlockedUserParams, response: { 200: dataOf(ZUnblockResult) } },
    },
    async (req) => ({
      data: await blocksService.unblockUser(ctx, { actor: actorOf(req), targetId: req.params.id }),
    }),
  );

  app.get(
    '/block/users',
    {
      preHandler: requireAuth,
      schema: { tags, querystring: ZBlockedUsersQuery, response: { 200: listOf(ZUserBlock) } },
    },
    async (req) => blocksService.listBlockedUsers(ctx, { actor: actorOf(req), ...req.query }),
  );
};
