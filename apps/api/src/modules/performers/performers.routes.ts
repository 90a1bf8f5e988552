import {
  dataOf,
  listOf,
  performerDocumentFields,
  ZDocumentsUploadResponse,
  ZImageUploadResponse,
  ZMediaUploadResponse,
  ZOk,
  ZPerformerMe,
  ZPerformerParams,
  ZPerformerPublic,
  ZPerformerRandomQuery,
  ZPerformerSearchQuery,
  ZPerformerTopQuery,
  ZUpdatePerformerMe,
} from '@fanstage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { serializeOncePerData } from '../../lib/serialize-once';
import { megabytes, readMultipart, readSingleFile } from '../../lib/uploads';
import { actorOf } from '../../plugins/auth';
import { countryOf } from '../access/geo';
import { receiveUpload } from '../files/files.upload';
import { tempDirOf, uploadLimitOf } from '../media/media.service';
import { requireCreator } from './performers.access';
import * as performers from './performers.service';

const tags = ['Performers'];
const imageUpload = { tags, consumes: ['multipart/form-data'], response: { 200: ZImageUploadResponse } };

export const performersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/performers/me',
    { preHandler: requireCreator, schema: { tags, response: { 200: dataOf(ZPerformerMe) } } },
    async (req) => ({ data: await performers.getMyProfile(ctx, { actor: actorOf(req) }) }),
  );

  app.put(
    '/performers/me',
    {
      preHandler: requireCreator,
      schema: { tags, body: ZUpdatePerformerMe, response: { 200: dataOf(ZPerformerMe) } },
    },
    async (req) => ({
      data: await performers.updateMyProfile(ctx, { actor: actorOf(req), input: req.body }),
    }),
  );

  app.post('/performers/avatar/upload', { preHandler: requireCreator, schema: imageUpload }, async (req) => {
    const file = await readSingleFile(req, { maxFileBytes: megabytes(10) });
    return {
      data: { url: await performers.uploadMyAvatar(ctx, { actor: actorOf(req), file: file.buffer }) },
    };
  });

  app.post('/performers/cover/upload', { preHandler: requireCreator, schema: imageUpload }, async (req) => {
    const file = await readSingleFile(req, { maxFileBytes: megabytes(10) });
    return { data: { url: await performers.uploadMyCover(ctx, { actor: actorOf(req), file: file.buffer }) } };
  });

  app.post(
    '/performers/welcome-video/upload',
    {
      preHandler: requireCreator,
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: ZMediaUploadResponse } },
    },
    async (req) => {
      const upload = await receiveUpload(req, {
        tempDir: tempDirOf(ctx),
        ...uploadLimitOf(ctx, 'welcome-video'),
      });
      try {
        return { data: await performers.uploadMyWelcomeVideo(ctx, { actor: actorOf(req), upload }) };
      } finally {
        await upload.remove();
      }
    },
  );

  app.delete(
    '/performers/welcome-video',
    { preHandler: requireCreator, schema: { tags, response: { 200: ZOk } } },
    async (req) => {
      await performers.removeMyWelcomeVideo(ctx, { actor: actorOf(req) });
      return { data: { success: true } };
    },
  );

  app.post(
    '/performers/documents/upload',
    {
      preHandler: requireCreator,
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: ZDocumentsUploadResponse } },
    },
    async (req) => {
      const { files } = await readMultipart(req, {
        maxFileBytes: megabytes(10),
        maxFiles: performerDocumentFields.length,
        fileFields: performerDocumentFields,
      });
      return { data: await performers.uploadMyDocuments(ctx, { actor: actorOf(req), documents: files }) };
    },
  );

  app.get(
    '/performers/user/search',
    { schema: { tags, querystring: ZPerformerSearchQuery, response: { 200: listOf(ZPerformerPublic) } } },
    async (req) =>
      performers.searchPerformers(ctx, {
        actor: req.actor,
        country: await countryOf(ctx, req),
        query: req.query,
      }),
  );

  app.get(
    '/performers/search/random',
    { schema: { tags, querystring: ZPerformerRandomQuery, response: { 200: listOf(ZPerformerPublic) } } },
    async (req) =>
      performers.randomPerformers(ctx, {
        actor: req.actor,
        country: await countryOf(ctx, req),
        limit: req.query.limit,
      }),
  );

  app.get(
    '/performers/top',
    { schema: { tags, querystring: ZPerformerTopQuery, response: { 200: listOf(ZPerformerPublic) } } },
    async (req) =>
      performers.topPerformers(ctx, { actor: req.actor, country: await countryOf(ctx, req), ...req.query }),
  );

  app.get(
    '/performers/:id',
    {
      schema: { tags, params: ZPerformerParams, response: { 200: dataOf(ZPerformerPublic) } },
      // A signed-out view is the same object for a few seconds (public-profile-cache.ts): written out once.
      serializerCompiler: serializeOncePerData,
    },
    async (req) => ({
      data: await performers.findPerformerProfile(ctx, {
        idOrUsername: req.params.id,
        actor: req.actor,
        country: await countryOf(ctx, req),
      }),
    }),
  );
};
