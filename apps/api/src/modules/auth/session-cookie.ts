import { sessionCookie } from '@fanstage/contract';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import { rememberDays, sessionDays } from './sessions';

/** Sets the HttpOnly session cookie; every route that ends a sign-in uses it. */
export const setSessionCookie = (ctx: AppContext, reply: FastifyReply, token: string, remember: boolean) =>
  reply.setCookie(sessionCookie, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.NODE_ENV === 'production',
    maxAge: (remember ? rememberDays : sessionDays) * 24 * 60 * 60,
  });
