import type { TAdminReportQuery, TReport, TReportCreate } from '@fanstage/contract';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/app-error';
import { recordAudit } from '../audit/audit';
import type { Actor } from '../auth/sessions';
import { findVisibleObject } from '../reactions/reaction-objects';
import {
  closeReport,
  findReport,
  findReporter,
  findReporterEmail,
  insertOpenReport,
  listReports,
  type Reporter,
  type ReportRow,
} from './reports.repo';

const present = (report: ReportRow, reporter: Reporter): TReport => ({
  _id: report.id,
  target: report.target,
  targetId: report.targetId,
  category: report.category,
  description: report.description,
  status: report.status,
  reporter: reporter ? { _id: reporter.id, name: reporter.name, username: reporter.username } : null,
  resolvedAt: report.resolvedAt?.toISOString() ?? null,
  createdAt: report.createdAt.toISOString(),
});

/**
 * Reports something the actor can see (404 otherwise; own things 422). One open report per user
 * and target: a second one while the first is open is 409.
 */
export async function createReport(
  ctx: AppContext,
  options: { actor: Actor; country: string | null; input: TReportCreate },
): Promise<TReport> {
  const { actor, country, input } = options;
  const object = await findVisibleObject(ctx, { actor, country, type: input.target, id: input.targetId });
  if (object.ownerId === actor.id && input.target !== 'comment') {
    throw new AppError('UNPROCESSABLE', 'You cannot report your own content.');
  }
  const row = await insertOpenReport(ctx.db.db, {
    reporterId: actor.id,
    target: input.target,
    targetId: object.id,
    category: input.category,
    description: input.description,
  });
  if (!row) throw new AppError('CONFLICT', 'You have already reported this; our team is looking into it.');
  return present(row, await findReporter(ctx.db.db, actor.id));
}

/** Reports for the admin queue, newest first, optionally of one status. */
export async function listReportsForAdmin(
  ctx: AppContext,
  options: { query: TAdminReportQuery },
): Promise<{ data: TReport[]; total: number }> {
  const { rows, total } = await listReports(ctx.db.db, options.query);
  return { data: rows.map((r) => present(r.report, r.reporter)), total };
}

/** Resolves or dismisses an open report (404 unknown, 422 already closed). */
export async function closeReportAsAdmin(
  ctx: AppContext,
  options: { actor: Actor; id: string; status: 'resolved' | 'dismissed' },
): Promise<TReport> {
  const row = await ctx.db.db.transaction(async (tx) => {
    const closed = await closeReport(tx, {
      id: options.id,
      status: options.status,
      adminId: options.actor.id,
      at: ctx.clock.now(),
    });
    if (closed) {
      await recordAudit(tx, {
        actorId: options.actor.id,
        action: options.status === 'resolved' ? 'report.resolve' : 'report.dismiss',
        targetType: 'report',
        targetId: closed.id,
        before: { status: 'open' },
        after: { status: closed.status, reportedType: closed.target, reportedId: closed.targetId },
      });
    }
    return closed;
  });
  if (!row) {
    if (!(await findReport(ctx.db.db, options.id))) throw notFound('That report');
    throw new AppError('UNPROCESSABLE', 'This report is already closed.');
  }
  await tellReporter(ctx, row);
  return present(row, await findReporter(ctx.db.db, row.reporterId));
}

const reportedThing: Record<ReportRow['target'], string> = {
  performer: 'a creator',
  feed: 'a post',
  video: 'a video',
  gallery: 'a gallery',
  product: 'a product',
  comment: 'a comment',
};

/**
 * The reporter is told the outcome by mail (the outbox in development). The report is closed
 * already: a mail that cannot be sent is logged, never undoes it.
 */
async function tellReporter(ctx: AppContext, report: ReportRow): Promise<void> {
  try {
    const to = await findReporterEmail(ctx.db.db, report.reporterId);
    if (!to) return;
    const { siteName } = await ctx.settings.getAll();
    const what = reportedThing[report.target];
    const outcome =
      report.status === 'resolved'
        ? `Our team reviewed your report of ${what} and took action. Thank you for helping keep ${siteName} safe.`
        : `Our team reviewed your report of ${what} and found nothing against the rules, so no action was taken. Thank you for telling us.`;
    await ctx.mailer.send({
      to,
      subject: `Your report was reviewed (${siteName})`,
      text: `${outcome}\n\nReport: ${report.category}, filed ${report.createdAt.toISOString().slice(0, 10)}.`,
    });
  } catch (err) {
    ctx.log.warn({ err, reportId: report.id }, 'could not tell the reporter the outcome of their report');
  }
}
