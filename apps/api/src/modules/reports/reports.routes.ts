import {
  dataOf,
  listOf,
  ZAdminReportQuery,
  ZAdminReportUpdate,
  ZReport,
  ZReportCreate,
  ZReportParams,
} from '@fanstage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { actorOf, requireAuth, requireRole } from '../../plugins/auth';
import { countryOf } from '../access/geo';
import * as reportsService from './reports.service';

const tags = ['Reports'];
const adminOnly = requireRole('admin');

export const reportsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/reports',
    {
      preHandler: requireAuth,
      // Per account, so fans behind one address do not share a budget.
      config: {
        rateLimit: {
          max: 10,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (req) => `report:${req.actor?.id ?? req.ip}`,
        },
      },
      schema: { tags, body: ZReportCreate, response: { 200: dataOf(ZReport) } },
    },
    async (req) => ({
      data: await reportsService.createReport(ctx, {
        actor: actorOf(req),
        country: await countryOf(ctx, req),
        input: req.body,
      }),
    }),
  );

  app.get(
    '/admin/reports',
    {
      preHandler: adminOnly,
      schema: { tags: ['Admin'], querystring: ZAdminReportQuery, response: { 200: listOf(ZReport) } },
    },
    async (req) => reportsService.listReportsForAdmin(ctx, { query: req.query }),
  );

  app.put(
    '/admin/reports/:id',
    {
      preHandler: adminOnly,
      schema: {
        tags: ['Admin'],
        params: ZReportParams,
        body: ZAdminReportUpdate,
        response: { 200: dataOf(ZReport) },
      },
    },
    async (req) => ({
      data: await reportsService.closeReportAsAdmin(ctx, {
        actor: actorOf(req),
        id: req.params.id,
        input: req.body,
      }),
    }),
  );
};
