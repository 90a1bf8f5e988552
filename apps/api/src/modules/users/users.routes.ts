import {
  dataOf,
  listOf,
  ZAvatarUploadResponse,
  ZCurrentUser,
  ZId,
  ZPublicUser,
  ZUpdateMeRequest,
  ZUserSearchQuery,
} from '@fanstage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { serializeOncePerData } from '../../lib/serialize-once';
import { megabytes, readSingleFile } from '../../lib/uploads';
import { actorOf, requireAuth } from '../../plugins/auth';
import { countryOf } from '../access/geo';
import * as users from './users.service';

const tags = ['Users'];

export const usersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/users/me',
    {
      preHandler: requireAuth,
      schema: { tags, response: { 200: dataOf(ZCurrentUser) } },
      // The account cache hands out the same object until the account changes: written out once.
      serializerCompiler: serializeOncePerData,
    },
    async (req) => ({
      data: await users.getCurrentUser(ctx, { actor: actorOf(req) }),
    }),
  );

  app.put(
    '/users',
    {
      preHandler: requireAuth,
      schema: { tags, body: ZUpdateMeRequest, response: { 200: dataOf(ZCurrentUser) } },
    },
    async (req) => ({ data: await users.updateCurrentUser(ctx, { actor: actorOf(req), input: req.body }) }),
  );

  app.post(
    '/users/avatar/upload',
    {
      preHandler: requireAuth,
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: ZAvatarUploadResponse } },
    },
    async (req) => {
      const file = await readSingleFile(req, { maxFileBytes: megabytes(10) });
      return { data: { url: await users.uploadAvatar(ctx, { actor: actorOf(req), file: file.buffer }) } };
    },
  );

  app.post(
    '/users/:id/avatar/upload',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        params: z.object({ id: ZId }),
        consumes: ['multipart/form-data'],
        response: { 200: ZAvatarUploadResponse },
      },
    },
    async (req) => {
      const target = await users.assertCanManageUser(ctx, { actor: actorOf(req), userId: req.params.id });
      const file = await readSingleFile(req, { maxFileBytes: megabytes(10) });
      return { data: { url: await users.uploadAvatar(ctx, { actor: target, file: file.buffer }) } };
    },
  );

  app.get(
    '/users/search',
    {
      preHandler: requireAuth,
      schema: { tags, querystring: ZUserSearchQuery, response: { 200: listOf(ZPublicUser) } },
    },
    async (req) =>
      users.searchUsers(ctx, { actor: req.actor, country: await countryOf(ctx, req), ...req.query }),
  );

  app.get(
    '/users/view/:id',
    { schema: { tags, params: z.object({ id: ZId }), response: { 200: dataOf(ZPublicUser) } } },
    async (req) => ({
      data: await users.viewUser(ctx, {
        actor: req.actor,
        country: await countryOf(ctx, req),
        id: req.params.id,
      }),
    }),
  );
};
