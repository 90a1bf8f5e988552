import {
  dataOf,
  ZId,
  ZOk,
  ZRecoveryCodes,
  ZTokenResponse,
  ZTwoFactorChallengeConfirmRequest,
  ZTwoFactorChallengeRequest,
  ZTwoFactorCodeRequest,
  ZTwoFactorDisableRequest,
  ZTwoFactorEnrolledSession,
  ZTwoFactorEnrolment,
  ZTwoFactorResetRequest,
  ZTwoFactorStatus,
  ZTwoFactorVerifyRequest,
} from '@fanstage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { actorOf, requireAuth, requireRole } from '../../plugins/auth';
import { setSessionCookie } from '../auth/session-cookie';
import * as twoFactor from './two-factor.service';

const tags = ['Two-factor'];

/**
 * Two-factor sign-in: the account's own settings under /users/me/2fa, the second step of a login
 * under /auth/2fa (no session yet: the challenge token from the login proves the password), and an
 * admin's reset. The sign-in routes are rate limited per IP like the login.
 */
export const twoFactorRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const signInRateLimit = { rateLimit: { max: ctx.config.LOGIN_RATE_LIMIT, timeWindow: '1 minute' } };
  const client = (req: { headers: { 'user-agent'?: string }; ip: string }) => ({
    userAgent: req.headers['user-agent'],
    ip: req.ip,
  });

  app.get(
    '/users/me/2fa',
    { preHandler: requireAuth, schema: { tags, response: { 200: dataOf(ZTwoFactorStatus) } } },
    async (req) => ({ data: await twoFactor.getStatus(ctx, { actor: actorOf(req) }) }),
  );

  app.post(
    '/users/me/2fa/enrolment',
    { preHandler: requireAuth, schema: { tags, response: { 200: dataOf(ZTwoFactorEnrolment) } } },
    async (req) => ({ data: await twoFactor.startEnrolment(ctx, { actor: actorOf(req) }) }),
  );

  app.post(
    '/users/me/2fa/enrolment/confirm',
    {
      preHandler: requireAuth,
      schema: { tags, body: ZTwoFactorCodeRequest, response: { 200: dataOf(ZRecoveryCodes) } },
      config: signInRateLimit,
    },
    async (req) => ({
      data: {
        recoveryCodes: await twoFactor.confirmEnrolment(ctx, { actor: actorOf(req), code: req.body.code }),
      },
    }),
  );

  app.post(
    '/users/me/2fa/disable',
    {
      preHandler: requireAuth,
      schema: { tags, body: ZTwoFactorDisableRequest, response: { 200: ZOk } },
      config: signInRateLimit,
    },
    async (req) => {
      await twoFactor.disable(ctx, { actor: actorOf(req), ...req.body });
      return { data: { success: true } };
    },
  );

  app.post(
    '/users/me/2fa/recovery-codes',
    {
      preHandler: requireAuth,
      schema: { tags, body: ZTwoFactorCodeRequest, response: { 200: dataOf(ZRecoveryCodes) } },
      config: signInRateLimit,
    },
    async (req) => ({
      data: {
        recoveryCodes: await twoFactor.regenerateRecoveryCodes(ctx, {
          actor: actorOf(req),
          code: req.body.code,
        }),
      },
    }),
  );

  app.post(
    '/auth/2fa/verify',
    {
      schema: { tags, body: ZTwoFactorVerifyRequest, response: { 200: ZTokenResponse } },
      config: signInRateLimit,
    },
    async (req, reply) => {
      const session = await twoFactor.verifyChallenge(ctx, { ...req.body, ...client(req) });
      setSessionCookie(ctx, reply, session.token, session.remember);
      return { data: { token: session.token } };
    },
  );

  app.post(
    '/auth/2fa/enrolment',
    {
      schema: { tags, body: ZTwoFactorChallengeRequest, response: { 200: dataOf(ZTwoFactorEnrolment) } },
      config: signInRateLimit,
    },
    async (req) => ({ data: await twoFactor.startEnrolmentWithChallenge(ctx, req.body) }),
  );

  app.post(
    '/auth/2fa/enrolment/confirm',
    {
      schema: { tags, body: ZTwoFactorChallengeConfirmRequest, response: { 200: ZTwoFactorEnrolledSession } },
      config: signInRateLimit,
    },
    async (req, reply) => {
      const { session, recoveryCodes } = await twoFactor.confirmEnrolmentWithChallenge(ctx, {
        ...req.body,
        ...client(req),
      });
      setSessionCookie(ctx, reply, session.token, session.remember);
      return { data: { token: session.token, recoveryCodes } };
    },
  );

  app.get(
    '/admin/users/:id/2fa',
    {
      preHandler: requireRole('admin'),
      schema: { tags, params: z.object({ id: ZId }), response: { 200: dataOf(ZTwoFactorStatus) } },
    },
    async (req) => ({ data: await twoFactor.getAccountTwoFactor(ctx, { userId: req.params.id }) }),
  );

  app.post(
    '/admin/users/:id/2fa/reset',
    {
      preHandler: requireRole('admin'),
      schema: { tags, params: z.object({ id: ZId }), body: ZTwoFactorResetRequest, response: { 200: ZOk } },
    },
    async (req) => {
      await twoFactor.resetTwoFactor(ctx, {
        actor: actorOf(req),
        userId: req.params.id,
        reason: req.body.reason,
      });
      return { data: { success: true } };
    },
  );
};
