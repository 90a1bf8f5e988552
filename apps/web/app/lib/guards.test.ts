import { describe, expect, it } from 'vitest';
import {
  type GuardInput,
  type GuardUser,
  landingPathFor,
  loginPathFor,
  resolveRedirect,
  safeRedirectPath,
} from './guards';

const now = new Date('2026-03-01T12:00:00Z');

const fan = (over: Partial<GuardUser> = {}): GuardUser => ({
  username: 'fanny',
  email: 'fanny@example.test',
  isPerformer: false,
  isAdmin: false,
  siteSubscription: { expiredAt: null },
  ...over,
});
const creator = (over: Partial<GuardUser> = {}): GuardUser =>
  fan({ username: 'stella', isPerformer: true, ...over });
const admin = (over: Partial<GuardUser> = {}): GuardUser => fan({ username: 'boss', isAdmin: true, ...over });

const check = (over: Partial<GuardInput>) =>
  resolveRedirect({
    pathname: '/home',
    access: 'auth',
    user: null,
    settings: { siteSubscriptionEnabled: false },
    now,
    ...over,
  });

describe('logged-out visitors', () => {
  it('sends them from a login-only page to the login page, which brings them back there', () => {
    expect(check({ pathname: '/home', access: 'auth' })).toBe('/auth/login?redirectTo=%2Fhome');
    expect(check({ pathname: '/user/orders', search: '?page=2', access: 'auth' })).toBe(
      '/auth/login?redirectTo=%2Fuser%2Forders%3Fpage%3D2',
    );
  });
  it('sends them from creator-only and admin-only pages to the login page', () => {
    expect(check({ pathname: '/performer/feeds', access: 'creator' })).toBe(
      '/auth/login?redirectTo=%2Fperformer%2Ffeeds',
    );
    expect(check({ pathname: '/admin/settings', access: 'admin' })).toBe(
      '/auth/login?redirectTo=%2Fadmin%2Fsettings',
    );
  });
  it('lets them see public pages and the login page', () => {
    expect(check({ pathname: '/stella', access: 'public' })).toBeNull();
    expect(check({ pathname: '/auth/login', access: 'guest' })).toBeNull();
  });
});

describe('roles', () => {
  it('sends a fan away from a creator-only page to /home', () => {
    expect(check({ pathname: '/creator/account', access: 'creator', user: fan() })).toBe('/home');
    expect(check({ pathname: '/performer/earnings', access: 'creator', user: fan() })).toBe('/home');
  });
  it('lets a creator open creator-only pages', () => {
    expect(check({ pathname: '/creator/account', access: 'creator', user: creator() })).toBeNull();
  });
  it('sends a non-admin away from admin pages to /home', () => {
    expect(check({ pathname: '/admin', access: 'admin', user: fan() })).toBe('/home');
    expect(check({ pathname: '/admin/outbox', access: 'admin', user: creator() })).toBe('/home');
  });
  it('lets an admin open admin pages', () => {
    expect(check({ pathname: '/admin/settings', access: 'admin', user: admin() })).toBeNull();
  });
  it("sends a creator from the fan account page to the creator's", () => {
    expect(check({ pathname: '/user/account', access: 'auth', user: creator() })).toBe('/creator/account');
  });
});

describe('account completion', () => {
  it('sends a fan without a username to /user/account', () => {
    expect(check({ pathname: '/home', user: fan({ username: null }) })).toBe('/user/account');
  });
  it('sends a fan without an email to /user/account, even from a public page', () => {
    expect(check({ pathname: '/stella', access: 'public', user: fan({ email: null }) })).toBe(
      '/user/account',
    );
  });
  it('sends a creator without a username to /creator/account', () => {
    expect(check({ pathname: '/home', user: creator({ username: null }) })).toBe('/creator/account');
  });
  it('leaves them on their account page and on auth pages such as a reset link', () => {
    expect(check({ pathname: '/user/account', user: fan({ email: null }) })).toBeNull();
    expect(
      check({ pathname: '/creator/account', access: 'creator', user: creator({ email: null }) }),
    ).toBeNull();
    expect(
      check({ pathname: '/auth/verify-email', access: 'public', user: fan({ email: null }) }),
    ).toBeNull();
  });
  it('sends them on from the login page to their account page', () => {
    expect(check({ pathname: '/auth/login', access: 'guest', user: fan({ username: null }) })).toBe(
      '/user/account',
    );
  });
  it('does not apply to admins', () => {
    expect(check({ pathname: '/admin', access: 'admin', user: admin({ username: null }) })).toBeNull();
  });
});

describe('landing pages', () => {
  it('sends a logged-in fan from the login page to its safe redirectTo, else to the landing page', () => {
    const login = (search: string) =>
      check({ pathname: '/auth/login', search, access: 'guest', user: fan() });
    expect(login('?redirectTo=%2Fstella%3Ftab%3Dvideos')).toBe('/stella?tab=videos');
    expect(login('?redirectTo=https%3A%2F%2Fevil.test')).toBe('/home');
  });

  it('sends a complete fan from /auth/login and / to /home', () => {
    expect(check({ pathname: '/auth/login', access: 'guest', user: fan() })).toBe('/home');
    expect(check({ pathname: '/', access: 'guest', user: fan() })).toBe('/home');
  });
  it('sends a creator from / to their own profile', () => {
    expect(check({ pathname: '/', access: 'guest', user: creator() })).toBe('/stella');
  });
  it('sends an admin from / to the admin area', () => {
    expect(check({ pathname: '/', access: 'guest', user: admin() })).toBe('/admin');
  });
  it('escapes odd characters of a username in the profile path', () => {
    expect(landingPathFor(creator({ username: 'a.b_c' }))).toBe('/a.b_c');
  });
});

describe('site subscription', () => {
  const settings = { siteSubscriptionEnabled: true };
  const expired = fan({ siteSubscription: { expiredAt: '2026-02-01T00:00:00Z' } });
  const active = fan({ siteSubscription: { expiredAt: '2026-04-01T00:00:00Z' } });

  it('sends a fan whose site subscription expired to /site-subscription', () => {
    expect(check({ pathname: '/stella', access: 'public', user: expired, settings })).toBe(
      '/site-subscription',
    );
  });
  it('leaves them on that page, auth pages and the home page', () => {
    expect(check({ pathname: '/site-subscription', user: expired, settings })).toBeNull();
    expect(check({ pathname: '/home', user: expired, settings })).toBeNull();
    expect(check({ pathname: '/auth/reset-password', access: 'public', user: expired, settings })).toBeNull();
  });
  it('lets a fan with a running site subscription through', () => {
    expect(check({ pathname: '/stella', access: 'public', user: active, settings })).toBeNull();
  });
  it('sends a fan who never had a membership there too, from every other page', () => {
    const never = fan({ siteSubscription: { expiredAt: null } });
    for (const pathname of ['/explore', '/user/subscriptions', '/post/123', '/user/wallet']) {
      expect(check({ pathname, access: 'auth', user: never, settings }), pathname).toBe('/site-subscription');
    }
  });
  it('counts a membership that ends this very moment as expired', () => {
    const endsNow = fan({ siteSubscription: { expiredAt: now.toISOString() } });
    expect(check({ pathname: '/explore', user: endsNow, settings })).toBe('/site-subscription');
  });
  it('lets a fan on the trial through', () => {
    const trial = fan({ siteSubscription: { expiredAt: '2026-03-10T00:00:00Z' } });
    expect(check({ pathname: '/explore', user: trial, settings })).toBeNull();
  });
  it('leaves the login and sign-up pages leading on to home, not to the membership page', () => {
    expect(check({ pathname: '/auth/login', access: 'guest', user: expired, settings })).toBe('/home');
  });
  it('does nothing while the site subscription is switched off', () => {
    expect(check({ pathname: '/stella', access: 'public', user: expired })).toBeNull();
  });
  it('never applies to creators', () => {
    expect(
      check({
        pathname: '/creator/account',
        access: 'creator',
        user: creator({ siteSubscription: { expiredAt: null } }),
        settings,
      }),
    ).toBeNull();
  });
});

describe('the redirectTo sanitizer', () => {
  it.each(['/home', '/stella', '/user/orders?page=2', '/post/abc#comments', '/search?q=a%2Fb'])(
    'keeps the same-site path %s',
    (path) => {
      expect(safeRedirectPath(path)).toBe(path);
    },
  );

  it.each([
    ['another host', 'https://evil.test/home'],
    ['a protocol-relative URL', '//evil.test'],
    ['a backslash host', '/\\evil.test'],
    ['a backslash later on', '/a\\..\\..\\evil'],
    ['a tab between the slashes', '/\t/evil.test'],
    ['a newline', '/home\nSet-Cookie: x'],
    ['a script URL', 'javascript:alert(1)'],
    ['a relative path', 'home'],
    ['an empty value', ''],
    ['no value', null],
    ['the login page itself', '/auth/login?redirectTo=%2Fhome'],
    ['a very long value', `/${'a'.repeat(3000)}`],
  ])('refuses %s', (_label, value) => {
    expect(safeRedirectPath(value)).toBeNull();
  });

  it('builds the login link only with a safe path', () => {
    expect(loginPathFor('/stella')).toBe('/auth/login?redirectTo=%2Fstella');
    expect(loginPathFor('//evil.test')).toBe('/auth/login');
  });
});
