import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/*
 * The headers that act on any response: no MIME sniffing, no cross-origin reads by a page of another
 * site (CORP), HTTPS only (HSTS) and no framing (OWASP's REST guidance keeps X-Frame-Options on APIs
 * too). The API's JSON answers carry these only. The rest of `securityHeaders` acts on a document a
 * browser renders (opener policy, origin-agent cluster, referrer policy, DNS prefetching, IE's
 * download and XSS filters, Adobe's cross-domain policies): seven headers that were about a third of
 * the bytes of a cached answer such as the public settings.
 */
export const apiSecurityHeaders: Readonly<Record<string, string>> = Object.freeze({
  'cross-origin-resource-policy': 'same-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
});

/*
 * The security headers of the pages, the API docs and files: the set helmet's defaults give (its
 * content security policy and cross-origin embedder policy are off: the pages set their own policy,
 * and media and avatars are embedded across origins by design). They are the same on every answer,
 * so they are written out here once and added in one hook: helmet's chain of a dozen middlewares per
 * request cost more than everything else a cached answer such as the public settings does.
 */
export const securityHeaders: Readonly<Record<string, string>> = Object.freeze({
  ...apiSecurityHeaders,
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

const entries = Object.entries(securityHeaders);

/** Whether an answer is the API's data (the short set) rather than a document (the API docs). */
const isApiData = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * Adds `apiSecurityHeaders` to the API's answers and `securityHeaders` to every other one. A route that
 * takes over the raw response (the pages, see web.ts) writes them itself with `writeSecurityHeaders`.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiData(request.url) ? apiSecurityHeaders : securityHeaders);
    done();
  });
});

/** The whole set on a raw response (for a handler that hijacked its reply: the pages). */
export function writeSecurityHeaders(res: { setHeader(name: string, value: string): unknown }): void {
  for (const [name, value] of entries) res.setHeader(name, value);
}
