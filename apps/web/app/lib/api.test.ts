import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, onUnauthorized } from './api';

type FetchArgs = [string, RequestInit];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('api client', () => {
  const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();

  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends JSON with cookies and the X-Requested-With header, and answers the JSON body', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { data: { ok: true } }));
    await expect(api.put('/users', { name: 'Ana' })).resolves.toEqual({ data: { ok: true } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/users');
    expect(init.method).toBe('PUT');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"name":"Ana"}');
    expect((init.headers as Record<string, string>)['X-Requested-With']).toBe('XMLHttpRequest');
  });

  it('throws the JSON error body of a failed call', async () => {
    const body = { statusCode: 422, code: 'INSUFFICIENT_BALANCE', message: 'Top up first.' };
    fetchMock.mockResolvedValueOnce(json(422, body));
    await expect(api.post('/wallet/charges/tip/1', {})).rejects.toMatchObject(body);
  });

  it('leaves out empty query values', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { data: [], total: 0 }));
    await api.get('/admin/outbox', { query: { offset: 20, limit: 20, q: '' } });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/admin/outbox?offset=20&limit=20');
  });

  it('on a 401 logs out through the API, then tells the app, and still rejects', async () => {
    const listener = vi.fn();
    const off = onUnauthorized(listener);
    fetchMock
      .mockResolvedValueOnce(
        json(401, { statusCode: 401, code: 'UNAUTHENTICATED', message: 'Please log in.' }),
      )
      .mockResolvedValueOnce(json(200, { data: { success: true } }));
    await expect(api.get('/users/search')).rejects.toMatchObject({ statusCode: 401 });
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/auth/logout');
    expect(fetchMock.mock.calls[1]![1].method).toBe('POST');
    expect(listener).toHaveBeenCalledOnce();
    off();
  });

  it('answers null for "who am I?" when nobody is logged in, without logging out', async () => {
    const listener = vi.fn();
    const off = onUnauthorized(listener);
    fetchMock.mockResolvedValueOnce(json(401, { statusCode: 401, message: 'Please log in.' }));
    await expect(api.get('/users/me', { allowUnauthenticated: true })).resolves.toBeNull();
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(listener).not.toHaveBeenCalled();
    off();
  });

  it('turns a network failure into a readable error', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(api.get('/settings/public')).rejects.toMatchObject({ statusCode: 0, code: 'NETWORK' });
  });
});
