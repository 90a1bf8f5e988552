import {
  dataOf,
  listOf,
  ZContactMessage,
  ZContactMessageParams,
  ZContactMessageQuery,
  ZContactRequest,
  ZMessageResponse,
} from '@fanstage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { actorOf, requireRole } from '../../plugins/auth';
import { requireReCaptcha } from '../re-captcha/re-captcha.service';
import { listContactMessages, markContactMessageHandled, sendContactMessage } from './contact.service';

export const contactRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/contact',
    {
      // Anyone may write, so per IP, with the same budget as the other routes that send mail.
      config: { rateLimit: { max: ctx.config.EMAIL_RATE_LIMIT, timeWindow: '1 hour' } },
      schema: { tags: ['Settings'], body: ZContactRequest, response: { 200: ZMessageResponse } },
    },
    async (req) => {
      await requireReCaptcha(ctx, req.body.reCaptchaToken, req.ip);
      const message = await sendContactMessage(ctx, req.body, { userId: req.actor?.id });
      return { data: { success: true, message } };
    },
  );

  app.get(
    '/admin/contact-messages',
    {
      preHandler: requireRole('admin'),
      schema: {
        tags: ['Admin'],
        querystring: ZContactMessageQuery,
        response: { 200: listOf(ZContactMessage) },
      },
    },
    async (req) => listContactMessages(ctx, req.query),
  );

  app.post(
    '/admin/contact-messages/:id/handled',
    {
      preHandler: requireRole('admin'),
      schema: { tags: ['Admin'], params: ZContactMessageParams, response: { 200: dataOf(ZContactMessage) } },
    },
    async (req) => ({
      data: await markContactMessageHandled(ctx, { actorId: actorOf(req).id, id: req.params.id }),
    }),
  );
};
