import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/app-error';
import { attachmentDisposition } from '../../lib/content-disposition';
import { openPrivateFile } from './files.service';

const defaultAvatarSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128"><rect width="128" height="128" fill="#c9ccd6"/><circle cx="64" cy="50" r="24" fill="#f4f5f8"/><path d="M20 118c4-26 22-38 44-38s40 12 44 38z" fill="#f4f5f8"/></svg>`;

const publicKeyPattern = /^(avatars|covers)\/[A-Za-z0-9_-][A-Za-z0-9._-]*\.webp$/;

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
      const file = await ctx.storage.read(key);
      if (!file) throw notFound('That file');
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-length', file.size)
        .type('image/webp')
        .send(file.stream);
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
        rangeHeader: req.headers.range,
      });
      reply.header('accept-ranges', 'bytes');
      if (file.kind === 'unsatisfiable') {
        return reply.status(416).header('content-range', `bytes */${file.size}`).send({
          statusCode: 416,
          code: 'VALIDATION_FAILED',
          message: 'The requested range is outside this file.',
        });
      }
      reply
        .header('cache-control', `private, max-age=${file.maxAgeSeconds}`)
        .header('x-content-type-options', 'nosniff')
        .type(file.contentType);
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
