// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { loadSiteGeoBlock } from '../../lib/server-api';
import { geoBlockedResponse, geoBlockOf, geoBlockStatus } from './geo-block-page';

const request = () => new Request('http://localhost/home');

describe('the site-wide geo-block of server-rendered pages', () => {
  it('asks the API whether the visitor is blocked, in process', async () => {
    const api = vi.fn(async () => ({ status: 200, body: { data: { blocked: true } } }));
    await expect(loadSiteGeoBlock({ request: request(), context: { api } })).resolves.toBe(true);
    expect(api).toHaveBeenCalledWith('/block/countries/check');
  });

  it('closes nothing when the API says no or cannot answer', async () => {
    for (const answer of [
      { status: 200, body: { data: { blocked: false } } },
      { status: 503, body: null },
      { status: 200, body: { data: {} } },
    ]) {
      const api = vi.fn(async () => answer);
      await expect(loadSiteGeoBlock({ request: request(), context: { api } })).resolves.toBe(false);
    }
  });

  it('throws a 451 the root error boundary recognises, with the site name and theme', () => {
    const thrown = geoBlockedResponse({ siteName: 'Fanstage', theme: 'dark' });
    expect(thrown.init?.status).toBe(geoBlockStatus);
    expect(geoBlockStatus).toBe(451);
    // What the boundary receives once React Router turned the thrown data into an error response.
    const error = { status: 451, statusText: '', internal: false, data: thrown.data };
    expect(geoBlockOf(error)).toEqual({ geoBlocked: true, siteName: 'Fanstage', theme: 'dark' });
  });

  it('does not take other errors for a geo-block', () => {
    expect(geoBlockOf(new Error('boom'))).toBeNull();
    expect(geoBlockOf({ status: 404, statusText: '', internal: false, data: null })).toBeNull();
    expect(geoBlockOf({ status: 451, statusText: '', internal: false, data: { other: 1 } })).toBeNull();
  });
});
