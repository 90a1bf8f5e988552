import {
  dataOf,
  listOf,
  ZCallCreate,
  ZCallListQuery,
  ZCallMediaGrant,
  ZCallParams,
  ZCallPriceEdit,
  ZCallPriceQuery,
  ZCallSession,
  ZPrivateRequestCreate,
} from '@fanstage/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { actorOf, requireAuth } from '../../plugins/auth';
import { countryOf } from '../access/geo';
import { requireCreator } from '../performers/performers.access';
import * as calls from './calls.service';

const tags = ['Private shows and calls'];
const ZOne = dataOf(ZCallSession);
const ZList = listOf(ZCallSession);
const originOf = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

/**
 * Private shows (`/streaming/private/request...`, spec section 7) and 1-on-1 calls
 * (`/streaming/calls...`, docs/decisions/live-video-plan.md), billed per minute by the call ticker.
 */
export const callsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const show = 'private_show' as const;
  const call = 'call' as const;
  const one = { preHandler: requireAuth, schema: { tags, params: ZCallParams, response: { 200: ZOne } } };

  app.post(
    '/streaming/private/request',
    { preHandler: requireAuth, schema: { tags, body: ZPrivateRequestCreate, response: { 200: ZOne } } },
    async (req) => ({
      data: await calls.requestPrivateShow(ctx, {
        actor: actorOf(req),
        country: await countryOf(ctx, req),
        input: req.body,
      }),
    }),
  );
  app.get(
    '/streaming/private/request/search',
    { preHandler: requireAuth, schema: { tags, querystring: ZCallListQuery, response: { 200: ZList } } },
    async (req) => calls.listPrivateShows(ctx, { actor: actorOf(req), side: 'fan', query: req.query }),
  );
  app.get(
    '/streaming/private/request',
    { preHandler: requireCreator, schema: { tags, querystring: ZCallListQuery, response: { 200: ZList } } },
    async (req) => calls.listPrivateShows(ctx, { actor: actorOf(req), side: 'creator', query: req.query }),
  );
  app.get('/streaming/private/request/:id', one, async (req) => ({
    data: await calls.getMyCallSession(ctx, { actor: actorOf(req), id: req.params.id, kind: show }),
  }));
  for (const answer of ['approve', 'reject'] as const) {
    app.post(`/streaming/private/request/:id/${answer}`, one, async (req) => ({
      data: await calls.answerPrivateShow(ctx, { actor: actorOf(req), id: req.params.id, answer }),
    }));
  }
  app.delete('/streaming/private/request/:id', one, async (req) => ({
    data: await calls.cancelPrivateShow(ctx, { actor: actorOf(req), id: req.params.id }),
  }));
  app.get(
    '/streaming/private/request/:id/start',
    {
      preHandler: requireAuth,
      schema: { tags, params: ZCallParams, querystring: ZCallPriceQuery, response: { 200: ZOne } },
    },
    async (req) => ({
      data: await calls.startPrivateShow(ctx, {
        actor: actorOf(req),
        id: req.params.id,
        price: req.query.price,
      }),
    }),
  );
  app.post(
    '/streaming/private/request/:id/edit',
    {
      preHandler: requireAuth,
      schema: { tags, params: ZCallParams, body: ZCallPriceEdit, response: { 200: ZOne } },
    },
    async (req) => ({
      data: await calls.editPrivateShowPrice(ctx, {
        actor: actorOf(req),
        id: req.params.id,
        price: req.body.price,
      }),
    }),
  );
  app.post('/streaming/private/request/:id/finish', one, async (req) => ({
    data: await calls.finishCallSession(ctx, { actor: actorOf(req), id: req.params.id, kind: show }),
  }));
  app.post('/streaming/private/request/:id/heartbeat', one, async (req) => ({
    data: await calls.heartbeatCallSession(ctx, { actor: actorOf(req), id: req.params.id, kind: show }),
  }));
  app.get(
    '/streaming/private/request/:id/join',
    {
      preHandler: requireAuth,
      schema: { tags, params: ZCallParams, response: { 200: dataOf(ZCallMediaGrant) } },
    },
    async (req) => ({
      data: await calls.joinCallSession(ctx, {
        actor: actorOf(req),
        id: req.params.id,
        kind: show,
        origin: originOf(req),
      }),
    }),
  );

  app.post(
    '/streaming/calls',
    { preHandler: requireAuth, schema: { tags, body: ZCallCreate, response: { 200: ZOne } } },
    async (req) => ({
      data: await calls.startCall(ctx, {
        actor: actorOf(req),
        country: await countryOf(ctx, req),
        input: req.body,
      }),
    }),
  );
  app.get(
    '/streaming/calls',
    { preHandler: requireAuth, schema: { tags, querystring: ZCallListQuery, response: { 200: ZList } } },
    async (req) => calls.listCalls(ctx, { actor: actorOf(req), query: req.query }),
  );
  app.get('/streaming/calls/:id', one, async (req) => ({
    data: await calls.getMyCallSession(ctx, { actor: actorOf(req), id: req.params.id, kind: call }),
  }));
  app.post('/streaming/calls/:id/accept', one, async (req) => ({
    data: await calls.acceptCall(ctx, { actor: actorOf(req), id: req.params.id }),
  }));
  for (const action of ['decline', 'cancel'] as const) {
    app.post(`/streaming/calls/:id/${action}`, one, async (req) => ({
      data: await calls.refuseCall(ctx, { actor: actorOf(req), id: req.params.id, action }),
    }));
  }
  app.post('/streaming/calls/:id/end', one, async (req) => ({
    data: await calls.finishCallSession(ctx, { actor: actorOf(req), id: req.params.id, kind: call }),
  }));
  app.post('/streaming/calls/:id/heartbeat', one, async (req) => ({
    data: await calls.heartbeatCallSession(ctx, { actor: actorOf(req), id: req.params.id, kind: call }),
  }));
  app.get(
    '/streaming/calls/:id/join',
    {
      preHandler: requireAuth,
      schema: { tags, params: ZCallParams, response: { 200: dataOf(ZCallMediaGrant) } },
    },
    async (req) => ({
      data: await calls.joinCallSession(ctx, {
        actor: actorOf(req),
        id: req.params.id,
        kind: call,
        origin: originOf(req),
      }),
    }),
  );
};
