import {
  ZCitiesParams,
  ZCitiesResponse,
  ZCountriesResponse,
  ZFlagParams,
  ZLanguagesResponse,
  ZPhoneCodesResponse,
  ZStatesParams,
  ZStatesResponse,
  ZUserAdditionalResponse,
} from '@fanstage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import * as reference from './reference.service';

const tags = ['Reference'];
/** Reference lists change only with a release; browsers and proxies may keep them for a day. */
const listCache = 'public, max-age=86400';
/** A flag file never changes under its name. */
const flagCache = 'public, max-age=31536000, immutable';

/** Countries, states, cities, languages, phone codes, profile options and flags; public, no login. */
export const referenceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app) => {
  app.get(
    '/countries/list',
    { schema: { tags, response: { 200: ZCountriesResponse } } },
    async (_req, reply) => {
      reply.header('cache-control', listCache);
      return { data: reference.listCountries() };
    },
  );

  app.get(
    '/states/:country',
    { schema: { tags, params: ZStatesParams, response: { 200: ZStatesResponse } } },
    async (req, reply) => {
      const data = await reference.listStates({ country: req.params.country });
      reply.header('cache-control', listCache);
      return { data };
    },
  );

  app.get(
    '/cities/:country/:state',
    { schema: { tags, params: ZCitiesParams, response: { 200: ZCitiesResponse } } },
    async (req, reply) => {
      const data = await reference.listCities({ country: req.params.country, state: req.params.state });
      reply.header('cache-control', listCache);
      return { data };
    },
  );

  app.get(
    '/languages/list',
    { schema: { tags, response: { 200: ZLanguagesResponse } } },
    async (_req, reply) => {
      reply.header('cache-control', listCache);
      return { data: reference.listLanguages() };
    },
  );

  app.get(
    '/phone-codes/list',
    { schema: { tags, response: { 200: ZPhoneCodesResponse } } },
    async (_req, reply) => {
      reply.header('cache-control', listCache);
      return { data: reference.listPhoneCodes() };
    },
  );

  app.get(
    '/user-additional',
    { schema: { tags, response: { 200: ZUserAdditionalResponse } } },
    async (_req, reply) => {
      reply.header('cache-control', listCache);
      return { data: reference.getUserAdditional() };
    },
  );

  app.get('/flags/:code.svg', { schema: { tags, params: ZFlagParams } }, async (req, reply) => {
    const svg = await reference.findFlag({ code: req.params.code });
    return reply.header('cache-control', flagCache).type('image/svg+xml').send(svg);
  });
};
