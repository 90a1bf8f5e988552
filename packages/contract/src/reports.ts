import { z } from 'zod';
import { ZId } from './common';
import { ZAdminContentItem, ZModerationReason } from './moderation';

/* Reports of content or creators: `POST /reports`; admins review them under `/admin/reports`. */

export const ZReportTarget = z.enum(['performer', 'feed', 'video', 'gallery', 'product', 'comment'], {
  message: 'The target must be performer, feed, video, gallery, product or comment.',
});
export const ZReportCategory = z.enum(['spam', 'abuse', 'copyright', 'underage', 'other'], {
  message: 'The category must be spam, abuse, copyright, underage or other.',
});
export const ZReportStatus = z.enum(['open', 'resolved', 'dismissed'], {
  message: 'The status must be open, resolved or dismissed.',
});

export const ZReportCreate = z.object({
  target: ZReportTarget,
  targetId: ZId,
  category: ZReportCategory,
  description: z
    .string({ message: 'The description must be text.' })
    .trim()
    .max(1000, 'The description must be at most 1000 characters.')
    .default(''),
});
export type TReportCreate = z.infer<typeof ZReportCreate>;

/** What an admin does when closing a report (`dismiss` closes it as dismissed, the others as resolved). */
export const reportActions = ['dismiss', 'hide', 'warn', 'block', 'deactivate'] as const;
export const ZReportAction = z.enum(reportActions, {
  message: 'The action must be dismiss, hide, warn, block or deactivate.',
});
export type TReportAction = z.infer<typeof ZReportAction>;

export const ZReport = z.object({
  _id: ZId,
  target: ZReportTarget,
  targetId: ZId,
  category: ZReportCategory,
  description: z.string(),
  status: ZReportStatus,
  reporter: z.object({ _id: ZId, name: z.string(), username: z.string().nullable() }).nullable(),
  resolvedAt: z.string().nullable(),
  /** What the admin did, and the reason they gave (null while open). */
  action: ZReportAction.nullable(),
  resolutionNote: z.string().nullable(),
  /** The reported thing as an admin sees it; null when it is gone (deleted) or for a creator report. */
  item: ZAdminContentItem.nullable(),
  createdAt: z.string(),
});
export type TReport = z.infer<typeof ZReport>;

export const ZAdminReportQuery = z.object({
  status: ZReportStatus.optional(),
  category: ZReportCategory.optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type TAdminReportQuery = z.infer<typeof ZAdminReportQuery>;

/**
 * `PUT /admin/reports/{id}`: close it with an action. `hide` hides the reported content; `warn` mails
 * its owner the reason; `block` has the creator block the comment's author; `deactivate` ends the
 * owner's account. Each but `dismiss` needs a reason (the people affected are told it).
 */
export const ZAdminReportUpdate = z
  .object({
    action: ZReportAction,
    reason: z
      .string({ message: 'The reason must be text.' })
      .trim()
      .max(500, 'The reason must be at most 500 characters.')
      .default(''),
  })
  .superRefine((value, issue) => {
    if (value.action !== 'dismiss' && !ZModerationReason.safeParse(value.reason).success) {
      issue.addIssue({
        code: 'custom',
        path: ['reason'],
        message: 'Give a reason of at least 3 characters: the people affected are told it.',
      });
    }
  });
export type TAdminReportUpdate = z.infer<typeof ZAdminReportUpdate>;
export const ZReportParams = z.object({ id: ZId });
