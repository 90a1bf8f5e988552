import { themeCookie } from '@fanstage/contract';
import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import { readCookie, type ThemeName, themeCookieString } from './cookies';

const asTheme = (value: MantineColorScheme | string | undefined, fallback: ThemeName): ThemeName =>
  value === 'dark' ? 'dark' : value === 'light' ? 'light' : fallback;

/**
 * Keeps Mantine's color scheme in the `theme` cookie so the server renders the right theme on the
 * first byte (no flash). On the server it answers the theme the loader read from the request.
 * Only light and dark exist: "auto" is stored as light.
 */
export function cookieColorSchemeManager(serverTheme: ThemeName): MantineColorSchemeManager {
  return {
    get: (defaultValue) => {
      if (typeof document === 'undefined') return serverTheme;
      return asTheme(readCookie(document.cookie, themeCookie), asTheme(defaultValue, serverTheme));
    },
    set: (value) => {
      // biome-ignore lint/suspicious/noDocumentCookie: the server must read the theme, so it lives in a cookie.
      document.cookie = themeCookieString(asTheme(value, 'light'));
    },
    subscribe: () => {},
    unsubscribe: () => {},
    clear: () => {
      // biome-ignore lint/suspicious/noDocumentCookie: see set().
      document.cookie = `${themeCookie}=; Path=/; Max-Age=0; SameSite=Lax`;
    },
  };
}
