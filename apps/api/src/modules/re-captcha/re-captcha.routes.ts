import { ZOk, ZReCaptchaVerifyRequest } from '@fanstage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { verifyReCaptchaToken } from './re-captcha.adapter';

export const reCaptchaRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/re-captcha/verify',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags: ['Settings'], body: ZReCaptchaVerifyRequest, response: { 200: ZOk } },
    },
    async (req) => {
      // Without a secret there is nothing to check against; an admin must set RECAPTCHA_SECRET.
      if (!ctx.config.RECAPTCHA_SECRET) {
        throw new AppError('UNPROCESSABLE', 'reCAPTCHA is not set up on this site.');
      }
      await verifyReCaptchaToken(ctx.config, req.body.token, req.ip);
      return { data: { success: true } };
    },
  );
};
