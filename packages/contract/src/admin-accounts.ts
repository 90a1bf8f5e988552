import { z } from 'zod';
import { ZId } from './common';
import { roles } from './field-values';
import { ZEmail, ZGender, ZName, ZUsername } from './users';

/*
 * Admin account control (issue 12) and the audit log every admin action writes.
 */

const optionalFilter = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

export const accountStatuses = ['active', 'inactive'] as const;
export type TAccountStatus = (typeof accountStatuses)[number];

/** `GET /admin/users/search` */
export const ZAdminUserQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  q: optionalFilter(z.string().trim().max(200, 'The search text must be at most 200 characters.')),
  role: optionalFilter(z.enum(roles, { message: 'The role must be user, performer or admin.' })),
  status: optionalFilter(z.enum(accountStatuses, { message: 'The status must be active or inactive.' })),
});
export type TAdminUserQuery = z.infer<typeof ZAdminUserQuery>;

/** A creator's review and money facts, on an admin's view of their account. */
export const ZAdminUserPerformer = z.object({
  documentsVerifiedAt: z.string().nullable(),
  documentsRejectedAt: z.string().nullable(),
  /** The platform's share for this creator (0..1), or null for the site's performerCommission. */
  commissionPercentage: z.number().nullable(),
  /** The site-wide share (0..1) that applies when `commissionPercentage` is null. */
  defaultCommission: z.number(),
});

/** One account as admins see it (private fields included). */
export const ZAdminUser = z.object({
  _id: ZId,
  name: z.string(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  avatar: z.string(),
  gender: ZGender.nullable(),
  role: z.enum(roles),
  status: z.enum(accountStatuses),
  verifiedEmail: z.boolean(),
  balance: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Only on creators (role performer), and only in `GET /admin/users/{id}`; lists send null. */
  performer: ZAdminUserPerformer.nullable(),
});
export type TAdminUser = z.infer<typeof ZAdminUser>;

/** `PUT /admin/users/{id}`: fields an admin may correct. Role, status and money are not among them. */
export const ZAdminUpdateUser = z
  .object({
    name: ZName.optional(),
    username: ZUsername.optional(),
    email: ZEmail.optional(),
    gender: ZGender.nullable().optional(),
  })
  .strict();
export type TAdminUpdateUser = z.infer<typeof ZAdminUpdateUser>;

export const maxAdminReason = 1000;

/** `POST /admin/users/{id}/deactivate`: the reason is required and kept in the audit log. */
export const ZAdminDeactivate = z
  .object({
    reason: z
      .string({ message: 'Please give a reason for the deactivation.' })
      .trim()
      .min(1, 'Please give a reason for the deactivation.')
      .max(maxAdminReason, `The reason must be at most ${maxAdminReason} characters.`),
  })
  .strict();
export type TAdminDeactivate = z.infer<typeof ZAdminDeactivate>;

/** `POST /admin/users/{id}/reactivate`: a reason is optional. */
export const ZAdminReactivate = z
  .object({
    reason: z
      .string()
      .trim()
      .max(maxAdminReason, `The reason must be at most ${maxAdminReason} characters.`)
      .optional(),
  })
  .strict();

/** Every action the audit log records, with the words the admin screen shows for it. */
export const auditActionLabels = {
  'user.update': 'Account edited',
  'user.deactivate': 'Account deactivated',
  'user.reactivate': 'Account reactivated',
  'performer.commission': 'Creator commission set',
  'performer.verify-documents': 'Creator documents verified',
  'performer.reject-documents': 'Creator documents rejected',
  'payout.approve': 'Payout approved',
  'payout.reject': 'Payout rejected',
  'payout.mark-paid': 'Payout marked paid',
  'order.refund': 'Order refunded',
  'charge.refund': 'Charge refunded',
  'wallet.credit': 'Wallet credited',
  'settings.update': 'Settings changed',
  'two-factor.require-admins': 'Two-factor required for admins',
  'two-factor.stop-requiring-admins': 'Two-factor no longer required for admins',
  'two-factor.reset': 'Two-factor reset',
  'coupon.create': 'Coupon created',
  'coupon.update': 'Coupon edited',
  'coupon.delete': 'Coupon deleted',
  'token-package.create': 'Token package created',
  'token-package.update': 'Token package edited',
  'token-package.delete': 'Token package deleted',
  'report.resolve': 'Report resolved',
  'report.dismiss': 'Report dismissed',
  'content.hide': 'Content hidden',
  'content.unhide': 'Content shown again',
  'content.delete': 'Content deleted',
  'user.warn': 'Account warned',
  'user.block-for-creator': 'Blocked for a creator',
  'site-promo.create': 'Site promo created',
  'site-promo.update': 'Site promo edited',
  'site-promo.delete': 'Site promo deleted',
  'page.create': 'Page created',
  'page.update': 'Page edited',
  'page.delete': 'Page deleted',
  'subscription.grant': 'Subscription granted',
  'subscription.extend': 'Subscription extended',
  'subscription.cancel': 'Subscription cancelled',
  'contact-message.handle': 'Contact message marked handled',
  'email-template.update': 'Email template edited',
  'email-template.reset': 'Email template reset to default',
  'geo-block.update': 'Blocked countries changed',
} as const;
export type TAuditAction = keyof typeof auditActionLabels;
export const auditActions = Object.keys(auditActionLabels) as TAuditAction[];

/** `GET /admin/audit-log` */
export const ZAuditQuery = z.object({
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  action: optionalFilter(
    z.enum(auditActions as [TAuditAction, ...TAuditAction[]], { message: 'That is not a known action.' }),
  ),
  actorId: optionalFilter(z.uuid({ message: 'The admin filter must be a valid id.' })),
  targetId: optionalFilter(z.string().trim().max(100, 'The target id must be at most 100 characters.')),
});
export type TAuditQuery = z.infer<typeof ZAuditQuery>;

export const ZAuditEntry = z.object({
  _id: ZId,
  action: z.string(),
  actor: z.object({ _id: ZId, name: z.string(), username: z.string().nullable() }).nullable(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
