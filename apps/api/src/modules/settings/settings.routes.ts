import {
  dataOf,
  ZPublicSettings,
  ZSettings,
  ZSettingsKeysRequest,
  ZSettingsUpdate,
} from '@fanstage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { actorOf, requireRole } from '../../plugins/auth';

const tags = ['Settings'];

export const settingsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/settings/public', { schema: { tags, response: { 200: dataOf(ZPublicSettings) } } }, async () => ({
    data: await ctx.settings.getPublic(),
  }));

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
