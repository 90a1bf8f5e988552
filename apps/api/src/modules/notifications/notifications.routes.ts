import {
  ZNotificationList,
  ZNotificationListQuery,
  ZNotificationParams,
  ZNotificationPreferences,
  ZNotificationPreferencesUpdate,
  ZUnreadCount,
} from '@fanstage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { actorOf, requireAuth } from '../../plugins/auth';
import * as notifications from './notifications.service';

const tags = ['Notifications'];

/** The actor's own notification centre; someone else's notification id answers 404. */
export const notificationsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/notifications',
    {
      preHandler: requireAuth,
      schema: { tags, querystring: ZNotificationListQuery, response: { 200: ZNotificationList } },
    },
    async (req) => notifications.listMyNotifications(ctx, { actor: actorOf(req), query: req.query }),
  );

  app.post(
    '/notifications/:id/read',
    {
      preHandler: requireAuth,
      schema: { tags, params: ZNotificationParams, response: { 200: ZUnreadCount } },
    },
    async (req) => ({
      data: await notifications.readNotification(ctx, { actor: actorOf(req), id: req.params.id }),
    }),
  );

  app.post(
    '/notifications/read-all',
    { preHandler: requireAuth, schema: { tags, response: { 200: ZUnreadCount } } },
    async (req) => ({ data: await notifications.readAllNotifications(ctx, { actor: actorOf(req) }) }),
  );

  app.get(
    '/notifications/preferences',
    { preHandler: requireAuth, schema: { tags, response: { 200: ZNotificationPreferences } } },
    async (req) => ({ data: await notifications.getMyPreferences(ctx, { actor: actorOf(req) }) }),
  );

  app.put(
    '/notifications/preferences',
    {
      preHandler: requireAuth,
      schema: { tags, body: ZNotificationPreferencesUpdate, response: { 200: ZNotificationPreferences } },
    },
    async (req) => ({
      data: await notifications.updateMyPreferences(ctx, { actor: actorOf(req), input: req.body }),
    }),
  );
};
