import {
  dataOf,
  listOf,
  ZAssetIdParams,
  ZAssetPerformerParams,
  ZAssetSearchQuery,
  ZGallery,
  ZGalleryCreate,
  ZGalleryDetail,
  ZGalleryUpdate,
  ZId,
  ZListQuery,
  ZOk,
  ZPhoto,
  ZPhotoUpdate,
} from '@fanstage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { actorOf } from '../../plugins/auth';
import { countryOf } from '../access/geo';
import { requireCreator } from '../performers/performers.access';
import { receiveForm } from './assets.upload';
import * as galleries from './galleries.service';
import * as photos from './photos.service';

const tags = ['Galleries and photos'];
const mine = '/performer/performer-assets';
const ZPhotoSearchQuery = ZListQuery.extend({ galleryId: ZId.optional() });

export const galleriesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Creator side ----------------------------------------------------------------------------
  app.post(
    `${mine}/galleries`,
    {
      preHandler: requireCreator,
      schema: { tags, body: ZGalleryCreate, response: { 200: dataOf(ZGallery) } },
    },
    async (req) => ({ data: await galleries.createGallery(ctx, { actor: actorOf(req), input: req.body }) }),
  );

  app.get(
    `${mine}/galleries/search`,
    {
      preHandler: requireCreator,
      schema: { tags, querystring: ZAssetSearchQuery, response: { 200: listOf(ZGallery) } },
    },
    async (req) => galleries.searchMyGalleries(ctx, { actor: actorOf(req), query: req.query }),
  );

  app.get(
    `${mine}/galleries/:id`,
    {
      preHandler: requireCreator,
      schema: { tags, params: ZAssetIdParams, response: { 200: dataOf(ZGallery) } },
    },
    async (req) => ({ data: await galleries.getMyGallery(ctx, { actor: actorOf(req), id: req.params.id }) }),
  );

  app.put(
    `${mine}/galleries/:id`,
    {
      preHandler: requireCreator,
      schema: { tags, params: ZAssetIdParams, body: ZGalleryUpdate, response: { 200: dataOf(ZGallery) } },
    },
    async (req) => ({
      data: await galleries.updateGallery(ctx, { actor: actorOf(req), id: req.params.id, input: req.body }),
    }),
  );

  app.delete(
    `${mine}/galleries/:id`,
    { preHandler: requireCreator, schema: { tags, params: ZAssetIdParams, response: { 200: ZOk } } },
    async (req) => {
      await galleries.deleteGallery(ctx, { actor: actorOf(req), id: req.params.id });
      return { data: { success: true } };
    },
  );

  app.post(
    `${mine}/photos/upload`,
    {
      preHandler: requireCreator,
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: listOf(ZPhoto) } },
    },
    async (req) => {
      const form = await receiveForm(ctx, req, {
        files: { photo: { kind: 'gallery-photo', maxCount: photos.maxPhotosPerUpload } },
      });
      try {
        const data = await photos.uploadPhotos(ctx, {
          actor: actorOf(req),
          fields: form.fields,
          uploads: form.files.photo ?? [],
        });
        return { data, total: data.length };
      } finally {
        await form.removeAll();
      }
    },
  );

  app.get(
    `${mine}/photos/search`,
    {
      preHandler: requireCreator,
      schema: { tags, querystring: ZPhotoSearchQuery, response: { 200: listOf(ZPhoto) } },
    },
    async (req) => photos.searchMyPhotos(ctx, { actor: actorOf(req), query: req.query }),
  );

  app.put(
    `${mine}/photos/:id`,
    {
      preHandler: requireCreator,
      schema: { tags, params: ZAssetIdParams, body: ZPhotoUpdate, response: { 200: dataOf(ZPhoto) } },
    },
    async (req) => ({
      data: await photos.updatePhoto(ctx, { actor: actorOf(req), id: req.params.id, input: req.body }),
    }),
  );

  app.delete(
    `${mine}/photos/:id`,
    { preHandler: requireCreator, schema: { tags, params: ZAssetIdParams, response: { 200: ZOk } } },
    async (req) => {
      await photos.deletePhoto(ctx, { actor: actorOf(req), id: req.params.id });
      return { data: { success: true } };
    },
  );

  app.post(
    `${mine}/photos/set-cover/:id`,
    {
      preHandler: requireCreator,
      schema: { tags, params: ZAssetIdParams, response: { 200: dataOf(ZPhoto) } },
    },
    async (req) => ({ data: await photos.setCoverPhoto(ctx, { actor: actorOf(req), id: req.params.id }) }),
  );

  // Fan side (visitors too: they see everything locked) ------------------------------------
  app.get(
    '/performer-assets/galleries/search',
    { schema: { tags, querystring: ZAssetSearchQuery, response: { 200: listOf(ZGallery) } } },
    async (req) =>
      galleries.searchPublicGalleries(ctx, {
        actor: req.actor,
        country: await countryOf(ctx, req),
        query: req.query,
      }),
  );

  app.get(
    '/performer-assets/galleries/:id',
    { schema: { tags, params: ZAssetIdParams, response: { 200: dataOf(ZGalleryDetail) } } },
    async (req) => ({
      data: await galleries.getPublicGallery(ctx, {
        actor: req.actor,
        country: await countryOf(ctx, req),
        id: req.params.id,
      }),
    }),
  );

  app.get(
    '/performer-assets/galleries/:id/download',
    { compress: false, schema: { tags, params: ZAssetIdParams, produces: ['application/zip'] } },
    async (req, reply) => {
      const archive = await galleries.prepareGalleryDownload(ctx, {
        actor: req.actor,
        country: await countryOf(ctx, req),
        id: req.params.id,
      });
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${archive.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(galleries.streamGalleryArchive(ctx, archive));
    },
  );

  app.get(
    '/performer-assets/photos',
    {
      schema: {
        tags,
        querystring: ZPhotoSearchQuery.extend({ performerId: ZId.optional() }),
        response: { 200: listOf(ZPhoto) },
      },
    },
    async (req) =>
      photos.searchPublicPhotos(ctx, {
        actor: req.actor,
        country: await countryOf(ctx, req),
        performerId: req.query.performerId,
        galleryId: req.query.galleryId,
        query: req.query,
      }),
  );

  app.get(
    '/performer-assets/photos/:performerId',
    {
      schema: {
        tags,
        params: ZAssetPerformerParams,
        querystring: ZPhotoSearchQuery,
        response: { 200: listOf(ZPhoto) },
      },
    },
    async (req) =>
      photos.searchPublicPhotos(ctx, {
        actor: req.actor,
        country: await countryOf(ctx, req),
        performerId: req.params.performerId,
        galleryId: req.query.galleryId,
        query: req.query,
      }),
  );
};
