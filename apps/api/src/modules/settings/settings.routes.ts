import {
  dataOf,
  ZPublicSettings,
  ZSettings,
  ZSettingsKeysRequest,
  ZSettingsUpdate,
} from '@fanstage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { serializeOncePerData } from '../../lib/serialize-once';
import { actorOf, requireRole } from '../../plugins/auth';

const tags = ['Settings'];

export const settingsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Every page asks for these, and they change only when an admin saves the settings: the answer is
  // encoded through its schema once per settings value (getPublic keeps the object while it is
  // cached) and the same text is sent until the next value.
  app.get(
    '/settings/public',
    {
      schema: { tags, response: { 200: dataOf(ZPublicSettings) } },
      serializerCompiler: serializeOncePerData,
    },
    async () => ({ data: await ctx.settings.getPublic() }),
  );

  app.post(
    '/settings/keys',
    { schema: { tags, body: ZSettingsKeysRequest, response: { 200: dataOf(ZPublicSettings.partial()) } } },
    async (req) => ({ data: await ctx.settings.getKeys(req.body.keys) }),
  );

  app.get(
    '/admin/settings',
    { preHandler: requireRole('admin'), schema: { tags, response: { 200: dataOf(ZSettings) } } },
    async () => ({ data: await ctx.settings.getAll() }),
  );

  app.put(
    '/admin/settings',
    {
      preHandler: requireRole('admin'),
      schema: { tags, body: ZSettingsUpdate, response: { 200: dataOf(ZSettings) } },
    },
    async (req) => ({ data: await ctx.settings.update(req.body, { actorId: actorOf(req).id }) }),
  );
};
