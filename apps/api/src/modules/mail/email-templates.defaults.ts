import { notificationTypeInfo, notificationTypes, type TNotificationType } from '@fanstage/contract';

/*
 * Every mail the site sends, with the words it ships with. Admins may replace a template's subject
 * and body (the `email_templates` table); "reset" deletes the row and these words apply again.
 * Placeholders are `{{name}}`; a placeholder whose name ends in "link" or "Link" is an absolute
 * address (PUBLIC_URL) and becomes a link in the HTML part.
 */

export interface EmailTemplateDefinition {
  /** A short name for the admin's list ("Password reset"). */
  name: string;
  description: string;
  /** Placeholders this mail fills (an edit may use these and no others). */
  placeholders: string[];
  subject: string;
  body: string;
  /** Values for the admin's preview (links are site paths, made absolute when rendered). */
  sample: Record<string, string>;
}

export const isLinkPlaceholder = (name: string) => /(^l|L)ink$/.test(name);

const common = { name: 'Alex', siteName: 'Fanstage' };

const authTemplates = {
  'auth.verify-email': {
    name: 'Email verification',
    description: 'Sent at sign-up (and on "resend") to confirm the email address.',
    placeholders: ['name', 'link', 'hours', 'siteName'],
    subject: 'Verify your email for {{siteName}}',
    body: 'Hi {{name}},\n\nPlease confirm your email address by opening this link:\n{{link}}\n\nThe link works for {{hours}} hours.',
    sample: { ...common, link: '/auth/verify-email?token=sample', hours: '48' },
  },
  'auth.reset-password': {
    name: 'Password reset',
    description: 'Sent when someone asks for a password reset ("forgot password").',
    placeholders: ['name', 'link', 'siteName'],
    subject: 'Reset your {{siteName}} password',
    body: 'Hi {{name}},\n\nOpen this link to choose a new password:\n{{link}}\n\nThe link works once, for one hour. If you did not ask for it, ignore this mail.',
    sample: { ...common, link: '/auth/reset-password?token=sample' },
  },
  'auth.password-changed': {
    name: 'Password changed',
    description: 'Sent after the password of an account was changed (in the account or by a reset link).',
    placeholders: ['name', 'link', 'siteName'],
    subject: 'Your {{siteName}} password was changed',
    body: 'Hi {{name}},\n\nThe password of your {{siteName}} account was just changed, and every other device was signed out.\n\nIf you did not do this, choose a new password at once:\n{{link}}',
    sample: { ...common, link: '/auth/forgot-password' },
  },
  'auth.confirm-new-email': {
    name: 'New email confirmation',
    description: 'Sent to a new address when someone changes the email of their account.',
    placeholders: ['name', 'link', 'hours', 'siteName'],
    subject: 'Confirm your new email for {{siteName}}',
    body: 'Hi {{name}},\n\nTo use this address for your {{siteName}} account, open this link:\n{{link}}\n\nThe link works once, for {{hours}} hours. Until then your account keeps its current address. If you did not ask for this, ignore this mail.',
    sample: { ...common, link: '/auth/confirm-email?token=sample', hours: '24' },
  },
  'auth.email-changed': {
    name: 'Email changed',
    description: 'Sent to the old address once the email of an account changed.',
    placeholders: ['name', 'newEmail', 'siteName'],
    subject: 'Your {{siteName}} email was changed',
    body: 'Hi {{name}},\n\nThe email of your {{siteName}} account was changed to {{newEmail}}. This address no longer receives its mail.\n\nIf you did not do this, reply to this mail or contact support at once.',
    sample: { ...common, newEmail: 'a***@example.com' },
  },
  'auth.two-factor': {
    name: 'Two-factor sign-in notice',
    description: 'Sent when two-factor sign-in is turned on or off, or a recovery code is used.',
    placeholders: ['name', 'notice', 'siteName'],
    subject: 'Sign-in security of your {{siteName}} account',
    body: 'Hi {{name}},\n\n{{notice}}\n\nIf this was not you, change your password at once and contact support.',
    sample: { ...common, notice: 'Two-factor sign-in was turned on for your account.' },
  },
  'contact.message': {
    name: 'Contact form message',
    description: 'Sent to the site team for each message of the contact form (replies go to the sender).',
    placeholders: ['name', 'email', 'subject', 'message', 'link', 'siteName'],
    subject: 'Contact form: {{name}} - {{subject}} ({{siteName}})',
    body: '{{name}} <{{email}}> wrote through the contact form about "{{subject}}":\n\n{{message}}\n\nReply to this mail to answer them. Admins see every message at {{link}}',
    sample: {
      ...common,
      email: 'sam@example.com',
      subject: 'A question',
      message: 'Hello, how do payouts work?',
      link: '/admin/contact',
    },
  },
} satisfies Record<string, EmailTemplateDefinition>;

/** The words of each notification mail's link (the rest comes from the notification itself). */
const actionWords: Record<TNotificationType, string> = {
  'tip.received': 'See your earnings',
  'subscription.new': 'See your subscribers',
  'subscription.renewed': 'See your subscribers',
  'subscription.renewal-failed': 'Top up your wallet',
  'subscription.admin-changed': 'See the subscription',
  'message.digest': 'Read your messages',
  'payout.requested': 'Review the request',
  'payout.updated': 'See your payouts',
  'order.placed': 'Open the order',
  'order.shipped': 'Track your order',
  'order.delivered': 'See your order',
  'private-show.answered': 'See your requests',
  'creator.reviewed': 'Open your profile',
  'content.moderated': 'Open it',
  'report.reviewed': 'Visit the site',
  'account.deactivated': 'Visit the site',
  'subscription.expiring': 'See your subscriptions',
  'order.download-ready': 'Download it',
  'private-show.starting': 'Join the show',
  'charge.refunded': 'See your statement',
};

/** Extra values some notifications carry besides their title and text (for templates to use). */
export const notificationExtras: Partial<Record<TNotificationType, Record<string, string>>> = {
  'order.placed': { orderNumber: '1042' },
  'order.shipped': { orderNumber: '1042', trackingCode: '1Z999AA10123456784' },
  'order.delivered': { orderNumber: '1042' },
  'order.download-ready': { orderNumber: '1042', productName: 'Summer photo set' },
  'subscription.expiring': { creatorName: 'Robin', endsOn: '2026-07-01' },
};

/** Mails that everyone gets whatever their preferences have no "choose your mails" line. */
const canChoose = (type: TNotificationType) => !notificationTypeInfo[type].isMandatory;

function notificationTemplate(type: TNotificationType): EmailTemplateDefinition {
  const info = notificationTypeInfo[type];
  const extras = notificationExtras[type] ?? {};
  const footer = canChoose(type) ? '\n\nYou can choose which mails you get: {{settingsLink}}' : '';
  return {
    name: info.label,
    description: `Notification: ${info.description}`,
    placeholders: [
      'name',
      'title',
      'text',
      'link',
      'siteName',
      ...(canChoose(type) ? ['settingsLink'] : []),
      ...Object.keys(extras),
    ],
    subject: '{{title}} ({{siteName}})',
    body: `Hello {{name}},\n\n{{text}}\n\n${actionWords[type]}: {{link}}\n\n{{siteName}}${footer}`,
    sample: {
      ...common,
      title: info.label,
      text: info.description,
      link: '/',
      settingsLink: '/account/notifications',
      ...extras,
    },
  };
}

export type NotificationTemplateKey = `notification.${TNotificationType}`;
export type AuthTemplateKey = keyof typeof authTemplates;
export type EmailTemplateKey = AuthTemplateKey | NotificationTemplateKey;

export const notificationTemplateKey = (type: TNotificationType): NotificationTemplateKey =>
  `notification.${type}`;

/** Every template, auth and contact mails first, then one per notification type. */
export const emailTemplateDefinitions: ReadonlyMap<string, EmailTemplateDefinition> = new Map<
  string,
  EmailTemplateDefinition
>([
  ...Object.entries(authTemplates),
  ...notificationTypes.map((type) => [notificationTemplateKey(type), notificationTemplate(type)] as const),
]);
