import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { createRequestListener } from '@react-router/node';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { ServerBuild } from 'react-router';
import { PageScriptsRewriter } from './page-scripts';
import { writeSecurityHeaders } from './security-headers';

/** What server-rendered pages get in their loaders: the API, called in process with the visitor's cookie. */
export interface WebLoadContext extends Record<string, unknown> {
  api(
    path: string,
    init?: { method?: InjectOptions['method']; body?: unknown },
  ): Promise<{ status: number; body: unknown }>;
  publicUrl: string;
}

/**
 * Carries the visitor's address (as Fastify resolved it, proxies considered) from the page request
 * to its loaders' in-process API calls, so geo rules judge the visitor and not the loopback. Set by
 * the server on every page request, whatever a client sent under this name.
 */
export const clientIpHeader = 'x-fanstage-client-ip';

/**
 * Replaces whatever the client sent as `clientIpHeader` with the address Fastify resolved. The
 * listener builds its Request from `rawHeaders`, so that list is the one that must change.
 */
export function setClientIpHeader(raw: IncomingMessage, ip: string): void {
  const kept: string[] = [];
  for (let i = 0; i < raw.rawHeaders.length; i += 2) {
    const name = raw.rawHeaders[i] ?? '';
    if (name.toLowerCase() !== clientIpHeader) kept.push(name, raw.rawHeaders[i + 1] ?? '');
  }
  kept.push(clientIpHeader, ip);
  raw.rawHeaders.splice(0, raw.rawHeaders.length, ...kept);
  raw.headers[clientIpHeader] = ip;
}

/**
 * How long a rendered page (or its `.data` loader answer) may be reused. Pages depend on who looks:
 * with any cookie (a session, or one that may become one) the page is the viewer's own and is never
 * stored, so Back after a purchase or a login asks the server again instead of showing the old
 * copy. Without cookies the page is the public one, which still varies by country and settings:
 * a cache may keep it but must ask the server before each reuse.
 */
export function pageCacheControl(cookieHeader: string | undefined): string {
  return cookieHeader ? 'private, no-store' : 'no-cache';
}

/**
 * The encoding a rendered page is sent in: Brotli when the browser takes it, else gzip, else none
 * (an encoding listed with `q=0` is refused).
 */
export function pageEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const taken = new Set<string>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) taken.add(name);
  }
  if (taken.has('br')) return 'br';
  if (taken.has('gzip')) return 'gzip';
  return null;
}

const compressibleType = /^(text\/|application\/(json|javascript))/;

/**
 * What the page listener writes to: HTML pages get their scripts deferred to after the first paint
 * (page-scripts.ts), and text is compressed on the way. React Router's listener takes over the response
 * from Fastify (so Fastify's compression never sees it) and writes the page as React streams it; an HTML
 * page is ~40 KB and ~8 KB compressed, and on a phone's connection that is most of the time before the
 * first paint. Each chunk is flushed as it comes, so streaming still streams. The listener uses
 * `on('close')`, `writeHead(status, rawHeaders)`, `write` and `end` of the response.
 */
function pageResponse(res: ServerResponse, encoding: 'br' | 'gzip' | null): ServerResponse {
  let zip: ReturnType<typeof createGzip> | null = null;
  let scripts: PageScriptsRewriter | null = null;
  const send = (bytes: Uint8Array | string) => {
    if (!zip) return res.write(bytes);
    const ok = zip.write(bytes);
    zip.flush();
    return ok;
  };
  const target = {
    on: (event: string, listener: () => void) => res.on(event, listener),
    writeHead(status: number, rawHeaders: string[]) {
      const headers: string[] = [];
      let type = '';
      let encoded = false;
      for (let i = 0; i < rawHeaders.length; i += 2) {
        const name = (rawHeaders[i] ?? '').toLowerCase();
        if (name === 'content-type') type = rawHeaders[i + 1] ?? '';
        if (name === 'content-encoding') encoded = true;
        // The length of the body as written would be wrong; the rewritten or compressed one goes chunked.
        if (name !== 'content-length') headers.push(rawHeaders[i] ?? '', rawHeaders[i + 1] ?? '');
      }
      if (encoded) return res.writeHead(status, rawHeaders);
      if (type.startsWith('text/html')) scripts = new PageScriptsRewriter();
      if (!encoding || !compressibleType.test(type) || status === 204 || status === 304) {
        return res.writeHead(status, scripts ? headers : rawHeaders);
      }
      zip =
        encoding === 'br'
          ? createBrotliCompress({
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 5,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              },
            })
          : createGzip({ level: 6 });
      zip.pipe(res);
      res.once('close', () => zip?.destroy());
      headers.push('content-encoding', encoding);
      // Merged with the `vary: Cookie` set before the listener ran.
      res.appendHeader('vary', 'Accept-Encoding');
      return res.writeHead(status, headers);
    },
    write(chunk: Uint8Array) {
      if (!scripts) return send(chunk);
      const text = scripts.push(chunk);
      return text ? send(text) : true;
    },
    end() {
      const rest = scripts?.end();
      if (rest) send(rest);
      if (zip) zip.end();
      else res.end();
      return target;
    },
  };
  return target as unknown as ServerResponse;
}

/**
 * Serves the React app built by `react-router build`: its static assets with long cache headers, and
 * every other page rendered on the server. Returns false when there is no build (API-only mode).
 */
export async function registerWeb(
  app: FastifyInstance,
  options: { buildDir: string; publicUrl: string; mode: string },
) {
  const buildDir = resolve(options.buildDir);
  const serverEntry = join(buildDir, 'server', 'index.js');
  if (!existsSync(serverEntry)) return false;
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;

  await app.register(fastifyStatic, {
    root: join(buildDir, 'client'),
    prefix: '/',
    wildcard: false,
    index: false,
    // The build writes a Brotli and a gzip copy of every text file (apps/web/scripts/precompress.mjs):
    // sent as they are, so no request compresses the same script again.
    preCompressed: true,
    // `setHeaders` below says how long each file keeps; without this, the file sender's own
    // `max-age=0` would replace it.
    cacheControl: false,
    setHeaders: (res, path) => {
      res.setHeader(
        'cache-control',
        path.includes(`${join('client', 'assets')}`)
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=3600',
      );
    },
  });

  const listener = createRequestListener({
    build,
    mode: options.mode,
    getLoadContext: (request): WebLoadContext => {
      const cookie = request.headers.get('cookie') ?? undefined;
      const clientIp = request.headers.get(clientIpHeader) ?? undefined;
      return {
        publicUrl: options.publicUrl,
        api: async (path, init) => {
          const res = await app.inject({
            method: init?.method ?? 'GET',
            url: `/api${path}`,
            ...(clientIp ? { remoteAddress: clientIp } : {}),
            headers: {
              ...(cookie ? { cookie } : {}),
              'x-requested-with': 'ssr',
              ...(init?.body !== undefined ? { 'content-type': 'application/json' } : {}),
            },
            payload: init?.body !== undefined ? JSON.stringify(init.body) : undefined,
          });
          let body: unknown = null;
          try {
            body = res.json();
          } catch {
            body = null;
          }
          return { status: res.statusCode, body };
        },
      };
    },
  });

  app.route({
    method: ['GET', 'HEAD', 'POST'],
    url: '/*',
    schema: { hide: true },
    handler: async (req, reply) => {
      if (req.url.startsWith('/api/') || req.url === '/api') {
        return reply
          .status(404)
          .send({ statusCode: 404, code: 'NOT_FOUND', message: 'There is no such API route.' });
      }
      setClientIpHeader(req.raw, req.ip);
      reply.hijack();
      writeSecurityHeaders(reply.raw);
      // Set before the listener writes its head; a header a route sets itself would take precedence.
      reply.raw.setHeader('cache-control', pageCacheControl(req.headers.cookie));
      reply.raw.setHeader('vary', 'Cookie');
      const encoding = req.method === 'HEAD' ? null : pageEncoding(req.headers['accept-encoding']);
      listener(req.raw, pageResponse(reply.raw, encoding));
    },
  });
  return true;
}
