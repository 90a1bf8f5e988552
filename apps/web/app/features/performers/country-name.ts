let regionNames: Intl.DisplayNames | null | undefined;

/**
 * "United States" for "US" (the code itself when the name is unknown, null for anything that is not a
 * country code). Used by the creator page's loader, on the server: building Intl's region names is ~9 ms
 * of CPU (four times that on a slow phone), too much for a page's start in the browser.
 */
export function countryName(code: string): string | null {
  if (!/^[A-Z]{2}$/.test(code)) return null;
  if (regionNames === undefined)
    regionNames =
      typeof Intl !== 'undefined' && 'DisplayNames' in Intl
        ? new Intl.DisplayNames(['en'], { type: 'region' })
        : null;
  try {
    return regionNames?.of(code) ?? code;
  } catch {
    return code;
  }
}
