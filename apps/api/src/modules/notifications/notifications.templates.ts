import type { TNotificationType } from '@fanstage/contract';
import type { AppContext } from '../../context';
import { notificationTemplateKey } from '../mail/email-templates.defaults';
import type { RenderedEmail } from '../mail/email-templates.render';
import { renderTemplatedMail } from '../mail/email-templates.service';

/*
 * The mail of each notification type is the editable template `notification.<type>` (see
 * `mail/email-templates.defaults.ts`): the notification's own title and text, a greeting, one link
 * and the site's name, plus the extra values a type carries (an order number, a tracking code).
 */

/** An absolute address for a site path (`/orders/1`); addresses that are already absolute stay. */
export function absoluteLink(publicUrl: string, link: string | null): string {
  const base = publicUrl.replace(/\/+$/, '');
  if (!link) return `${base}/`;
  if (/^https?:\/\//i.test(link)) return link;
  return `${base}${link.startsWith('/') ? '' : '/'}${link}`;
}

/** The mail telling `name` one notification. */
export function renderNotificationEmail(
  ctx: AppContext,
  options: {
    type: TNotificationType;
    title: string;
    text: string;
    link: string | null;
    name: string;
    values?: Record<string, string>;
  },
): Promise<RenderedEmail> {
  const publicUrl = ctx.config.PUBLIC_URL;
  return renderTemplatedMail(ctx, {
    key: notificationTemplateKey(options.type),
    values: {
      ...options.values,
      name: options.name,
      title: options.title,
      text: options.text,
      link: absoluteLink(publicUrl, options.link),
      settingsLink: absoluteLink(publicUrl, '/account/notifications'),
    },
  });
}
