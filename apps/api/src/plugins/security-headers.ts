import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/*
 * The security headers of every answer, the set helmet's defaults give (its content security policy
 * and cross-origin embedder policy are off: the pages set their own policy, and media and avatars
 * are embedded across origins by design). They are the same on every answer, so they are written
 * out here once and added in one hook: helmet's chain of a dozen middlewares per request cost more
 * than everything else a cached answer such as the public settings does.
 */
export const securityHeaders: Readonly<Record<string, string>> = Object.freeze({
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

const entries = Object.entries(securityHeaders);

/**
 * Adds `securityHeaders` to every answer. A route that takes over the raw response (the pages, see
 * web.ts) writes them itself with `writeSecurityHeaders`.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });
});

/** The same headers on a raw response (for a handler that hijacked its reply). */
export function writeSecurityHeaders(res: { setHeader(name: string, value: string): unknown }): void {
  for (const [name, value] of entries) res.setHeader(name, value);
}
