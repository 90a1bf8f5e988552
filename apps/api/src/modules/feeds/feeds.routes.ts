import {
  type TFeed,
  ZFeedCreateRequest,
  ZFeedFileParams,
  ZFeedListResponse,
  ZFeedParams,
  ZFeedResponse,
  ZFeedUpdateRequest,
  ZFeedUsernameParams,
  ZMediaFileStatusResponse,
  ZOk,
  ZPerformerFeedQuery,
  ZPollCreateRequest,
  ZUserFeedQuery,
  ZVoteRequest,
} from '@fanstage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { viewTopics } from '../../lib/view-cache';
import { actorOf, requireAuth } from '../../plugins/auth';
import { sendView } from '../../plugins/views';
import { countryOf } from '../access/geo';
import { requireCreator } from '../performers/performers.access';
import { defaultLeafSvg } from './feeds.presenter';
import * as feeds from './feeds.service';

const tags = ['Feeds'];

const creatorsOf = (cards: TFeed[]) => cards.map((card) => card.performer._id);

export const feedsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/files/defaults/leaf.svg', { schema: { hide: true } }, async (_req, reply) =>
    reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml').send(defaultLeafSvg),
  );

  app.post(
    '/performer/feeds',
    {
      preHandler: requireCreator,
      schema: { tags, body: ZFeedCreateRequest, response: { 200: ZFeedResponse } },
    },
    async (req) => ({ data: await feeds.createFeed(ctx, { actor: actorOf(req), input: req.body }) }),
  );

  app.post(
    '/performer/feeds/polls',
    {
      preHandler: requireCreator,
      schema: { tags, body: ZPollCreateRequest, response: { 200: ZFeedResponse } },
    },
    async (req) => ({ data: await feeds.createPoll(ctx, { actor: actorOf(req), input: req.body }) }),
  );

  app.get(
    '/performer/feeds',
    {
      preHandler: requireCreator,
      schema: { tags, querystring: ZPerformerFeedQuery, response: { 200: ZFeedListResponse } },
    },
    async (req) => feeds.listMyFeeds(ctx, { actor: actorOf(req), ...req.query }),
  );

  app.get(
    '/performer/feeds/:id',
    { preHandler: requireCreator, schema: { tags, params: ZFeedParams, response: { 200: ZFeedResponse } } },
    async (req) => ({ data: await feeds.getMyFeed(ctx, { actor: actorOf(req), id: req.params.id }) }),
  );

  app.put(
    '/performer/feeds/:id',
    {
      preHandler: requireCreator,
      schema: { tags, params: ZFeedParams, body: ZFeedUpdateRequest, response: { 200: ZFeedResponse } },
    },
    async (req) => ({
      data: await feeds.updateMyFeed(ctx, { actor: actorOf(req), id: req.params.id, input: req.body }),
    }),
  );

  app.delete(
    '/performer/feeds/:id',
    { preHandler: requireCreator, schema: { tags, params: ZFeedParams, response: { 200: ZOk } } },
    async (req) => ({ data: await feeds.deleteMyFeed(ctx, { actor: actorOf(req), id: req.params.id }) }),
  );

  app.get(
    '/user/feeds',
    {
      preHandler: requireAuth,
      schema: { tags, querystring: ZUserFeedQuery, response: { 200: ZFeedListResponse } },
    },
    // A repeat read within seconds is this node's copy (plugins/views.ts); a post fanned out to
    // timelines forgets every home timeline's copy.
    async (req, reply) => {
      const country = await countryOf(ctx, req);
      return sendView(ctx, req, reply, {
        country,
        read: async () => {
          const page = await feeds.listHomeFeed(ctx, { actor: actorOf(req), country, ...req.query });
          return { body: page, people: [viewTopics.homeTimelines, ...creatorsOf(page.data)] };
        },
      });
    },
  );

  app.get(
    '/user/feeds/search/:username',
    {
      schema: {
        tags,
        params: ZFeedUsernameParams,
        querystring: ZPerformerFeedQuery,
        response: { 200: ZFeedListResponse },
      },
    },
    async (req, reply) => {
      const country = await countryOf(ctx, req);
      return sendView(ctx, req, reply, {
        country,
        read: async () => {
          const { performerId, ...page } = await feeds.listCreatorFeed(ctx, {
            actor: req.actor ?? null,
            country,
            username: req.params.username,
            ...req.query,
          });
          return { body: page, people: [performerId, ...creatorsOf(page.data)] };
        },
      });
    },
  );

  app.get(
    '/user/feeds/:id',
    { schema: { tags, params: ZFeedParams, response: { 200: ZFeedResponse } } },
    async (req) => ({
      data: await feeds.getFeed(ctx, {
        actor: req.actor ?? null,
        country: await countryOf(ctx, req),
        id: req.params.id,
      }),
    }),
  );

  app.post(
    '/user/feeds/vote/:id',
    {
      preHandler: requireAuth,
      schema: { tags, params: ZFeedParams, body: ZVoteRequest, response: { 200: ZFeedResponse } },
    },
    async (req) => ({
      data: await feeds.voteOnPoll(ctx, {
        actor: actorOf(req),
        country: await countryOf(ctx, req),
        id: req.params.id,
        optionId: req.body.optionId,
      }),
    }),
  );

  app.get(
    '/user/feeds/:id/file/:fileId/status',
    {
      preHandler: requireAuth,
      schema: { tags, params: ZFeedFileParams, response: { 200: ZMediaFileStatusResponse } },
    },
    async (req) => ({
      data: await feeds.getFeedFileStatus(ctx, {
        actor: actorOf(req),
        country: await countryOf(ctx, req),
        ...req.params,
      }),
    }),
  );
};
