import {
  dataOf,
  listOf,
  ZEditLiveRequest,
  ZGoLiveRequest,
  ZLiveMediaGrant,
  ZLiveSession,
  ZLiveSessionParams,
  ZLiveSessionSearchQuery,
  ZSetLiveDurationRequest,
} from '@fanstage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { actorOf, requireAuth } from '../../plugins/auth';
import { requireCreator } from '../performers/performers.access';
import * as streaming from './streaming.service';

const tags = ['Streaming'];
const ZLiveSessionResponse = dataOf(ZLiveSession);

/** Public live shows and the grants for their video (issue 11); paying for one is `POST /wallet/charges/stream/{id}`. */
export const streamingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/streaming/live',
    {
      preHandler: requireCreator,
      schema: { tags, body: ZGoLiveRequest, response: { 200: ZLiveSessionResponse } },
    },
    async (req) => ({ data: await streaming.goLive(ctx, { actor: actorOf(req), input: req.body }) }),
  );

  app.put(
    '/streaming/live/:id',
    {
      preHandler: requireCreator,
      schema: {
        tags,
        params: ZLiveSessionParams,
        body: ZEditLiveRequest,
        response: { 200: ZLiveSessionResponse },
      },
    },
    async (req) => ({
      data: await streaming.editMyLiveSession(ctx, {
        actor: actorOf(req),
        id: req.params.id,
        input: req.body,
      }),
    }),
  );

  app.put(
    '/streaming/set-duration',
    {
      preHandler: requireCreator,
      schema: { tags, body: ZSetLiveDurationRequest, response: { 200: ZLiveSessionResponse } },
    },
    async (req) => ({
      data: await streaming.setMyLiveDuration(ctx, { actor: actorOf(req), input: req.body }),
    }),
  );

  app.post(
    '/streaming/live/:id/end',
    {
      preHandler: requireCreator,
      schema: { tags, params: ZLiveSessionParams, response: { 200: ZLiveSessionResponse } },
    },
    async (req) => ({
      data: await streaming.endMyLiveSession(ctx, { actor: actorOf(req), id: req.params.id }),
    }),
  );

  app.get(
    '/streaming/user/search',
    { schema: { tags, querystring: ZLiveSessionSearchQuery, response: { 200: listOf(ZLiveSession) } } },
    async (req) => streaming.searchLive(ctx, { actor: req.actor ?? null, query: req.query }),
  );

  app.get(
    '/streaming/join/:id',
    {
      preHandler: requireAuth,
      schema: { tags, params: ZLiveSessionParams, response: { 200: dataOf(ZLiveMediaGrant) } },
    },
    async (req) => ({
      data: await streaming.joinLiveSession(ctx, {
        actor: actorOf(req),
        id: req.params.id,
        // The browser reaches our Janus proxy where it reached this API.
        origin: `${req.protocol}://${req.host}`,
      }),
    }),
  );

  app.get(
    '/streaming/:id',
    { schema: { tags, params: ZLiveSessionParams, response: { 200: ZLiveSessionResponse } } },
    async (req) => ({
      data: await streaming.getLiveSession(ctx, {
        actor: req.actor ?? null,
        id: req.params.id,
        withViewerCount: true,
      }),
    }),
  );
};
