import { listOf, ZAuditEntry, ZAuditQuery } from '@fanstage/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireRole } from '../../plugins/auth';
import { listAuditLog } from './audit.service';

/** The audit log, read-only, admins only. Rows are written by each admin action (audit.ts). */
export const auditRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/admin/audit-log',
    {
      preHandler: requireRole('admin'),
      schema: { tags: ['Admin'], querystring: ZAuditQuery, response: { 200: listOf(ZAuditEntry) } },
    },
    async (req) => listAuditLog(ctx, { query: req.query }),
  );
};
