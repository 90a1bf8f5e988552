import {
  dataOf,
  listOf,
  ZAssetIdParams,
  ZAssetSearchQuery,
  ZOk,
  ZRemoveVideoFileQuery,
  ZVideo,
  ZVideoFileStatus,
  ZVideoFileStatusParams,
} from '@fanstage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { actorOf } from '../../plugins/auth';
import { countryOf } from '../access/geo';
import { requireCreator } from '../performers/performers.access';
import { receiveForm } from './assets.upload';
import * as videos from './videos.service';

const tags = ['Videos'];
const mine = '/performer/performer-assets/videos';

export const videosRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    `${mine}/upload`,
    {
      preHandler: requireCreator,
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: dataOf(ZVideo) } },
    },
    async (req) => {
      const form = await receiveForm(ctx, req, { files: videos.videoFormFiles });
      try {
        return {
          data: await videos.uploadVideo(ctx, {
            actor: actorOf(req),
            fields: form.fields,
            files: form.files,
          }),
        };
      } finally {
        await form.removeAll();
      }
    },
  );

  app.put(
    `${mine}/edit/:id`,
    {
      preHandler: requireCreator,
      schema: {
        tags,
        params: ZAssetIdParams,
        consumes: ['multipart/form-data', 'application/json'],
        response: { 200: dataOf(ZVideo) },
      },
    },
    async (req) => {
      const form = await receiveForm(ctx, req, { files: videos.videoFormFiles });
      try {
        return {
          data: await videos.editVideo(ctx, {
            actor: actorOf(req),
            id: req.params.id,
            fields: form.fields,
            files: form.files,
          }),
        };
      } finally {
        await form.removeAll();
      }
    },
  );

  app.get(
    `${mine}/search`,
    {
      preHandler: requireCreator,
      schema: { tags, querystring: ZAssetSearchQuery, response: { 200: listOf(ZVideo) } },
    },
    async (req) => videos.searchMyVideos(ctx, { actor: actorOf(req), query: req.query }),
  );

  app.get(
    `${mine}/:id/view`,
    {
      preHandler: requireCreator,
      schema: { tags, params: ZAssetIdParams, response: { 200: dataOf(ZVideo) } },
    },
    async (req) => ({ data: await videos.getMyVideo(ctx, { actor: actorOf(req), id: req.params.id }) }),
  );

  app.delete(
    `${mine}/remove-file/:id`,
    {
      preHandler: requireCreator,
      schema: {
        tags,
        params: ZAssetIdParams,
        querystring: ZRemoveVideoFileQuery,
        response: { 200: dataOf(ZVideo) },
      },
    },
    async (req) => ({
      data: await videos.removeVideoFile(ctx, {
        actor: actorOf(req),
        id: req.params.id,
        type: req.query.type,
      }),
    }),
  );

  app.delete(
    `${mine}/:id`,
    { preHandler: requireCreator, schema: { tags, params: ZAssetIdParams, response: { 200: ZOk } } },
    async (req) => {
      await videos.deleteVideo(ctx, { actor: actorOf(req), id: req.params.id });
      return { data: { success: true } };
    },
  );

  app.get(
    '/performer-assets/videos/search',
    { schema: { tags, querystring: ZAssetSearchQuery, response: { 200: listOf(ZVideo) } } },
    async (req) =>
      videos.searchPublicVideos(ctx, {
        actor: req.actor,
        country: await countryOf(ctx, req),
        query: req.query,
      }),
  );

  app.get(
    '/performer-assets/videos/:id',
    { schema: { tags, params: ZAssetIdParams, response: { 200: dataOf(ZVideo) } } },
    async (req) => ({
      data: await videos.getPublicVideo(ctx, {
        actor: req.actor,
        country: await countryOf(ctx, req),
        id: req.params.id,
      }),
    }),
  );

  app.get(
    '/performer-assets/videos/:id/file/:fileId/status',
    { schema: { tags, params: ZVideoFileStatusParams, response: { 200: dataOf(ZVideoFileStatus) } } },
    async (req) => ({
      data: await videos.getVideoFileStatus(ctx, {
        actor: req.actor,
        country: await countryOf(ctx, req),
        id: req.params.id,
        fileId: req.params.fileId,
      }),
    }),
  );
};
