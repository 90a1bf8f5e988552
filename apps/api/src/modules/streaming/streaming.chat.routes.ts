import {
  dataOf,
  listOf,
  ZLiveViewerModeration,
  ZLiveViewerParams,
  ZStreamConversation,
  ZStreamConversationParams,
  ZStreamMessage,
  ZStreamMessageCreate,
  ZStreamMessageListQuery,
  ZStreamPerformerParams,
} from '@fanstage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { actorOf, requireAuth } from '../../plugins/auth';
import { requireCreator } from '../performers/performers.access';
import * as chat from './streaming.chat';

const tags = ['Live chat'];

/**
 * A live show's public chat (spec section 7, the stream routes of Conversations and Messages) and
 * the creator's moderation of viewers. `{id}` of `/messages/stream/...` is the chat's conversation
 * id (`conversationId` of the show). Tips are `POST /wallet/charges/tip/{performerId}` with `streamId`.
 */
export const streamingChatRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/conversations/stream/performer/:id',
    {
      preHandler: requireAuth,
      schema: { tags, params: ZStreamPerformerParams, response: { 200: dataOf(ZStreamConversation) } },
    },
    async (req) => ({
      data: await chat.getStreamConversationOfPerformer(ctx, {
        actor: actorOf(req),
        performerId: req.params.id,
      }),
    }),
  );

  for (const path of ['/messages/stream/:id', '/messages/conversations/public/:id']) {
    app.get(
      path,
      {
        preHandler: requireAuth,
        schema: {
          tags,
          params: ZStreamConversationParams,
          querystring: ZStreamMessageListQuery,
          response: { 200: listOf(ZStreamMessage) },
        },
      },
      async (req) =>
        chat.listStreamChat(ctx, { actor: actorOf(req), conversationId: req.params.id, query: req.query }),
    );
  }

  app.post(
    '/messages/stream/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        params: ZStreamConversationParams,
        body: ZStreamMessageCreate,
        response: { 200: dataOf(ZStreamMessage) },
      },
    },
    async (req) => ({
      data: await chat.postStreamChat(ctx, {
        actor: actorOf(req),
        conversationId: req.params.id,
        input: req.body,
      }),
    }),
  );

  app.delete(
    '/messages/stream/:id/remove-all-message',
    {
      // The service says why a viewer may not (a sentence about this show, not about roles).
      preHandler: requireAuth,
      schema: {
        tags,
        params: ZStreamConversationParams,
        response: { 200: dataOf(z.object({ removed: z.number().int() })) },
      },
    },
    async (req) => ({
      data: await chat.clearStreamChat(ctx, { actor: actorOf(req), conversationId: req.params.id }),
    }),
  );

  const moderations = [
    ['post', 'mute', 'mute'],
    ['delete', 'mute', 'unmute'],
    ['post', 'remove', 'remove'],
  ] as const;
  for (const [method, segment, action] of moderations) {
    app[method](
      `/streaming/live/:id/viewers/:userId/${segment}`,
      {
        preHandler: requireCreator,
        schema: { tags, params: ZLiveViewerParams, response: { 200: dataOf(ZLiveViewerModeration) } },
      },
      async (req) => ({
        data: await chat.moderateViewer(ctx, {
          actor: actorOf(req),
          sessionId: req.params.id,
          userId: req.params.userId,
          action,
        }),
      }),
    );
  }
};
