import type { TCurrentUser, TPublicSettings } from '@fanstage/contract';
import {
  type Icon,
  IconBan,
  IconBookmarks,
  IconBroadcast,
  IconCash,
  IconChartBar,
  IconCoins,
  IconCompass,
  IconCreditCard,
  IconFileText,
  IconFlag,
  IconHeart,
  IconHistory,
  IconHome,
  IconLayoutDashboard,
  IconMail,
  IconMailCog,
  IconMapPin,
  IconNotes,
  IconPackage,
  IconPhotoVideo,
  IconReceipt2,
  IconSend,
  IconSettings,
  IconShoppingCart,
  IconSpeakerphone,
  IconStar,
  IconTicket,
  IconUserCheck,
  IconUserCircle,
  IconUserStar,
  IconUsers,
  IconVideo,
  IconWallet,
} from '@tabler/icons-react';
import { paths } from '../../lib/guards';

export interface NavItem {
  label: string;
  to: string;
  icon?: Icon;
  external?: boolean;
}

/** The header navigation for who is looking, then the header menus an admin configured. */
export function navItemsFor(user: TCurrentUser | null, settings: TPublicSettings): NavItem[] {
  const items: NavItem[] = [];
  if (user?.isAdmin) {
    items.push(
      // The daily work first: the header shows the first few, the rest sit under "More".
      { label: 'Dashboard', to: paths.admin, icon: IconLayoutDashboard },
      { label: 'Users', to: '/admin/users', icon: IconUsers },
      { label: 'Creators', to: '/admin/creators', icon: IconUserCheck },
      { label: 'Reports', to: '/admin/reports', icon: IconFlag },
      { label: 'Payouts', to: '/admin/payouts', icon: IconCash },
      { label: 'Subscriptions', to: '/admin/subscriptions', icon: IconUserStar },
      { label: 'Orders', to: '/admin/orders', icon: IconPackage },
      { label: 'Ledger', to: '/admin/ledger', icon: IconReceipt2 },
      { label: 'Settings', to: '/admin/settings', icon: IconSettings },
      { label: 'Audit log', to: '/admin/audit', icon: IconHistory },
      { label: 'Contact', to: '/admin/contact', icon: IconMail },
      { label: 'Explore', to: '/explore', icon: IconCompass },
      { label: 'Packages', to: '/admin/packages', icon: IconCoins },
      { label: 'Coupons', to: '/admin/coupons', icon: IconTicket },
      { label: 'Outbox', to: '/admin/outbox', icon: IconMail },
      { label: 'Email templates', to: '/admin/email-templates', icon: IconMailCog },
      { label: 'Pages', to: '/admin/pages', icon: IconFileText },
      { label: 'Promos', to: '/admin/promos', icon: IconSpeakerphone },
    );
  } else if (user?.isPerformer) {
    if (user.username) items.push({ label: 'My page', to: `/${user.username}`, icon: IconUserCircle });
    items.push(
      { label: 'My posts', to: '/creator/posts', icon: IconNotes },
      // Photos, galleries, videos and products; the studio pages link to each other.
      { label: 'Studio', to: '/creator/galleries', icon: IconPhotoVideo },
      { label: 'Go live', to: '/creator/live', icon: IconBroadcast },
      { label: 'Explore', to: '/explore', icon: IconCompass },
    );
  } else if (user) {
    items.push(
      { label: 'Home', to: paths.home, icon: IconHome },
      { label: 'Explore', to: '/explore', icon: IconCompass },
    );
  } else {
    items.push({ label: 'Explore', to: '/explore', icon: IconCompass });
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
    { label: 'Following', to: '/user/following', icon: IconHeart },
    { label: 'Bookmarks', to: '/user/bookmarks', icon: IconBookmarks },
  ];
  if (user.isPerformer) {
    links.push(
      { label: 'Followers', to: '/creator/followers', icon: IconUsers },
      { label: 'Subscribers', to: '/creator/subscribers', icon: IconUserStar },
      { label: 'Mass messages', to: '/creator/messages', icon: IconSend },
      { label: 'Earnings', to: '/creator/earnings', icon: IconChartBar },
      { label: 'Payouts', to: '/creator/payouts', icon: IconCash },
      { label: 'Orders', to: '/creator/orders', icon: IconPackage },
      { label: 'Blocked users', to: '/creator/blocked', icon: IconBan },
    );
  } else {
    links.push(
      { label: 'Wallet', to: '/user/wallet', icon: IconWallet },
      { label: 'Cards', to: '/user/cards', icon: IconCreditCard },
      { label: 'Subscriptions', to: '/user/subscriptions', icon: IconStar },
      { label: 'Private shows', to: '/user/private-shows', icon: IconVideo },
      { label: 'Cart', to: '/user/cart', icon: IconShoppingCart },
      { label: 'My orders', to: '/user/orders', icon: IconPackage },
      { label: 'Addresses', to: '/user/addresses', icon: IconMapPin },
    );
  }
  return links;
}
