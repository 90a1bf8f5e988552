import { dataOf, ZAdminDashboard, ZAdminDashboardQuery } from '@fanstage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireRole } from '../../plugins/auth';
import { getDashboard } from './admin-dashboard.service';

const tags = ['Admin'];

/** The admin dashboard's figures (admins only; the role is checked before the query). */
export const adminDashboardRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/admin/dashboard',
    {
      preValidation: requireRole('admin'),
      schema: { tags, querystring: ZAdminDashboardQuery, response: { 200: dataOf(ZAdminDashboard) } },
    },
    async (req) => ({ data: await getDashboard(ctx, { days: req.query.days }) }),
  );
};
