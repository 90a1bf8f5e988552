import {
  type TAdminContentItem,
  type TReport,
  type TReportAction,
  ZAdminReportUpdate,
} from '@fanstage/contract';
import { moderationNouns } from '../moderation/moderation-values';

/** The action picker's words. */
export const reportActionLabels: Record<TReportAction, string> = {
  dismiss: 'Dismiss',
  hide: 'Hide content',
  warn: 'Warn',
  block: 'Block for the creator',
  deactivate: 'Deactivate account',
};

/** What a closed report's row says was done. */
export const reportActionDone: Record<TReportAction, string> = {
  dismiss: 'Dismissed',
  hide: 'Content hidden',
  warn: 'Owner warned',
  block: 'Blocked for the creator',
  deactivate: 'Account deactivated',
};

/** The toast after a report is closed with an action. */
export const reportActionToast: Record<TReportAction, string> = {
  dismiss: 'Report dismissed.',
  hide: 'Report resolved: the content is hidden.',
  warn: 'Report resolved: the owner is warned.',
  block: 'Report resolved: the author is blocked for the creator.',
  deactivate: 'Report resolved: the account is deactivated.',
};

export interface ReportActionChoice {
  action: TReportAction;
  label: string;
  /** What it does to whom, or, when it does not apply, why not. */
  description: string;
  isDisabled: boolean;
}

/**
 * The actions an admin may close a report with, each with what it does, and the ones that do not
 * apply to what was reported disabled with the reason: a creator's profile cannot be hidden, only a
 * comment's author can be blocked for a creator, and a deleted item leaves nobody to act on.
 */
export function reportActionChoices(report: Pick<TReport, 'target' | 'item'>): ReportActionChoice[] {
  const { item } = report;
  const isCreatorReport = report.target === 'performer';
  const noun = report.target === 'performer' ? 'creator' : moderationNouns[report.target];
  const owner = item ? item.owner.name : 'The creator';
  const isGone = !isCreatorReport && item === null;
  const gone = `The ${noun} was deleted: only Dismiss applies.`;

  const choice = (action: TReportAction, description: string, notApplicable: string | null) => ({
    action,
    label: reportActionLabels[action],
    description: notApplicable ?? description,
    isDisabled: notApplicable !== null,
  });

  return [
    choice('dismiss', 'Nothing was wrong: the report is closed and nothing changes.', null),
    choice(
      'hide',
      `Fans no longer see the ${noun}; ${owner} still sees it, with your reason.`,
      isCreatorReport
        ? 'A creator’s profile cannot be hidden: warn or deactivate them instead.'
        : isGone
          ? gone
          : item?.hidden
            ? 'It is hidden already.'
            : null,
    ),
    choice('warn', `${owner} is sent your reason as a warning; nothing is hidden.`, isGone ? gone : null),
    choice('block', blockDescription(item), blockProblem(report.target, item, gone)),
    choice(
      'deactivate',
      `${owner}’s account is closed at once: they are logged out everywhere and cannot log in.`,
      isGone ? gone : null,
    ),
  ];
}

function blockDescription(item: TAdminContentItem | null): string {
  return item
    ? `${item.owner.name} is blocked by the creator whose page the comment is on: no more comments, messages or purchases there.`
    : 'The comment’s author is blocked by the creator whose page it is on.';
}

function blockProblem(
  target: TReport['target'],
  item: TAdminContentItem | null,
  gone: string,
): string | null {
  if (target !== 'comment') return 'Only for a reported comment: its author is blocked by that creator.';
  if (!item) return gone;
  if (item.owner._id === item.performerId) return 'The creator wrote this comment on their own page.';
  return null;
}

/** The first problem with closing a report this way, in the contract's words; null when it may be sent. */
export function resolveProblem(action: TReportAction | null, reason: string): string | null {
  if (!action) return 'Choose what to do.';
  const check = ZAdminReportUpdate.safeParse({ action, reason });
  return check.success ? null : (check.error.issues[0]?.message ?? 'Check the reason.');
}
