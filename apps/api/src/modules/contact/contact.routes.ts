import { ZContactRequest, ZMessageResponse } from '@fanstage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireReCaptcha } from '../re-captcha/re-captcha.service';
import { sendContactMessage } from './contact.service';

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
      return { data: { success: true, message: await sendContactMessage(ctx, req.body) } };
    },
  );
};
