import { z } from 'zod';
import { ZId } from './common';

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

export const ZReport = z.object({
  _id: ZId,
  target: ZReportTarget,
  targetId: ZId,
  category: ZReportCategory,
  description: z.string(),
  status: ZReportStatus,
  reporter: z.object({ _id: ZId, name: z.string(), username: z.string().nullable() }).nullable(),
  resolvedAt: z.string().nullable(),
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

export const ZAdminReportUpdate = z.object({
  status: z.enum(['resolved', 'dismissed'], { message: 'The status must be resolved or dismissed.' }),
});
export const ZReportParams = z.object({ id: ZId });
