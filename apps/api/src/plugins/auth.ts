import { csrfHeader, sessionCookie } from '@fanstage/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context';
import { AppError } from '../lib/app-error';
import { type Actor, findActorByToken } from '../modules/auth/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
    /** How the request authenticated; cookie-authenticated writes need the anti-CSRF header. */
    authVia: 'cookie' | 'bearer' | null;
    /** A valid session cookie came on a write without the anti-CSRF header, and was ignored. */
    csrfRefused: boolean;
  }
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Reads the session token from `Authorization: Bearer` or the `token` cookie, and sets request.actor. */
export const authPlugin = fp(async (app: FastifyInstance, opts: { ctx: AppContext }) => {
  app.decorateRequest('actor', null);
  app.decorateRequest('authVia', null);
  app.decorateRequest('csrfRefused', false);
  const actorOf = async (request: FastifyRequest, token: string) => {
    const actor = await findActorByToken(opts.ctx, token);
    if (!actor) {
      request.authVia = null;
      return;
    }
    if (request.authVia === 'cookie' && !safeMethods.has(request.method) && !request.headers[csrfHeader]) {
      // A cross-site form cannot set this header. Without it the cookie does not count: routes that
      // need a login refuse with 403 (see requireAuth), public routes go on as for a visitor.
      request.authVia = null;
      request.csrfRefused = true;
      return;
    }
    request.actor = actor;
  };
  // A callback hook: a request without a session (a visitor, a page, a file) passes without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.url.startsWith('/api/')) return done();
    const header = request.headers.authorization;
    let token: string | undefined;
    if (header?.startsWith('Bearer ')) {
      token = header.slice(7).trim();
      request.authVia = 'bearer';
    } else if (request.cookies?.[sessionCookie]) {
      token = request.cookies[sessionCookie];
      request.authVia = 'cookie';
    }
    if (!token) return done();
    actorOf(request, token).then(() => done(), done);
  });
  // Every `/api/admin/…` route is for admins only, and says so before it reads the request: a fan or
  // creator gets 403 (a visitor 401) whatever they sent, never a validation answer that describes
  // an admin route's body. The routes' own `requireRole('admin')` stays as the second lock.
  const requireAdmin = requireRole('admin');
  app.addHook('preParsing', (request, reply, payload, done) => {
    const route = request.routeOptions.url;
    if (route === undefined || !(route === '/api/admin' || route.startsWith('/api/admin/'))) {
      return done(null, payload);
    }
    requireAdmin(request, reply).then(() => done(null, payload), done);
  });
});

/** preHandler: the request must come from a logged-in account (inactive ones never resolve to an actor). */
export async function requireAuth(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (request.csrfRefused) {
    throw new AppError(
      'CSRF_HEADER_MISSING',
      `This request must carry the ${csrfHeader} header; it was refused to protect your account.`,
    );
  }
  if (!request.actor) throw new AppError('UNAUTHENTICATED', 'Please log in to continue.');
}

/** preHandler factory: the actor must have one of the roles (admins pass every role check). */
export const requireRole =
  (...roles: Actor['role'][]) =>
  async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    await requireAuth(request, reply);
    const role = request.actor!.role;
    if (role !== 'admin' && !roles.includes(role)) {
      throw new AppError('FORBIDDEN', 'You do not have permission to do this.');
    }
  };

/** The logged-in actor of a request that passed requireAuth. */
export const actorOf = (request: FastifyRequest): Actor => {
  if (!request.actor) throw new AppError('UNAUTHENTICATED', 'Please log in to continue.');
  return request.actor;
};
