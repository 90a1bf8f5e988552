import { data, isRouteErrorResponse } from 'react-router';
import type { ThemeName } from '../../lib/cookies';

/**
 * The status of every page shown to a visitor from a country the site is closed to: 451
 * "Unavailable For Legal Reasons" (RFC 7725), which says what happened (a restriction, not a
 * missing page or a login problem) and is not cached as the page itself.
 */
export const geoBlockStatus = 451;

/** What the root loader throws for such a visitor: enough to draw the layout without other data. */
export interface GeoBlockData {
  geoBlocked: true;
  siteName: string;
  theme: ThemeName;
}

/**
 * Thrown (not returned) by the root loader, so the root error boundary renders the geo-block layout
 * and its 451 stays the document's status whatever the page's own loaders answered (the API
 * refuses them with 403 for the same visitor).
 */
export const geoBlockedResponse = (details: Omit<GeoBlockData, 'geoBlocked'>) =>
  data<GeoBlockData>({ geoBlocked: true, ...details }, { status: geoBlockStatus });

/** The geo-block details when this route error is the root loader's geo-block, else null. */
export function geoBlockOf(error: unknown): GeoBlockData | null {
  if (!isRouteErrorResponse(error) || error.status !== geoBlockStatus) return null;
  const body = error.data as Partial<GeoBlockData> | null;
  return body?.geoBlocked === true
    ? {
        geoBlocked: true,
        siteName: String(body.siteName ?? ''),
        theme: body.theme === 'dark' ? 'dark' : 'light',
      }
    : null;
}
