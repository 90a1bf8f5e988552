import { dataOf, listOf, ZAssetIdParams, ZAssetSearchQuery, ZOk, ZProduct } from '@fanstage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { actorOf } from '../../plugins/auth';
import { countryOf } from '../access/geo';
import { requireCreator } from '../performers/performers.access';
import { receiveForm } from './assets.upload';
import * as products from './products.service';

const tags = ['Products'];
const mine = '/performer/performer-assets/products';
const consumes = ['multipart/form-data', 'application/json'];

export const productsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    mine,
    { preHandler: requireCreator, schema: { tags, consumes, response: { 200: dataOf(ZProduct) } } },
    async (req) => {
      const form = await receiveForm(ctx, req, { files: products.productFormFiles });
      try {
        return {
          data: await products.createProduct(ctx, {
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
    `${mine}/:id`,
    {
      preHandler: requireCreator,
      schema: { tags, consumes, params: ZAssetIdParams, response: { 200: dataOf(ZProduct) } },
    },
    async (req) => {
      const form = await receiveForm(ctx, req, { files: products.productFormFiles });
      try {
        return {
          data: await products.updateProduct(ctx, {
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
      schema: { tags, querystring: ZAssetSearchQuery, response: { 200: listOf(ZProduct) } },
    },
    async (req) => products.searchMyProducts(ctx, { actor: actorOf(req), query: req.query }),
  );

  app.get(
    `${mine}/:id/view`,
    {
      preHandler: requireCreator,
      schema: { tags, params: ZAssetIdParams, response: { 200: dataOf(ZProduct) } },
    },
    async (req) => ({ data: await products.getMyProduct(ctx, { actor: actorOf(req), id: req.params.id }) }),
  );

  app.delete(
    `${mine}/:id`,
    { preHandler: requireCreator, schema: { tags, params: ZAssetIdParams, response: { 200: ZOk } } },
    async (req) => {
      await products.deleteProduct(ctx, { actor: actorOf(req), id: req.params.id });
      return { data: { success: true } };
    },
  );

  app.get(
    '/performer-assets/products/search',
    { schema: { tags, querystring: ZAssetSearchQuery, response: { 200: listOf(ZProduct) } } },
    async (req) =>
      products.searchPublicProducts(ctx, {
        actor: req.actor,
        country: await countryOf(ctx, req),
        query: req.query,
      }),
  );

  app.get(
    '/performer-assets/products/:id',
    { schema: { tags, params: ZAssetIdParams, response: { 200: dataOf(ZProduct) } } },
    async (req) => ({
      data: await products.getPublicProduct(ctx, {
        actor: req.actor,
        country: await countryOf(ctx, req),
        id: req.params.id,
      }),
    }),
  );
};
