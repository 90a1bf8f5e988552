import { Messages } from '@fanstage/contract';
import type { ApiErrorBody } from './errors';

/** The header the API demands on cookie-authenticated writes (a cross-site form cannot set it). */
const baseHeaders = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' } as const;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  method?: Method;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /** Answer null on a 401 instead of logging out (for "who am I?" on public pages). */
  allowUnauthenticated?: boolean;
  /** Sent as the Idempotency-Key header: money routes charge once per key. */
  idempotencyKey?: string;
}

let unauthorizedListener: (() => void) | null = null;
let handlingUnauthorized = false;

/**
 * Registers what happens after any 401 (spec section 8): the app clears its cached user,
 * goes to /auth/login and says "Forbidden in the action!". Returns the unregister function.
 */
export function onUnauthorized(listener: () => void): () => void {
  unauthorizedListener = listener;
  return () => {
    if (unauthorizedListener === listener) unauthorizedListener = null;
  };
}

async function handleUnauthorized(): Promise<void> {
  if (handlingUnauthorized) return;
  handlingUnauthorized = true;
  try {
    // The token cookie is HttpOnly: only the API can clear it.
    await fetch('/api/auth/logout', { method: 'POST', credentials: 'include', headers: baseHeaders }).catch(
      () => {},
    );
    unauthorizedListener?.();
  } finally {
    handlingUnauthorized = false;
  }
}

const networkError = (): ApiErrorBody => ({
  statusCode: 0,
  code: 'NETWORK',
  message: 'We could not reach the server. Please check your connection and try again.',
});

function buildUrl(path: string, query?: ApiRequestOptions['query']): string {
  const url = `/api${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const asErrorBody = (status: number, body: unknown): ApiErrorBody =>
  body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string'
    ? ({ statusCode: status, ...(body as object) } as ApiErrorBody)
    : { statusCode: status, message: Messages.genericError };

/**
 * Calls the API (path without the `/api` prefix): JSON in, JSON out, cookies included.
 * A 2xx answer resolves with its JSON; anything else rejects with the API's JSON error body.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal, allowUnauthenticated, idempotencyKey } = options;
  const headers: Record<string, string> = { ...baseHeaders };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
  let res: Response;
  try {
    res = await fetch(buildUrl(path, query), {
      method,
      credentials: 'include',
      signal,
      headers,
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw networkError();
  }
  const json = await readJson(res);
  if (res.ok) return json as T;
  if (res.status === 401) {
    if (allowUnauthenticated) return null as T;
    await handleUnauthorized();
  }
  throw asErrorBody(res.status, json);
}

export const api = {
  get: <T>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body: body ?? {} }),
  put: <T>(path: string, body?: unknown, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body: body ?? {} }),
  delete: <T>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** A fresh Idempotency-Key for one attempt to move money (a retry of the same attempt reuses it). */
export const newIdempotencyKey = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** A money route: the shared client's rules, with the attempt's Idempotency-Key. */
export const moneyRequest = <T>(
  method: 'POST' | 'PUT',
  path: string,
  body: unknown,
  idempotencyKey: string,
) => apiRequest<T>(path, { method, body: body ?? {}, idempotencyKey });

export const moneyPost = <T>(path: string, body: unknown, idempotencyKey: string) =>
  moneyRequest<T>('POST', path, body, idempotencyKey);

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  /** Called with 0..100 while the body is sent. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends multipart form data with upload progress (fetch cannot report it, XMLHttpRequest can).
 * Same rules as apiRequest: JSON answer on 2xx, the JSON error body thrown otherwise, 401 logs out.
 */
export function apiUpload<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', `/api${path}`);
    xhr.withCredentials = true;
    for (const [key, value] of Object.entries(baseHeaders)) xhr.setRequestHeader(key, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let json: unknown = null;
      try {
        json = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        json = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(100);
        resolve(json as T);
        return;
      }
      const error = asErrorBody(xhr.status, json);
      if (xhr.status === 401) {
        void handleUnauthorized().finally(() => reject(error));
        return;
      }
      reject(error);
    };
    xhr.onerror = () => reject(networkError());
    xhr.onabort = () => reject({ statusCode: 0, code: 'ABORTED', message: 'The upload was cancelled.' });
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}
