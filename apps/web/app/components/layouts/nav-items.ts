import type { TCurrentUser, TPublicSettings } from '@fanstage/contract';
import { paths } from '../../lib/guards';
import type { NavIconName } from './nav-icons';

export interface NavItem {
  label: string;
  to: string;
  /** The icon beside the link in menus and the drawer (nav-icons.ts, loaded with them). */
  icon?: NavIconName;
  external?: boolean;
}

/** The header navigation for who is looking, then the header menus an admin configured. */
export function navItemsFor(user: TCurrentUser | null, settings: TPublicSettings): NavItem[] {
  const items: NavItem[] = [];
  if (user?.isAdmin) {
    items.push(
      // The daily work first: the header shows the first few, the rest sit under "More".
      { label: 'Dashboard', to: paths.admin, icon: 'LayoutDashboard' },
      { label: 'Users', to: '/admin/users', icon: 'Users' },
      { label: 'Creators', to: '/admin/creators', icon: 'UserCheck' },
      { label: 'Reports', to: '/admin/reports', icon: 'Flag' },
      { label: 'Payouts', to: '/admin/payouts', icon: 'Cash' },
      { label: 'Subscriptions', to: '/admin/subscriptions', icon: 'UserStar' },
      { label: 'Orders', to: '/admin/orders', icon: 'Package' },
      { label: 'Ledger', to: '/admin/ledger', icon: 'Receipt2' },
      { label: 'Settings', to: '/admin/settings', icon: 'Settings' },
      { label: 'Audit log', to: '/admin/audit', icon: 'History' },
      { label: 'Health', to: '/admin/health', icon: 'Heartbeat' },
      { label: 'Contact', to: '/admin/contact', icon: 'Mail' },
      { label: 'Explore', to: '/explore', icon: 'Compass' },
      { label: 'Packages', to: '/admin/packages', icon: 'Coins' },
      { label: 'Coupons', to: '/admin/coupons', icon: 'Ticket' },
      { label: 'Outbox', to: '/admin/outbox', icon: 'Mail' },
      { label: 'Email templates', to: '/admin/email-templates', icon: 'MailCog' },
      { label: 'Pages', to: '/admin/pages', icon: 'FileText' },
      { label: 'Promos', to: '/admin/promos', icon: 'Speakerphone' },
    );
  } else if (user?.isPerformer) {
    if (user.username) items.push({ label: 'My page', to: `/${user.username}`, icon: 'UserCircle' });
    items.push(
      { label: 'My posts', to: '/creator/posts', icon: 'Notes' },
      // Photos, galleries, videos and products; the studio pages link to each other.
      { label: 'Studio', to: '/creator/galleries', icon: 'PhotoVideo' },
      { label: 'Go live', to: '/creator/live', icon: 'Broadcast' },
      { label: 'Explore', to: '/explore', icon: 'Compass' },
    );
  } else if (user) {
    items.push(
      { label: 'Home', to: paths.home, icon: 'Home' },
      { label: 'Explore', to: '/explore', icon: 'Compass' },
    );
  } else {
    items.push({ label: 'Explore', to: '/explore', icon: 'Compass' });
  }
  for (const menu of settings.menus) {
    if (menu.section === 'header') items.push({ label: menu.title, to: menu.path, external: menu.isNewTab });
  }
  return items;
}

/** How many header links fit beside the brand and the account actions on a 992 px wide screen. */
export const maxInlineNavItems = 5;

/**
 * The header's links in a row and the rest in a "More" menu, so the header never overflows.
 * A "More" menu of one link would take the same room as that link, so it then stays in the row.
 */
export function splitNavItems(items: NavItem[], maxInline = maxInlineNavItems) {
  if (items.length <= maxInline + 1) return { inline: items, more: [] as NavItem[] };
  return { inline: items.slice(0, maxInline), more: items.slice(maxInline) };
}

/**
 * The links of the account menu: follows and bookmarks; creators' subscribers, mass messages,
 * earnings, payouts and orders; fans' wallet, saved cards, subscriptions, cart, orders and addresses.
 */
export function accountLinksFor(user: TCurrentUser): NavItem[] {
  if (user.isAdmin) return [];
  const links: NavItem[] = [
    { label: 'Following', to: '/user/following', icon: 'Heart' },
    { label: 'Bookmarks', to: '/user/bookmarks', icon: 'Bookmarks' },
  ];
  if (user.isPerformer) {
    links.push(
      { label: 'Followers', to: '/creator/followers', icon: 'Users' },
      { label: 'Subscribers', to: '/creator/subscribers', icon: 'UserStar' },
      { label: 'Mass messages', to: '/creator/messages', icon: 'Send' },
      { label: 'Earnings', to: '/creator/earnings', icon: 'ChartBar' },
      { label: 'Payouts', to: '/creator/payouts', icon: 'Cash' },
      { label: 'Orders', to: '/creator/orders', icon: 'Package' },
      { label: 'Blocked users', to: '/creator/blocked', icon: 'Ban' },
    );
  } else {
    links.push(
      { label: 'Wallet', to: '/user/wallet', icon: 'Wallet' },
      { label: 'Cards', to: '/user/cards', icon: 'CreditCard' },
      { label: 'Subscriptions', to: '/user/subscriptions', icon: 'Star' },
      { label: 'Private shows', to: '/user/private-shows', icon: 'Video' },
      { label: 'Cart', to: '/user/cart', icon: 'ShoppingCart' },
      { label: 'My orders', to: '/user/orders', icon: 'Package' },
      { label: 'Addresses', to: '/user/addresses', icon: 'MapPin' },
    );
  }
  return links;
}
