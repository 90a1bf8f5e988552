import {
  performerDocumentFields,
  sessionCookie,
  ZChangeEmailRequest,
  ZChangePasswordRequest,
  ZConfirmEmailChangeRequest,
  ZForgotRequest,
  ZLoginRequest,
  ZLoginResponse,
  ZMessageResponse,
  ZOk,
  ZRegisterPerformerFields,
  ZRegisterUserRequest,
  ZResendVerificationRequest,
  ZResetPasswordRequest,
  ZVerifyEmailRequest,
} from '@fanstage/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { megabytes, readMultipart } from '../../lib/uploads';
import { actorOf, requireAuth } from '../../plugins/auth';
import { requireReCaptcha } from '../re-captcha/re-captcha.service';
import * as auth from './auth.service';
import { setSessionCookie as writeSessionCookie } from './session-cookie';

const tags = ['Auth'];

export const authRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const setSessionCookie = (reply: FastifyReply, token: string, remember: boolean) =>
    writeSessionCookie(ctx, reply, token, remember);

  const signupRateLimit = { max: ctx.config.SIGNUP_RATE_LIMIT, timeWindow: '1 hour' };
  const emailRateLimit = { max: ctx.config.EMAIL_RATE_LIMIT, timeWindow: '1 hour' };

  app.post(
    '/auth/users/register',
    {
      schema: { tags, body: ZRegisterUserRequest, response: { 200: ZMessageResponse } },
      config: { rateLimit: signupRateLimit },
    },
    async (req) => {
      await requireReCaptcha(ctx, req.body.reCaptchaToken, req.ip);
      const { message } = await auth.registerUser(ctx, { input: req.body });
      return { data: { success: true, message } };
    },
  );

  app.post(
    '/auth/performers/register',
    {
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: ZMessageResponse } },
      config: { rateLimit: signupRateLimit },
    },
    async (req) => {
      const { fields, files } = await readMultipart(req, {
        maxFileBytes: megabytes(10),
        maxFiles: performerDocumentFields.length,
        fileFields: performerDocumentFields,
      });
      const input = ZRegisterPerformerFields.parse({
        ...fields,
        gender: fields.gender || undefined,
        reCaptchaToken: fields.reCaptchaToken || undefined,
      });
      await requireReCaptcha(ctx, input.reCaptchaToken, req.ip);
      const { message } = await auth.registerPerformer(ctx, {
        input,
        documents: files.map((f) => ({ field: f.field, buffer: f.buffer, filename: f.filename })),
      });
      return { data: { success: true, message } };
    },
  );

  app.post(
    '/auth/login',
    {
      schema: { tags, body: ZLoginRequest, response: { 200: ZLoginResponse } },
      config: { rateLimit: { max: ctx.config.LOGIN_RATE_LIMIT, timeWindow: '1 minute' } },
    },
    async (req, reply) => {
      const session = await auth.login(ctx, {
        input: req.body,
        userAgent: req.headers['user-agent'],
        ip: req.ip,
      });
      // Two-factor: no session yet, the answer is the challenge of the second step.
      if ('challenge' in session) return { data: session.challenge };
      setSessionCookie(reply, session.token, session.remember);
      return { data: { token: session.token } };
    },
  );

  app.post('/auth/logout', { schema: { tags, response: { 200: ZOk } } }, async (req, reply) => {
    if (req.actor) await auth.logout(ctx, { actor: req.actor });
    reply.clearCookie(sessionCookie, { path: '/' });
    return { data: { success: true } };
  });

  app.put(
    '/auth/users/me/password',
    { preHandler: requireAuth, schema: { tags, body: ZChangePasswordRequest, response: { 200: ZOk } } },
    async (req) => {
      await auth.changePassword(ctx, {
        actor: actorOf(req),
        password: req.body.password,
        currentPassword: req.body.currentPassword,
      });
      return { data: { success: true } };
    },
  );

  app.post(
    '/auth/users/me/email',
    {
      preHandler: requireAuth,
      schema: { tags, body: ZChangeEmailRequest, response: { 200: ZMessageResponse } },
      config: { rateLimit: emailRateLimit },
    },
    async (req) => ({
      data: {
        success: true,
        message: await auth.requestEmailChange(ctx, { actor: actorOf(req), ...req.body }),
      },
    }),
  );

  app.post(
    '/auth/email-change/confirm',
    {
      schema: { tags, body: ZConfirmEmailChangeRequest, response: { 200: ZMessageResponse } },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (req) => ({ data: { success: true, message: await auth.confirmEmailChange(ctx, req.body) } }),
  );

  app.post(
    '/auth/users/forgot',
    {
      schema: { tags, body: ZForgotRequest, response: { 200: ZMessageResponse } },
      config: { rateLimit: emailRateLimit },
    },
    async (req) => ({
      data: { success: true, message: await auth.forgotPassword(ctx, { email: req.body.email }) },
    }),
  );

  app.post(
    '/auth/users/reset-password',
    {
      schema: { tags, body: ZResetPasswordRequest, response: { 200: ZMessageResponse } },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (req) => {
      await auth.resetPassword(ctx, req.body);
      return {
        data: { success: true, message: 'Your password is changed. Please log in with the new one.' },
      };
    },
  );

  app.post(
    '/auth/email-verification',
    {
      schema: { tags, body: ZResendVerificationRequest, response: { 200: ZMessageResponse } },
      config: { rateLimit: emailRateLimit },
    },
    async (req) => ({
      data: { success: true, message: await auth.resendVerification(ctx, { email: req.body.email }) },
    }),
  );

  app.post(
    '/auth/email-verification/verify',
    { schema: { tags, body: ZVerifyEmailRequest, response: { 200: ZMessageResponse } } },
    async (req) => {
      await auth.verifyEmail(ctx, req.body);
      return { data: { success: true, message: 'Your email is verified. Thank you!' } };
    },
  );
};
