import {
  dataOf,
  listOf,
  ZAddress,
  ZAddressFields,
  ZAddressParams,
  ZAddressSearchQuery,
  ZOk,
} from '@fanstage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { actorOf, requireAuth } from '../../plugins/auth';
import * as addresses from './addresses.service';

const tags = ['Addresses'];

/** A user's own delivery addresses; someone else's id answers 404. */
export const addressesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/addresses/create',
    { preHandler: requireAuth, schema: { tags, body: ZAddressFields, response: { 200: dataOf(ZAddress) } } },
    async (req) => ({ data: await addresses.createAddress(ctx, { actor: actorOf(req), input: req.body }) }),
  );

  app.put(
    '/addresses/:id',
    {
      preHandler: requireAuth,
      schema: { tags, params: ZAddressParams, body: ZAddressFields, response: { 200: dataOf(ZAddress) } },
    },
    async (req) => ({
      data: await addresses.updateAddress(ctx, { actor: actorOf(req), id: req.params.id, input: req.body }),
    }),
  );

  app.get(
    '/addresses/search',
    {
      preHandler: requireAuth,
      schema: { tags, querystring: ZAddressSearchQuery, response: { 200: listOf(ZAddress) } },
    },
    async (req) => addresses.searchMyAddresses(ctx, { actor: actorOf(req), query: req.query }),
  );

  app.delete(
    '/addresses/:id',
    { preHandler: requireAuth, schema: { tags, params: ZAddressParams, response: { 200: ZOk } } },
    async (req) => {
      await addresses.deleteAddress(ctx, { actor: actorOf(req), id: req.params.id });
      return { data: { success: true } };
    },
  );
};
