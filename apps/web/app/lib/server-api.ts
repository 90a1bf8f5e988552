import {
  defaultSettings,
  publicSettingKeys,
  sessionCookie,
  type TCurrentUser,
  type TPublicSettings,
} from '@fanstage/contract';
import { readCookie } from './cookies';

export interface ServerApiResult {
  status: number;
  body: unknown;
}

export type ServerApiCall = (
  path: string,
  init?: { method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; body?: unknown },
) => Promise<ServerApiResult>;

declare module 'react-router' {
  interface AppLoadContext {
    /** The API called in process with the visitor's cookie (set by apps/api/src/plugins/web.ts). */
    api?: ServerApiCall;
    /** The site's public origin, for absolute URLs in share cards. */
    publicUrl?: string;
  }
}

interface LoaderLike {
  request: Request;
  context?: { api?: ServerApiCall; publicUrl?: string } | unknown;
}

const contextOf = (args: LoaderLike) => (args.context ?? {}) as { api?: ServerApiCall; publicUrl?: string };

/**
 * The API as seen by a loader: in process through `context.api` when the API serves the pages,
 * otherwise over HTTP to API_ORIGIN with the visitor's cookie (for `react-router dev`).
 */
export function serverApi(args: LoaderLike): ServerApiCall {
  const fromContext = contextOf(args).api;
  if (fromContext) return fromContext;
  return async (path, init) => {
    const origin = process.env.API_ORIGIN ?? 'http://localhost:8080';
    const cookie = args.request.headers.get('cookie');
    const headers: Record<string, string> = { accept: 'application/json', 'x-requested-with': 'ssr' };
    if (cookie) headers.cookie = cookie;
    if (init?.body !== undefined) headers['content-type'] = 'application/json';
    try {
      const res = await fetch(`${origin}/api${path}`, {
        method: init?.method ?? 'GET',
        headers,
        body: init?.body !== undefined ? JSON.stringify(init.body) : undefined,
      });
      const text = await res.text();
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = null;
      }
      return { status: res.status, body };
    } catch {
      return {
        status: 503,
        body: { statusCode: 503, code: 'UNAVAILABLE', message: 'The API is not reachable.' },
      };
    }
  };
}

/** The public origin for absolute URLs (share cards): the API's PUBLIC_URL, else the request's own origin. */
export const publicOrigin = (args: LoaderLike): string =>
  (contextOf(args).publicUrl ?? new URL(args.request.url).origin).replace(/\/$/, '');

const fallbackPublicSettings = Object.fromEntries(
  publicSettingKeys.map((key) => [key, defaultSettings[key]]),
) as TPublicSettings;

const dataOf = <T>(body: unknown): T | null =>
  body && typeof body === 'object' && 'data' in body ? ((body as { data: T }).data ?? null) : null;

// One request renders several loaders (root and page); they share these two answers.
const settingsByRequest = new WeakMap<Request, Promise<TPublicSettings>>();
const userByRequest = new WeakMap<Request, Promise<TCurrentUser | null>>();

/** The public settings; the defaults when the API cannot answer, so pages still render. */
export function loadPublicSettings(args: LoaderLike): Promise<TPublicSettings> {
  let pending = settingsByRequest.get(args.request);
  if (!pending) {
    pending = serverApi(args)('/settings/public').then(({ status, body }) =>
      status === 200
        ? { ...fallbackPublicSettings, ...dataOf<TPublicSettings>(body) }
        : fallbackPublicSettings,
    );
    settingsByRequest.set(args.request, pending);
  }
  return pending;
}

/**
 * Whether the site is closed to the visitor's country (`GET /block/countries/check`, judged by the
 * visitor's address, which the API's page handler passes to its in-process calls). An API that
 * cannot answer closes nothing: its own routes still refuse such a visitor.
 */
export async function loadSiteGeoBlock(args: LoaderLike): Promise<boolean> {
  const { status, body } = await serverApi(args)('/block/countries/check');
  return status === 200 && dataOf<{ blocked?: unknown }>(body)?.blocked === true;
}

/** The logged-in user of the request, or null (no token cookie, or the API says 401). */
export function loadCurrentUser(args: LoaderLike): Promise<TCurrentUser | null> {
  let pending = userByRequest.get(args.request);
  if (!pending) {
    const hasToken = Boolean(readCookie(args.request.headers.get('cookie'), sessionCookie));
    pending = hasToken
      ? serverApi(args)('/users/me').then(({ status, body }) =>
          status === 200 ? dataOf<TCurrentUser>(body) : null,
        )
      : Promise.resolve(null);
    userByRequest.set(args.request, pending);
  }
  return pending;
}
