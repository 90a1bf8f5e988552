import { describe, expect, it } from 'vitest';
import { cookieColorSchemeManager } from './color-scheme';
import { readCookie, themeCookieString, themeFromCookie } from './cookies';

describe('cookies', () => {
  it('reads one cookie out of a header', () => {
    expect(readCookie('a=1; token=abc%20d; theme=dark', 'token')).toBe('abc d');
    expect(readCookie('a=1', 'token')).toBeUndefined();
    expect(readCookie(null, 'token')).toBeUndefined();
  });
  it('knows only light and dark themes, light by default', () => {
    expect(themeFromCookie('theme=dark')).toBe('dark');
    expect(themeFromCookie('theme=auto')).toBe('light');
    expect(themeFromCookie(undefined)).toBe('light');
  });
  it('remembers the theme for a year on the whole site', () => {
    expect(themeCookieString('dark')).toBe('theme=dark; Path=/; Max-Age=31536000; SameSite=Lax');
  });
});

describe('cookie color scheme manager', () => {
  it('writes the theme cookie and reads it back; "auto" is stored as light', () => {
    const manager = cookieColorSchemeManager('light');
    manager.set('dark');
    expect(document.cookie).toContain('theme=dark');
    expect(manager.get('light')).toBe('dark');
    manager.set('auto');
    expect(manager.get('dark')).toBe('light');
  });
});
