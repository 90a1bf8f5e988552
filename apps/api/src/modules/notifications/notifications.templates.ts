import type { TNotificationType } from '@fanstage/contract';

/*
 * The mail of each notification type: the notification's own title and text, a greeting, one
 * button-like link and the site's name. Templates are code for now (editable templates in the
 * admin are a later step); each type only chooses the words of its link.
 */

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
  'charge.refunded': 'See your statement',
  'order.shipped': 'Track your order',
  'order.delivered': 'See your order',
  'private-show.answered': 'See your requests',
  'creator.reviewed': 'Open your profile',
  'content.moderated': 'Open it',
  'report.reviewed': `Visit the site`,
  'account.deactivated': 'Visit the site',
};

export interface NotificationEmail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** An absolute address for a site path (`/orders/1`); addresses that are already absolute stay. */
export function absoluteLink(publicUrl: string, link: string | null): string {
  const base = publicUrl.replace(/\/+$/, '');
  if (!link) return `${base}/`;
  if (/^https?:\/\//i.test(link)) return link;
  return `${base}${link.startsWith('/') ? '' : '/'}${link}`;
}

/** The mail telling `name` one notification. */
export function renderNotificationEmail(options: {
  type: TNotificationType;
  title: string;
  text: string;
  link: string | null;
  name: string;
  siteName: string;
  publicUrl: string;
}): NotificationEmail {
  const url = absoluteLink(options.publicUrl, options.link);
  const action = actionWords[options.type];
  const settingsUrl = absoluteLink(options.publicUrl, '/account/notifications');
  const canChoose = options.type !== 'account.deactivated';
  const footer = canChoose ? `You can choose which mails you get: ${settingsUrl}` : '';
  const text = [`Hello ${options.name},`, options.text, `${action}: ${url}`, options.siteName, footer]
    .filter(Boolean)
    .join('\n\n');
  const paragraphs = options.text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  const html = `<!doctype html>
<html><body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1a1b1e">
<p>Hello ${escapeHtml(options.name)},</p>
${paragraphs}
<p><a href="${escapeHtml(url)}" style="display: inline-block; padding: 8px 16px; background: #228be6; color: #fff; border-radius: 4px; text-decoration: none">${escapeHtml(action)}</a></p>
<p>${escapeHtml(options.siteName)}</p>
${canChoose ? `<p style="font-size: 12px; color: #868e96"><a href="${escapeHtml(settingsUrl)}">Choose which mails you get</a></p>` : ''}
</body></html>`;
  return { subject: `${options.title} (${options.siteName})`, text, html };
}
