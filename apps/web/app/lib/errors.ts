import { Messages, type TErrorResponse } from '@fanstage/contract';

/** What the API client throws: the JSON error body of the API (spec section 7), or a stand-in for network errors. */
export type ApiErrorBody = Partial<TErrorResponse> & { statusCode: number; message: string };

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.trim().length > 0;

/**
 * The text of an error toast (spec section 8): the error's message, else its nested error's message,
 * else the error itself when it is a string, else the fallback.
 */
export function errorMessage(error: unknown, fallback: string = Messages.genericError): string {
  if (error && typeof error === 'object') {
    const { message, error: nested } = error as { message?: unknown; error?: unknown };
    if (nonEmpty(message)) return message;
    if (nested && typeof nested === 'object' && nonEmpty((nested as { message?: unknown }).message)) {
      return (nested as { message: string }).message;
    }
  }
  if (nonEmpty(error)) return error;
  return fallback;
}

/** The API's error code, when the error is an API error body. */
export const errorCode = (error: unknown): string | undefined =>
  error && typeof error === 'object' && typeof (error as { code?: unknown }).code === 'string'
    ? (error as { code: string }).code
    : undefined;

/** The per-field problems of a 400/409/422 answer (`details[]`). */
export function errorDetails(error: unknown): { path: string; message: string }[] {
  if (!error || typeof error !== 'object') return [];
  const details = (error as { details?: unknown }).details;
  if (!Array.isArray(details)) return [];
  return details.filter(
    (d): d is { path: string; message: string } =>
      !!d && typeof d === 'object' && typeof d.path === 'string' && typeof d.message === 'string',
  );
}
