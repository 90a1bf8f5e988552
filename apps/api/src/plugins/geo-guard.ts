import { siteGeoBlockedMessage } from '@fanstage/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../context';
import { AppError } from '../lib/app-error';
import { geoViewerOf, isSiteBlocked, knowsNoGeoBlocks } from '../modules/access/geo';

/**
 * API routes a visitor from a country the site is closed to may still call: what the geo-block
 * layout itself needs (the check, public settings and files such as the logo, flags), health probes,
 * logging in and out and "who am I" (an admin abroad logs in and is let through), and the calls
 * other servers make (payment webhooks, Janus's events), whose address says nothing of a visitor.
 */
export const geoOpenRoutes: ReadonlySet<string> = new Set([
  'GET /api/block/countries/check',
  'GET /api/settings/public',
  'POST /api/settings/keys',
  'GET /api/files/public/*',
  'HEAD /api/files/public/*',
  'GET /api/flags/:code.svg',
  'GET /api/health',
  'GET /api/ready',
  'GET /api/metrics',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'GET /api/users/me',
  'POST /api/stripe/webhook',
  'POST /api/payment/sandbox/webhook',
  'POST /api/streaming/janus-events',
]);

/**
 * The site-wide geo-block for the API (business-rules.md "Blocking and geo-blocking"): every other
 * route answers 403 GEO_BLOCKED "This site is not available in your country." to a non-admin whose
 * IP is in a country on the admin's list. Runs after the session is known (admins pass).
 */
export const geoGuardPlugin = fp(async (app: FastifyInstance, opts: { ctx: AppContext }) => {
  // A callback hook: the open routes (the public settings among them) pass without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.url.startsWith('/api/')) return done();
    const route = request.routeOptions.url;
    if (route !== undefined && geoOpenRoutes.has(`${request.method} ${route}`)) return done();
    // Nothing blocked anywhere (most sites): no promise, no look-up.
    if (knowsNoGeoBlocks(opts.ctx)) return done();
    geoViewerOf(opts.ctx, request)
      .then((viewer) => isSiteBlocked(opts.ctx, viewer))
      .then(
        (blocked) => done(blocked ? new AppError('GEO_BLOCKED', siteGeoBlockedMessage) : undefined),
        (error: Error) => done(error),
      );
  });
});
