import {
  mediaUploadKinds,
  type TMessageUploadKind,
  ZChatMessageListResponse,
  ZChatMessageResponse,
  ZConversationCreate,
  ZConversationListQuery,
  ZConversationListResponse,
  ZConversationParams,
  ZConversationResponse,
  ZMassMessageCreate,
  ZMassMessageListQuery,
  ZMassMessageListResponse,
  ZMassMessageParams,
  ZMassMessageResponse,
  ZMediaFileStatusResponse,
  ZMediaUploadResponse,
  ZMessageCreate,
  ZMessageFileParams,
  ZMessageListQuery,
  ZMessageParams,
  ZUnreadTotalResponse,
  ZWelcomeMessageResponse,
  ZWelcomeMessageSettings,
} from '@fanstage/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { actorOf, requireAuth } from '../../plugins/auth';
import { sendView } from '../../plugins/views';
import { countryOf } from '../access/geo';
import { receiveUpload } from '../files/files.upload';
import { tempDirOf, uploadLimitOf } from '../media/media.service';
import { requireCreator } from '../performers/performers.access';
import { registerMessageJobs } from './messages.jobs';
import * as mass from './messages.mass';
import * as messages from './messages.service';
import * as welcome from './messages.welcome';

const tags = ['Messages'];
const conversationTags = ['Conversations'];

/**
 * Sending is limited per account, MESSAGE_RATE_LIMIT_PER_MINUTE a minute (default 60): enough for a
 * lively chat, not for a spam run.
 */
const sendRateLimitOf = (ctx: AppContext) => ({
  max: ctx.config.MESSAGE_RATE_LIMIT_PER_MINUTE,
  timeWindow: '1 minute',
  keyGenerator: (req: FastifyRequest) => (req.actor ? `message:${req.actor.id}` : `message-ip:${req.ip}`),
});

const uploadRateLimit = {
  max: 60,
  timeWindow: '1 minute',
  keyGenerator: (req: FastifyRequest) =>
    req.actor ? `message-file:${req.actor.id}` : `message-file-ip:${req.ip}`,
};

export const messagesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const sendRateLimit = sendRateLimitOf(ctx);
  await registerMessageJobs(ctx);

  app.get(
    '/conversations',
    {
      preHandler: requireAuth,
      schema: {
        tags: conversationTags,
        querystring: ZConversationListQuery,
        response: { 200: ZConversationListResponse },
      },
    },
    async (req) => messages.listConversations(ctx, { actor: actorOf(req), ...req.query }),
  );

  app.get(
    '/conversations/search',
    {
      preHandler: requireAuth,
      schema: {
        tags: conversationTags,
        querystring: ZConversationListQuery,
        response: { 200: ZConversationListResponse },
      },
    },
    async (req) => messages.listConversations(ctx, { actor: actorOf(req), ...req.query }),
  );

  app.post(
    '/conversations',
    {
      preHandler: requireAuth,
      schema: { tags: conversationTags, body: ZConversationCreate, response: { 200: ZConversationResponse } },
    },
    async (req) => ({
      data: await messages.startConversation(ctx, {
        actor: actorOf(req),
        country: await countryOf(ctx, req),
        input: req.body,
      }),
    }),
  );

  app.get(
    '/conversations/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags: conversationTags,
        params: ZConversationParams,
        response: { 200: ZConversationResponse },
      },
    },
    async (req) => ({
      data: await messages.getConversation(ctx, { actor: actorOf(req), id: req.params.id }),
    }),
  );

  app.get(
    '/messages/conversations/:id',
    {
      preHandler: requireAuth,
      schema: {
        tags,
        params: ZConversationParams,
        querystring: ZMessageListQuery,
        response: { 200: ZChatMessageListResponse },
      },
    },
    // A repeat read within seconds is this node's copy (plugins/views.ts): anything either member
    // does forgets it.
    async (req, reply) =>
      sendView(ctx, req, reply, {
        country: null,
        read: async () => {
          const { otherMemberId, ...page } = await messages.listMessages(ctx, {
            actor: actorOf(req),
            conversationId: req.params.id,
            query: req.query,
          });
          return { body: page, people: [otherMemberId] };
        },
      }),
  );

  app.post(
    '/messages/conversations/:id',
    {
      preHandler: requireAuth,
      config: { rateLimit: sendRateLimit },
      schema: {
        tags,
        params: ZConversationParams,
        body: ZMessageCreate,
        response: { 200: ZChatMessageResponse },
      },
    },
    async (req) => ({
      data: await messages.sendMessage(ctx, {
        actor: actorOf(req),
        conversationId: req.params.id,
        input: req.body,
      }),
    }),
  );

  const upload = (path: string, kind: TMessageUploadKind | 'any') =>
    app.post(
      path,
      {
        preHandler: requireAuth,
        config: { rateLimit: uploadRateLimit },
        schema: { tags, consumes: ['multipart/form-data'], response: { 200: ZMediaUploadResponse } },
      },
      async (req) => {
        const limit = uploadLimitOf(ctx, kind === 'any' ? 'message-video' : kind);
        const file = await receiveUpload(req, {
          tempDir: tempDirOf(ctx),
          ...limit,
          tooLargeMessage:
            kind === 'any'
              ? `This file is too large; the limit is ${Math.round(limit.maxBytes / 1024 / 1024)} MB for a video and ${Math.round(mediaUploadKinds['message-photo'].maxBytes / 1024 / 1024)} MB for a photo.`
              : limit.tooLargeMessage,
        });
        try {
          return { data: await messages.uploadMessageFile(ctx, { actor: actorOf(req), kind, upload: file }) };
        } finally {
          await file.remove();
        }
      },
    );
  upload('/messages/public/file/photo', 'message-photo');
  upload('/messages/private/file/video', 'message-video');
  upload('/messages/private/file', 'any');

  app.get(
    '/messages/:id/file/:fileId/status',
    {
      preHandler: requireAuth,
      schema: { tags, params: ZMessageFileParams, response: { 200: ZMediaFileStatusResponse } },
    },
    async (req) => ({
      data: await messages.getMessageFileStatus(ctx, { actor: actorOf(req), ...req.params }),
    }),
  );

  app.delete(
    '/messages/:id',
    {
      preHandler: requireAuth,
      schema: { tags, params: ZMessageParams, response: { 200: ZChatMessageResponse } },
    },
    async (req) => ({ data: await messages.deleteMessage(ctx, { actor: actorOf(req), id: req.params.id }) }),
  );

  app.get(
    '/messages/total-unread-messages',
    { preHandler: requireAuth, schema: { tags, response: { 200: ZUnreadTotalResponse } } },
    async (req) => ({ data: await messages.getUnreadTotal(ctx, { actor: actorOf(req) }) }),
  );

  app.post(
    '/messages/read-all/:id',
    {
      preHandler: requireAuth,
      schema: { tags, params: ZConversationParams, response: { 200: ZConversationResponse } },
    },
    async (req) => ({
      data: await messages.readConversation(ctx, { actor: actorOf(req), conversationId: req.params.id }),
    }),
  );

  app.post(
    '/messages/mass',
    {
      preHandler: requireCreator,
      config: { rateLimit: sendRateLimit },
      schema: { tags, body: ZMassMessageCreate, response: { 200: ZMassMessageResponse } },
    },
    async (req) => ({ data: await mass.createMassMessage(ctx, { actor: actorOf(req), input: req.body }) }),
  );

  app.get(
    '/messages/mass',
    {
      preHandler: requireCreator,
      schema: { tags, querystring: ZMassMessageListQuery, response: { 200: ZMassMessageListResponse } },
    },
    async (req) => mass.listMassMessages(ctx, { actor: actorOf(req), ...req.query }),
  );

  app.delete(
    '/messages/mass/:id',
    {
      preHandler: requireCreator,
      schema: { tags, params: ZMassMessageParams, response: { 200: ZMassMessageResponse } },
    },
    async (req) => ({ data: await mass.cancelMassMessage(ctx, { actor: actorOf(req), id: req.params.id }) }),
  );

  app.get(
    '/messages/welcome',
    { preHandler: requireCreator, schema: { tags, response: { 200: ZWelcomeMessageResponse } } },
    async (req) => ({ data: await welcome.getWelcomeMessage(ctx, { actor: actorOf(req) }) }),
  );

  app.put(
    '/messages/welcome',
    {
      preHandler: requireCreator,
      schema: { tags, body: ZWelcomeMessageSettings, response: { 200: ZWelcomeMessageResponse } },
    },
    async (req) => ({
      data: await welcome.saveWelcomeMessage(ctx, { actor: actorOf(req), input: req.body }),
    }),
  );
};
