import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/app-error';

const defaultAvatarSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128"><rect width="128" height="128" fill="#c9ccd6"/><circle cx="64" cy="50" r="24" fill="#f4f5f8"/><path d="M20 118c4-26 22-38 44-38s40 12 44 38z" fill="#f4f5f8"/></svg>`;

const publicKeyPattern = /^(avatars|covers)\/[A-Za-z0-9_-][A-Za-z0-9._-]*\.webp$/;

/** Public files (avatars, covers) by their stable key. Private files are never served here. */
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
};
