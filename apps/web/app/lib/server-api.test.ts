// @vitest-environment node
// Loaders run on the server: the browser Request of happy-dom would drop the Cookie header.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadCurrentUser, loadPublicSettings, serverApi } from './server-api';

const request = (cookie?: string) =>
  new Request('http://localhost:5173/home', { headers: cookie ? { cookie } : {} });

describe('serverApi', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('calls the API in process through context.api when the API serves the pages', async () => {
    const api = vi.fn(async () => ({ status: 200, body: { data: { ok: 1 } } }));
    const call = serverApi({ request: request(), context: { api } });
    await expect(call('/users/me')).resolves.toEqual({ status: 200, body: { data: { ok: 1 } } });
    expect(api).toHaveBeenCalledWith('/users/me');
  });

  it('falls back to HTTP with the visitor cookie (react-router dev)', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init: RequestInit) => new Response('{"data":{"siteName":"X"}}'),
    );
    vi.stubGlobal('fetch', fetchMock);
    const call = serverApi({ request: request('token=abc; theme=dark'), context: {} });
    const res = await call('/settings/public');
    expect(res.status).toBe(200);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`${process.env.API_ORIGIN ?? 'http://localhost:8080'}/api/settings/public`);
    expect((init.headers as Record<string, string>).cookie).toBe('token=abc; theme=dark');
  });

  it('answers 503 when the API cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('connection refused'))),
    );
    const res = await serverApi({ request: request(), context: {} })('/settings/public');
    expect(res.status).toBe(503);
  });
});

describe('page data', () => {
  it('asks nobody who is logged in when there is no token cookie', async () => {
    const api = vi.fn();
    await expect(loadCurrentUser({ request: request('theme=dark'), context: { api } })).resolves.toBeNull();
    expect(api).not.toHaveBeenCalled();
  });

  it('treats a 401 from /users/me as logged out', async () => {
    const api = vi.fn(async () => ({ status: 401, body: { statusCode: 401 } }));
    await expect(loadCurrentUser({ request: request('token=stale'), context: { api } })).resolves.toBeNull();
  });

  it('asks once per request, however many loaders want the answer', async () => {
    const api = vi.fn(async () => ({ status: 200, body: { data: { siteName: 'Once' } } }));
    const args = { request: request(), context: { api } };
    const [a, b] = await Promise.all([loadPublicSettings(args), loadPublicSettings(args)]);
    expect(a.siteName).toBe('Once');
    expect(b).toBe(a);
    expect(api).toHaveBeenCalledOnce();
  });

  it('falls back to the default settings when the API fails', async () => {
    const api = vi.fn(async () => ({ status: 500, body: null }));
    const settings = await loadPublicSettings({ request: request(), context: { api } });
    expect(settings.siteName).toBe('Fanstage');
    expect(settings.maintenanceMode).toBe(false);
  });
});
