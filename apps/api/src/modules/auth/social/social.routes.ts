import {
  dataOf,
  sessionCookie,
  twitterCookieDays,
  twitterCookies,
  ZCurrentUser,
  ZGoogleLoginRequest,
  ZGoogleTokenRequest,
  ZSocialCompleteRequest,
  ZSocialLoginResponse,
  ZSocialRole,
  ZTwitterCallbackRequest,
  ZTwitterCallbackResponse,
  ZTwitterLoginRequest,
  ZTwitterLoginResponse,
} from '@fanstage/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context';
import { AppError } from '../../../lib/app-error';
import { actorOf, requireAuth } from '../../../plugins/auth';
import { rememberDays, sessionDays } from '../sessions';
import { createGoogleAdapter } from './google.adapter';
import { completeSocialAccount, type SocialIdentity, signInWithIdentity } from './social.service';
import { createTwitterAdapter } from './twitter.adapter';

const tags = ['Auth'];
const dayS = 24 * 60 * 60;

const notAvailable = (provider: string) =>
  new AppError('UNPROCESSABLE', `Sign-in with ${provider} is not available on this site.`);

/** The Google and Twitter sign-in routes (spec section 7) and the completion step of a new social account. */
export const socialAuthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const google = createGoogleAdapter(ctx.config);
  const twitter = createTwitterAdapter(ctx.config);
  const secure = ctx.config.NODE_ENV === 'production';
  const loginRateLimit = { max: ctx.config.LOGIN_RATE_LIMIT, timeWindow: '1 minute' };

  // The same cookie as the password login's (auth.routes.ts); a test compares the two.
  const setSessionCookie = (reply: FastifyReply, token: string, remember: boolean) =>
    reply.setCookie(sessionCookie, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure,
      maxAge: (remember ? rememberDays : sessionDays) * dayS,
    });

  // The oauth cookies only travel to the Twitter routes.
  const twitterCookieOptions = {
    path: '/api/auth/twitter',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure,
    maxAge: twitterCookieDays * dayS,
  };
  const clearTwitterCookies = (reply: FastifyReply) => {
    for (const name of Object.values(twitterCookies)) {
      reply.clearCookie(name, { path: twitterCookieOptions.path });
    }
  };

  const googleClientId = async () => {
    const settings = await ctx.settings.getAll();
    if (!settings.googleLoginEnabled || !settings.googleClientId) throw notAvailable('Google');
    return settings.googleClientId;
  };
  const twitterAdapter = async () => {
    const settings = await ctx.settings.getAll();
    if (!settings.twitterLoginEnabled || !twitter) throw notAvailable('Twitter');
    return twitter;
  };

  const signIn = (req: FastifyRequest, identity: SocialIdentity, remember: boolean) =>
    signInWithIdentity(ctx, { identity, remember, userAgent: req.headers['user-agent'], ip: req.ip });

  app.post(
    '/auth/google/login',
    {
      schema: { tags, body: ZGoogleLoginRequest, response: { 200: ZSocialLoginResponse } },
      config: { rateLimit: loginRateLimit },
    },
    async (req, reply) => {
      const clientId = await googleClientId();
      const person = await google.verifyIdToken({
        idToken: req.body.idToken,
        clientId,
        nonce: req.body.nonce,
        now: ctx.clock.now(),
      });
      const session = await signIn(req, { provider: 'google', ...person }, req.body.remember);
      setSessionCookie(reply, session.token, session.remember);
      return { data: { token: session.token, isNewAccount: session.isNewAccount } };
    },
  );

  app.post(
    '/auth/google/token',
    {
      schema: { tags, body: ZGoogleTokenRequest, response: { 200: ZSocialLoginResponse } },
      config: { rateLimit: loginRateLimit },
    },
    async (req, reply) => {
      const clientId = await googleClientId();
      const clientSecret = ctx.config.GOOGLE_CLIENT_SECRET;
      if (!clientSecret) throw notAvailable('a Google code');
      const idToken = await google.exchangeCode({
        code: req.body.code,
        clientId,
        clientSecret,
        redirectUri: req.body.redirectUri,
        codeVerifier: req.body.codeVerifier,
      });
      const person = await google.verifyIdToken({
        idToken,
        clientId,
        nonce: req.body.nonce,
        now: ctx.clock.now(),
      });
      const session = await signIn(req, { provider: 'google', ...person }, req.body.remember);
      setSessionCookie(reply, session.token, session.remember);
      return { data: { token: session.token, isNewAccount: session.isNewAccount } };
    },
  );

  app.post(
    '/auth/twitter/login',
    {
      schema: { tags, body: ZTwitterLoginRequest.optional(), response: { 200: ZTwitterLoginResponse } },
      config: { rateLimit: loginRateLimit },
    },
    async (req, reply) => {
      const adapter = await twitterAdapter();
      const request = await adapter.requestToken({
        callbackUrl: `${ctx.config.PUBLIC_URL.replace(/\/+$/, '')}/auth/twitter/callback`,
        now: ctx.clock.now(),
      });
      reply.setCookie(twitterCookies.oauthToken, request.token, twitterCookieOptions);
      reply.setCookie(twitterCookies.oauthTokenSecret, request.tokenSecret, twitterCookieOptions);
      reply.setCookie(twitterCookies.role, req.body?.role ?? 'user', twitterCookieOptions);
      if (req.body?.returnTo)
        reply.setCookie(twitterCookies.callbackUrl, req.body.returnTo, twitterCookieOptions);
      else reply.clearCookie(twitterCookies.callbackUrl, { path: twitterCookieOptions.path });
      return { data: { authUrl: request.authUrl } };
    },
  );

  app.post(
    '/auth/twitter/callback',
    {
      schema: { tags, body: ZTwitterCallbackRequest, response: { 200: ZTwitterCallbackResponse } },
      config: { rateLimit: loginRateLimit },
    },
    async (req, reply) => {
      const adapter = await twitterAdapter();
      const cookieToken = req.cookies[twitterCookies.oauthToken];
      const cookieSecret = req.cookies[twitterCookies.oauthTokenSecret];
      if (!cookieToken || !cookieSecret) {
        throw new AppError(
          'INVALID_TOKEN',
          'This Twitter sign-in was not started in this browser, or it has expired. Please try again.',
        );
      }
      if (cookieToken !== req.body.oauthToken) {
        throw new AppError(
          'INVALID_TOKEN',
          'This Twitter sign-in does not match the one this browser started. Please try again.',
        );
      }
      const role = ZSocialRole.safeParse(req.cookies[twitterCookies.role]).data;
      const returnTo = ZTwitterLoginRequest.shape.returnTo.safeParse(
        req.cookies[twitterCookies.callbackUrl],
      ).data;
      // The request token is spent whatever happens next: the cookies go with this answer.
      clearTwitterCookies(reply);
      const now = ctx.clock.now();
      const access = await adapter.accessToken({
        token: cookieToken,
        tokenSecret: cookieSecret,
        verifier: req.body.oauthVerifier,
        now,
      });
      const person = await adapter.verifyCredentials({ ...access, now });
      // Twitter returns an email only once its owner has confirmed it.
      const session = await signIn(
        req,
        {
          provider: 'twitter',
          subject: person.subject,
          email: person.email,
          emailVerified: person.email !== null,
          name: person.name,
        },
        req.body.remember,
      );
      setSessionCookie(reply, session.token, session.remember);
      return { data: { token: session.token, isNewAccount: session.isNewAccount, role, returnTo } };
    },
  );

  app.post(
    '/auth/social/complete',
    {
      preHandler: requireAuth,
      schema: { tags, body: ZSocialCompleteRequest, response: { 200: dataOf(ZCurrentUser) } },
    },
    async (req) => ({ data: await completeSocialAccount(ctx, { actor: actorOf(req), input: req.body }) }),
  );
};
