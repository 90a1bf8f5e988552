import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/app-error';
import { attachmentDisposition } from '../../lib/content-disposition';
import {
  type ConditionalHeaders,
  isNotModified,
  openPrivateFile,
  type Validators,
  validatorsOf,
} from './files.service';

const defaultAvatarSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128"><rect width="128" height="128" fill="#c9ccd6"/><circle cx="64" cy="50" r="24" fill="#f4f5f8"/><path d="M20 118c4-26 22-38 44-38s40 12 44 38z" fill="#f4f5f8"/></svg>`;

const publicKeyPattern = /^(avatars|covers)\/[A-Za-z0-9_-][A-Za-z0-9._-]*\.webp$/;

const conditionalHeaders = (headers: Record<string, string | string[] | undefined>): ConditionalHeaders => {
  const one = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
  return {
    range: one('range'),
    ifRange: one('if-range'),
    ifNoneMatch: one('if-none-match'),
    ifModifiedSince: one('if-modified-since'),
  };
};

const withValidators = (reply: FastifyReply, validators: Validators) =>
  reply.header('etag', validators.etag).header('last-modified', validators.lastModified);

/** Public files (avatars, covers) by their stable key; private files only behind a signed URL. */
export const filesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/files/defaults/avatar.svg', { schema: { hide: true } }, async (_req, reply) =>
    reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml').send(defaultAvatarSvg),
  );

  app.get(
    '/files/public/*',
    { schema: { hide: true, params: z.object({ '*': z.string() }) } },
    async (req, reply) => {
      const key = req.params['*'];
      if (!publicKeyPattern.test(key)) throw notFound('That file');
      const info = await ctx.storage.stat(key);
      if (!info) throw notFound('That file');
      // A public key is new for every upload, so its bytes never change: cache it for a year.
      const validators = validatorsOf(info);
      reply.header('cache-control', 'public, max-age=31536000, immutable');
      withValidators(reply, validators);
      if (isNotModified(conditionalHeaders(req.headers), validators)) return reply.status(304).send();
      const file = await ctx.storage.read(key);
      if (!file) throw notFound('That file');
      return reply.header('content-length', file.size).type('image/webp').send(file.stream);
    },
  );

  app.get(
    '/files/private/*',
    {
      // Media is already compressed; compressing it again would also break byte ranges.
      compress: false,
      schema: {
        hide: true,
        params: z.object({ '*': z.string() }),
        querystring: z.object({
          exp: z.string().optional(),
          sig: z.string().optional(),
          name: z.string().max(300).optional(),
        }),
      },
    },
    async (req, reply) => {
      const file = await openPrivateFile(ctx, {
        key: `private/${req.params['*']}`,
        exp: req.query.exp,
        sig: req.query.sig,
        name: req.query.name,
        headers: conditionalHeaders(req.headers),
      });
      if (file.kind === 'redirect') {
        // The redirect may be cached as long as the signed URL works: the store's URL expires then too.
        return reply
          .header('cache-control', `private, max-age=${file.maxAgeSeconds}`)
          .redirect(file.url, 302);
      }
      reply.header('accept-ranges', 'bytes');
      if (file.kind === 'unsatisfiable') {
        return reply.status(416).header('content-range', `bytes */${file.size}`).send({
          statusCode: 416,
          code: 'VALIDATION_FAILED',
          message: 'The requested range is outside this file.',
        });
      }
      // The URL stops working at its expiry, so the browser may reuse the answer until then
      // without asking again (the same URL comes back all through its signing window).
      reply.header('cache-control', `private, max-age=${file.maxAgeSeconds}, immutable`);
      withValidators(reply, file.validators);
      if (file.kind === 'not-modified') return reply.status(304).send();
      reply.header('x-content-type-options', 'nosniff').type(file.contentType);
      if (file.downloadName !== null) {
        reply.header('content-disposition', attachmentDisposition(file.downloadName));
      } else if (file.contentType === 'application/octet-stream') {
        reply.header('content-disposition', 'attachment');
      }
      if (file.range) {
        const { start, end } = file.range;
        reply
          .status(206)
          .header('content-range', `bytes ${start}-${end}/${file.size}`)
          .header('content-length', end - start + 1);
      } else {
        reply.header('content-length', file.size);
      }
      return reply.send(file.stream);
    },
  );
};
