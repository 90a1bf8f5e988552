import { ZId, ZMediaFileStatusResponse, ZMediaUploadKind, ZMediaUploadResponse } from '@fanstage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { actorOf, requireAuth, requireRole } from '../../plugins/auth';
import { receiveUpload } from '../files/files.upload';
import * as media from './media.service';

const tags = ['Media'];

export const mediaRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/performer/feeds/:kind/upload',
    {
      preHandler: requireRole('performer'),
      schema: {
        tags,
        params: z.object({ kind: ZMediaUploadKind }),
        consumes: ['multipart/form-data'],
        response: { 200: ZMediaUploadResponse },
      },
    },
    async (req) => {
      const { kind } = req.params;
      const upload = await receiveUpload(req, {
        tempDir: media.tempDirOf(ctx),
        ...media.uploadLimitOf(ctx, kind),
      });
      try {
        return { data: await media.uploadFeedMedia(ctx, { actor: actorOf(req), kind, upload }) };
      } finally {
        await upload.remove();
      }
    },
  );

  app.get(
    '/files/:id/status',
    {
      preHandler: requireAuth,
      schema: { tags, params: z.object({ id: ZId }), response: { 200: ZMediaFileStatusResponse } },
    },
    async (req) => ({ data: await media.getFileStatus(ctx, { actor: actorOf(req), fileId: req.params.id }) }),
  );
};
