import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { galleriesRoutes } from './galleries.routes';
import { productsRoutes } from './products.routes';
import { videosRoutes } from './videos.routes';

/** Every creator-asset route: galleries and photos, videos, products. */
export const assetsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(galleriesRoutes, { ctx });
  await app.register(videosRoutes, { ctx });
  await app.register(productsRoutes, { ctx });
};
