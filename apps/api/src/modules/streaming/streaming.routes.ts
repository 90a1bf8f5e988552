import {
  dataOf,
  listOf,
  ZAgoraToken,
  ZAgoraTokenRequest,
  ZEditLiveRequest,
  ZGoLiveRequest,
  ZLiveMediaGrant,
  ZLiveSession,
  ZLiveSessionParams,
  ZLiveSessionSearchQuery,
  ZSetLiveDurationRequest,
} from '@fanstage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { actorOf, requireAuth } from '../../plugins/auth';
import { countryOf } from '../access/geo';
import { issueCallAgoraToken } from '../calls/calls.service';
import { requireCreator } from '../performers/performers.access';
import { isJanusEventsAuthorized, ZJanusEventBatch } from './janus/janus-events';
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
    async (req) =>
      streaming.searchLive(ctx, {
        actor: req.actor ?? null,
        country: await countryOf(ctx, req),
        query: req.query,
      }),
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
        country: await countryOf(ctx, req),
        id: req.params.id,
        // The browser reaches our Janus proxy where it reached this API.
        origin: `${req.protocol}://${req.host}`,
      }),
    }),
  );

  app.post(
    '/streaming/agora/token',
    {
      preHandler: requireAuth,
      schema: { tags, body: ZAgoraTokenRequest, response: { 200: dataOf(ZAgoraToken) } },
    },
    async (req) => ({
      data: req.body.callId
        ? await issueCallAgoraToken(ctx, { actor: actorOf(req), id: req.body.callId })
        : await streaming.issueShowAgoraToken(ctx, {
            actor: actorOf(req),
            country: await countryOf(ctx, req),
            id: req.body.streamId ?? '',
          }),
    }),
  );

  // Janus's HTTP event handler, not people: basic auth with the credentials of the Janus we use,
  // checked before the body is read, so a stranger's post costs nothing and changes nothing.
  app.post(
    '/streaming/janus-events',
    {
      bodyLimit: 512 * 1024,
      onRequest: async (req) => {
        if (!isJanusEventsAuthorized(req.headers.authorization, ctx.media.eventsCredentials())) {
          throw new AppError('UNAUTHENTICATED', 'These Janus event credentials are not accepted.');
        }
      },
      schema: {
        hide: true,
        body: ZJanusEventBatch,
        response: { 200: dataOf(z.object({ read: z.number().int() })) },
      },
    },
    async (req) => ({ data: { read: await streaming.receiveJanusEvents(ctx, { batch: req.body }) } }),
  );

  app.get(
    '/streaming/:id',
    { schema: { tags, params: ZLiveSessionParams, response: { 200: ZLiveSessionResponse } } },
    async (req) => ({
      data: await streaming.getLiveSession(ctx, {
        actor: req.actor ?? null,
        country: await countryOf(ctx, req),
        id: req.params.id,
        withViewerCount: true,
      }),
    }),
  );
};
