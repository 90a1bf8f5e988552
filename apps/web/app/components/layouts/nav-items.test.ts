import { defaultSettings, type TCurrentUser, type TPublicSettings } from '@fanstage/contract';
import { describe, expect, it } from 'vitest';
import { accountLinksFor, navItemsFor, splitNavItems } from './nav-items';

const settings = { ...defaultSettings, menus: [] } as unknown as TPublicSettings;
const user = (over: Partial<TCurrentUser>) =>
  ({ _id: 'u1', username: 'someone', isPerformer: false, isAdmin: false, ...over }) as TCurrentUser;

const paths = (items: { to: string }[]) => items.map((i) => i.to);

describe('header navigation', () => {
  it('links Explore for everyone: visitors, fans, creators and admins', () => {
    for (const who of [null, user({}), user({ isPerformer: true }), user({ isAdmin: true })]) {
      expect(paths(navItemsFor(who, settings))).toContain('/explore');
    }
  });

  it('links the creator review, users, subscriptions and the audit log for admins only', () => {
    for (const to of ['/admin/creators', '/admin/users', '/admin/subscriptions', '/admin/audit']) {
      expect(paths(navItemsFor(user({ isAdmin: true }), settings))).toContain(to);
      expect(paths(navItemsFor(user({}), settings))).not.toContain(to);
      expect(paths(navItemsFor(user({ isPerformer: true }), settings))).not.toContain(to);
    }
  });

  it('links the money pages (orders, ledger, token packages, coupons) for admins only', () => {
    const money = ['/admin/orders', '/admin/ledger', '/admin/packages', '/admin/coupons'];
    expect(paths(navItemsFor(user({ isAdmin: true }), settings))).toEqual(expect.arrayContaining(money));
    for (const to of money)
      expect(paths(navItemsFor(user({ isPerformer: true }), settings))).not.toContain(to);
  });

  it('links the live studio for creators only', () => {
    expect(paths(navItemsFor(user({ isPerformer: true }), settings))).toContain('/creator/live');
    expect(paths(navItemsFor(user({}), settings))).not.toContain('/creator/live');
  });
});

describe('header overflow', () => {
  it('links the site pages and promos for admins only', () => {
    for (const to of ['/admin/pages', '/admin/promos']) {
      expect(paths(navItemsFor(user({ isAdmin: true }), settings))).toContain(to);
      expect(paths(navItemsFor(user({}), settings))).not.toContain(to);
      expect(paths(navItemsFor(user({ isPerformer: true }), settings))).not.toContain(to);
    }
  });

  it('keeps the admin row to five links and puts the others under More', () => {
    const { inline, more } = splitNavItems(navItemsFor(user({ isAdmin: true }), settings));
    expect(paths(inline)).toEqual([
      '/admin',
      '/admin/users',
      '/admin/creators',
      '/admin/reports',
      '/admin/payouts',
    ]);
    expect(paths(more)).toEqual([
      '/admin/subscriptions',
      '/admin/orders',
      '/admin/ledger',
      '/admin/settings',
      '/admin/audit',
      '/admin/health',
      '/admin/contact',
      '/explore',
      '/admin/packages',
      '/admin/coupons',
      '/admin/outbox',
      '/admin/email-templates',
      '/admin/pages',
      '/admin/promos',
    ]);
  });

  it('has no More menu for fans and creators, nor for a single extra link', () => {
    expect(splitNavItems(navItemsFor(user({ isPerformer: true }), settings)).more).toEqual([]);
    expect(splitNavItems(navItemsFor(user({}), settings)).more).toEqual([]);
    const six = Array.from({ length: 6 }, (_, i) => ({ label: `L${i}`, to: `/l${i}` }));
    expect(splitNavItems(six)).toEqual({ inline: six, more: [] });
  });
});

describe('account menu links', () => {
  it('gives fans their people, money and shop pages, creators their business pages, admins none', () => {
    expect(paths(accountLinksFor(user({})))).toEqual([
      '/user/following',
      '/user/bookmarks',
      '/user/wallet',
      '/user/cards',
      '/user/subscriptions',
      '/user/private-shows',
      '/user/cart',
      '/user/orders',
      '/user/addresses',
    ]);
    expect(paths(accountLinksFor(user({ isPerformer: true })))).toEqual([
      '/user/following',
      '/user/bookmarks',
      '/creator/followers',
      '/creator/subscribers',
      '/creator/messages',
      '/creator/earnings',
      '/creator/payouts',
      '/creator/orders',
      '/creator/blocked',
    ]);
    expect(accountLinksFor(user({ isAdmin: true }))).toEqual([]);
  });
});
