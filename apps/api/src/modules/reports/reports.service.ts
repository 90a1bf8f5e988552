import type {
  TAdminContentItem,
  TAdminReportQuery,
  TAdminReportUpdate,
  TModerationTarget,
  TReport,
  TReportCreate,
} from '@fanstage/contract';
import type { Transaction } from '@fanstage/db';
import type { AppContext } from '../../context';
import { AppError, notFound } from '../../lib/app-error';
import { assertAccess } from '../access/access';
import { recordAudit } from '../audit/audit';
import type { Actor } from '../auth/sessions';
import { blockForCreator } from '../blocks/blocks.service';
import type { Person } from '../moderation/moderation.repo';
import {
  contentLink,
  findContentForModeration,
  findContentItems,
  findPeopleByIds as findPeople,
  hideInTransaction,
  tellOwner,
  thingNames,
} from '../moderation/moderation.service';
import { notify } from '../notifications/notifications.service';
import { deactivateUser } from '../users/users.admin.service';
import {
  closeReport,
  findReport,
  findReporter,
  insertOpenReport,
  listReports,
  type Reporter,
  type ReportRow,
} from './reports.repo';

const present = (report: ReportRow, reporter: Reporter, item: TAdminContentItem | null = null): TReport => ({
  _id: report.id,
  target: report.target,
  targetId: report.targetId,
  category: report.category,
  description: report.description,
  status: report.status,
  reporter: reporter ? { _id: reporter.id, name: reporter.name, username: reporter.username } : null,
  resolvedAt: report.resolvedAt?.toISOString() ?? null,
  action: report.action,
  resolutionNote: report.resolutionNote,
  item,
  createdAt: report.createdAt.toISOString(),
});

/** The reported content kinds admins can act on (a creator report names an account, not content). */
const contentTarget = (target: ReportRow['target']): TModerationTarget | null =>
  target === 'performer' ? null : target;

/** The reported items of a page of reports, as admins see them, in one query per kind. */
async function itemsOf(ctx: AppContext, rows: ReportRow[]) {
  const wanted = rows.flatMap((r) => {
    const target = contentTarget(r.target);
    return target ? [{ target, id: r.targetId }] : [];
  });
  return findContentItems(ctx, wanted);
}

const itemOf = (items: Map<string, TAdminContentItem>, report: ReportRow) =>
  items.get(`${report.target}:${report.targetId}`) ?? null;

/**
 * Reports something the actor can see (404 otherwise; own things 422). One open report per user
 * and target: a second one while the first is open is 409.
 */
export async function createReport(
  ctx: AppContext,
  options: { actor: Actor; country: string | null; input: TReportCreate },
): Promise<TReport> {
  const { actor, country, input } = options;
  await assertAccess(ctx, { actor, country, action: 'report', resource: input.target, id: input.targetId });
  const row = await insertOpenReport(ctx.db.db, {
    reporterId: actor.id,
    target: input.target,
    targetId: input.targetId,
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
  const items = await itemsOf(
    ctx,
    rows.map((r) => r.report),
  );
  return { data: rows.map((r) => present(r.report, r.reporter, itemOf(items, r.report))), total };
}

/** Who a report is about: the reported content and its owner, or the reported creator. */
interface Subject {
  content: Awaited<ReturnType<typeof findContentForModeration>> | null;
  /** The account the report's action falls on: the content's owner (a comment's author), or the creator. */
  owner: Person | null;
}

async function subjectOf(ctx: AppContext, report: ReportRow): Promise<Subject> {
  const target = contentTarget(report.target);
  if (!target) {
    const people = await findPeople(ctx, [report.targetId]);
    return { content: null, owner: people.get(report.targetId) ?? null };
  }
  const content = await findContentForModeration(ctx, { target, id: report.targetId }).catch(
    (error: unknown) => {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
      throw error;
    },
  );
  return { content, owner: content?.owner ?? null };
}

const gone = () =>
  new AppError(
    'UNPROCESSABLE',
    'The reported item is gone (deleted), so only "dismiss" applies; act on the account from the users screen.',
  );

/**
 * `PUT /admin/reports/{id}`: closes an open report with an action (404 unknown, 422 already closed
 * or an action that does not fit). The action and the report's closing each write their audit row
 * with their change; then the reporter is told the outcome, and the owner what was done and why.
 */
export async function closeReportAsAdmin(
  ctx: AppContext,
  options: { actor: Actor; id: string; input: TAdminReportUpdate },
): Promise<TReport> {
  const { actor, input } = options;
  const open = await findReport(ctx.db.db, options.id);
  if (!open) throw notFound('That report');
  if (open.status !== 'open') throw new AppError('UNPROCESSABLE', 'This report is already closed.');
  const subject = input.action === 'dismiss' ? { content: null, owner: null } : await subjectOf(ctx, open);
  const closeWith = (tx: Transaction) => closeInTransaction(ctx, tx, { actor, report: open, input });
  let row: ReportRow;
  switch (input.action) {
    case 'dismiss':
      row = await ctx.db.db.transaction(closeWith);
      break;
    case 'hide': {
      if (open.target === 'performer') {
        throw new AppError(
          'UNPROCESSABLE',
          'A creator cannot be hidden: warn or deactivate the account instead.',
        );
      }
      const content = subject.content;
      if (!content) throw gone();
      row = await ctx.db.db.transaction(async (tx) => {
        await hideInTransaction(tx, {
          actor,
          target: open.target as TModerationTarget,
          row: content.row,
          reason: input.reason,
          at: ctx.clock.now(),
        });
        return closeWith(tx);
      });
      const thing = thingNames[open.target as TModerationTarget];
      await tellOwner(ctx, {
        to: subject.owner,
        link: contentLink(open.target as TModerationTarget, content.row.id),
        subject: `Your ${thing} was hidden`,
        text: `After a report, an administrator hid your ${thing} "${content.row.title.slice(0, 120)}" from fans.\n\nReason: ${input.reason}\n\nYou still see it, marked as hidden, with this reason. Fans cannot see or buy it. Reply to this mail if you think this was a mistake.`,
      });
      break;
    }
    case 'warn': {
      const owner = subject.owner;
      if (!owner) throw gone();
      row = await ctx.db.db.transaction(async (tx) => {
        await recordAudit(tx, {
          actorId: actor.id,
          action: 'user.warn',
          targetType: 'user',
          targetId: owner.id,
          after: { reportId: open.id, reported: `${open.target}:${open.targetId}` },
          reason: input.reason,
        });
        return closeWith(tx);
      });
      await tellOwner(ctx, {
        to: owner,
        subject: 'A warning from our moderators',
        text: `After a report about your ${open.target === 'performer' ? 'account' : (thingNames[open.target as TModerationTarget] ?? 'content')}, an administrator sends you this warning:\n\n${input.reason}\n\nRepeated breaches of the rules can lead to your content being hidden or your account being deactivated.`,
      });
      break;
    }
    case 'block': {
      const content = subject.content;
      if (open.target !== 'comment') {
        throw new AppError(
          'UNPROCESSABLE',
          "Only a comment's author can be blocked for a creator; for a creator's own content, warn or deactivate.",
        );
      }
      if (!content || !subject.owner) throw gone();
      const performerId = content.row.performerId;
      const fanId = content.row.ownerId;
      let closed: ReportRow | null = null;
      const isNew = await blockForCreator(ctx, {
        performerId,
        targetId: fanId,
        reason: input.reason,
        inTransaction: async (tx) => {
          await recordAudit(tx, {
            actorId: actor.id,
            action: 'user.block-for-creator',
            targetType: 'user',
            targetId: fanId,
            before: { blocked: false },
            after: { blocked: true, performerId, reportId: open.id },
            reason: input.reason,
          });
          closed = await closeWith(tx);
        },
      });
      // Blocked already (by the creator or an earlier report): only the report closes.
      row = isNew && closed ? closed : await ctx.db.db.transaction(closeWith);
      await tellOwner(ctx, {
        to: content.creator,
        link: '/creator/blocked',
        subject: 'Our moderators blocked someone for you',
        text: `After a report about a comment by ${subject.owner.name} on your page, an administrator blocked them from your page.\n\nReason: ${input.reason}\n\nThey are in your list of blocked people; you can unblock them there.`,
      });
      break;
    }
    case 'deactivate': {
      const owner = subject.owner;
      if (!owner) throw gone();
      if (owner.id === actor.id)
        throw new AppError('UNPROCESSABLE', 'You cannot deactivate your own account.');
      await deactivateUser(ctx, {
        actor,
        id: owner.id,
        reason: input.reason,
        notice: `After a report, an administrator deactivated your account. You can no longer sign in.\n\nReason: ${input.reason}\n\nReply to this mail to appeal.`,
      });
      row = await ctx.db.db.transaction(closeWith);
      break;
    }
  }
  await tellReporter(ctx, row);
  const items = await itemsOf(ctx, [row]);
  return present(row, await findReporter(ctx.db.db, row.reporterId), itemOf(items, row));
}

/** Closes the report inside `tx` with its audit row; 422 when someone closed it meanwhile. */
async function closeInTransaction(
  ctx: AppContext,
  tx: Transaction,
  options: { actor: Actor; report: ReportRow; input: TAdminReportUpdate },
): Promise<ReportRow> {
  const { actor, report, input } = options;
  const status = input.action === 'dismiss' ? 'dismissed' : 'resolved';
  const closed = await closeReport(tx, {
    id: report.id,
    status,
    action: input.action,
    note: input.reason.trim() || null,
    adminId: actor.id,
    at: ctx.clock.now(),
  });
  if (!closed) throw new AppError('UNPROCESSABLE', 'This report is already closed.');
  await recordAudit(tx, {
    actorId: actor.id,
    action: status === 'resolved' ? 'report.resolve' : 'report.dismiss',
    targetType: 'report',
    targetId: closed.id,
    before: { status: 'open' },
    after: { status, action: input.action, reportedType: closed.target, reportedId: closed.targetId },
    reason: input.reason,
  });
  return closed;
}

/** What the reporter is told was done (never the reason, which is between the admin and the owner). */
const actionWords: Record<NonNullable<ReportRow['action']>, string> = {
  dismiss: 'none',
  hide: 'the content is hidden',
  warn: 'its owner was warned',
  block: 'the person is blocked from the creator',
  deactivate: 'the account was deactivated',
};

const reportedThing: Record<ReportRow['target'], string> = {
  performer: 'a creator',
  feed: 'a post',
  video: 'a video',
  gallery: 'a gallery',
  product: 'a product',
  comment: 'a comment',
};

/**
 * The reporter is told the outcome (the notification centre, and mail by their preference). The
 * report is closed already: a notification that cannot be sent is logged, never undoes it.
 */
async function tellReporter(ctx: AppContext, report: ReportRow): Promise<void> {
  try {
    const { siteName } = await ctx.settings.getAll();
    const what = reportedThing[report.target];
    const outcome =
      report.status === 'resolved'
        ? `Our team reviewed your report of ${what} and took action: ${actionWords[report.action ?? 'warn']}. Thank you for helping keep ${siteName} safe.`
        : `Our team reviewed your report of ${what} and found nothing against the rules, so no action was taken. Thank you for telling us.`;
    await notify(ctx, {
      userIds: report.reporterId,
      type: 'report.reviewed',
      title: 'Your report was reviewed',
      text: `${outcome}\n\nReport: ${report.category}, filed ${report.createdAt.toISOString().slice(0, 10)}.`,
      link: null,
    });
  } catch (err) {
    ctx.log.warn({ err, reportId: report.id }, 'could not tell the reporter the outcome of their report');
  }
}
