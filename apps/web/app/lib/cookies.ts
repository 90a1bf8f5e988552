import { themeCookie } from '@fanstage/contract';

/** Reads one cookie out of a `Cookie` header (or `document.cookie`); undefined when absent. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

export type ThemeName = 'light' | 'dark';

/** The visitor's theme from the `theme` cookie; light unless they chose dark (there is no "system" option). */
export const themeFromCookie = (header: string | null | undefined): ThemeName =>
  readCookie(header, themeCookie) === 'dark' ? 'dark' : 'light';

const oneYearSeconds = 365 * 24 * 60 * 60;

/** The `document.cookie` assignment that remembers a theme for a year. */
export const themeCookieString = (theme: ThemeName): string =>
  `${themeCookie}=${theme}; Path=/; Max-Age=${oneYearSeconds}; SameSite=Lax`;
