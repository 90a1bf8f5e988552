import type { TCurrentUser } from '@fanstage/contract';

/**
 * Who may open a page (spec sections 2 and 6):
 * - public: anyone;
 * - guest: pages for logged-out visitors (login, sign-up); a logged-in visitor is sent to their landing page;
 * - auth: login required;
 * - creator: login required, creators only (/creator/..., /performer/...);
 * - admin: login required, admins only (/admin/...).
 */
export type PageAccess = 'public' | 'guest' | 'auth' | 'creator' | 'admin';

export type GuardUser = Pick<
  TCurrentUser,
  'username' | 'email' | 'isPerformer' | 'isAdmin' | 'siteSubscription'
>;

export interface GuardSettings {
  siteSubscriptionEnabled: boolean;
}

export const paths = {
  login: '/auth/login',
  home: '/home',
  fanAccount: '/user/account',
  creatorAccount: '/creator/account',
  siteSubscription: '/site-subscription',
  admin: '/admin',
  geoBlocked: '/geo-blocked',
  messages: '/messages',
} as const;

const isAuthPath = (pathname: string) => pathname === '/auth' || pathname.startsWith('/auth/');

/** The query parameter of the login (and sign-up) page: where to go back to afterwards. */
export const redirectParam = 'redirectTo';

const sameSiteBase = 'http://same-site.invalid';

/**
 * The place to go back to after logging in, or null when the value is not a same-site path: only a
 * relative path starting with one `/` (not `//` or `/\`, which browsers read as another host), with no
 * backslash or control character, and not an auth page (no loop back to the login).
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // Browsers treat `\` as `/` and drop tabs and newlines, so `/\evil.test`, or a tab between
  // two slashes, would leave the site.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses.
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, sameSiteBase);
  } catch {
    return null;
  }
  if (url.origin !== sameSiteBase || isAuthPath(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login page, asked to bring the person back to `returnTo` when that is a safe same-site path. */
export function loginPathFor(returnTo?: string | null): string {
  const safe = safeRedirectPath(returnTo);
  return safe ? `${paths.login}?${redirectParam}=${encodeURIComponent(safe)}` : paths.login;
}

/** Where a page with a `redirectTo` query (login, sign-up) sends the person it has just logged in. */
export const returnPathFrom = (search: string): string | null =>
  safeRedirectPath(new URLSearchParams(search).get(redirectParam));

export const needsAccountCompletion = (user: GuardUser): boolean =>
  !user.isAdmin && (!user.email || !user.username);

/** The account page where this user fills in what is missing (and edits their profile). */
export const accountPathFor = (user: GuardUser): string =>
  user.isPerformer ? paths.creatorAccount : paths.fanAccount;

/** Where a logged-in user belongs when they open `/` or log in. */
export function landingPathFor(user: GuardUser): string {
  if (user.isAdmin) return paths.admin;
  if (needsAccountCompletion(user)) return accountPathFor(user);
  if (user.isPerformer && user.username) return `/${encodeURIComponent(user.username)}`;
  return paths.home;
}

/** A fan (not a creator or admin) whose site-wide subscription is missing or over, while the site requires one. */
export function hasExpiredSiteSubscription(user: GuardUser, settings: GuardSettings, now: Date): boolean {
  if (!settings.siteSubscriptionEnabled || user.isPerformer || user.isAdmin) return false;
  const expiredAt = user.siteSubscription.expiredAt;
  return expiredAt === null || Date.parse(expiredAt) <= now.getTime();
}

const siteSubscriptionExempt = (pathname: string) =>
  isAuthPath(pathname) ||
  pathname === paths.home ||
  pathname === paths.siteSubscription ||
  pathname === paths.fanAccount ||
  pathname === paths.creatorAccount ||
  pathname === paths.geoBlocked;

export interface GuardInput {
  pathname: string;
  /** The query string of the page (`?a=b` or empty): kept in the login's `redirectTo`. */
  search?: string;
  access: PageAccess;
  user: GuardUser | null;
  settings: GuardSettings;
  now: Date;
}

/**
 * The one place that decides page redirects. Answers the path to send the visitor to,
 * or null when they may see the page. Loaders call it on the server, so protected pages never flash.
 */
export function resolveRedirect({
  pathname,
  search = '',
  access,
  user,
  settings,
  now,
}: GuardInput): string | null {
  if (!user) {
    const isProtected = access === 'auth' || access === 'creator' || access === 'admin';
    return isProtected ? loginPathFor(`${pathname}${search}`) : null;
  }
  if (pathname === paths.geoBlocked) return null;

  if (needsAccountCompletion(user)) {
    const target = accountPathFor(user);
    if (pathname === target) return null;
    // Auth pages stay open (a reset or verification link must work), but login and sign-up lead on.
    if (isAuthPath(pathname)) return access === 'guest' ? target : null;
    return target;
  }

  if (access === 'creator' && !user.isPerformer) return paths.home;
  if (access === 'admin' && !user.isAdmin) return paths.home;
  if (pathname === paths.fanAccount && user.isPerformer) return paths.creatorAccount;
  if (access === 'guest') return returnPathFrom(search) ?? landingPathFor(user);

  if (hasExpiredSiteSubscription(user, settings, now) && !siteSubscriptionExempt(pathname)) {
    return paths.siteSubscription;
  }
  return null;
}
