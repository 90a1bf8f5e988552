import { Messages, type TErrorResponse } from '@fanstage/contract';

/** What the API client throws: the JSON error body of the API (spec section 7), or a stand-in for network errors. */
export type ApiErrorBody = Partial<TErrorResponse> & { statusCode: number; message: string };

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.trim().length > 0;

/** "amount: Too small (and 2 more problems)": an internal field name in front, as older answers had. */
const internalForm = /^([a-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*): (.+?)(?: \(and (\d+) more problems?\))?$/;

/** A message as a person should read it: no internal field name in front, one capital, a full stop. */
function asSentence(message: string): string {
  const match = internalForm.exec(message.trim());
  if (!match) return message;
  const [, , text = '', more] = match;
  const body = `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
  const sentence = /[.!?]$/.test(body) ? body : `${body}.`;
  if (!more) return sentence;
  return `${sentence} There ${more === '1' ? 'is 1 more problem' : `are ${more} more problems`}.`;
}

/** Errors of the browser or of our own code, whose words are for developers ("Failed to fetch"). */
const isProgrammerError = (error: object) =>
  error instanceof TypeError || error instanceof SyntaxError || error instanceof RangeError;

/**
 * The text of an error toast (spec section 8): the error's message, else its nested error's message,
 * else the error itself when it is a string, else the fallback. It always reads as a sentence: an
 * internal field name in front is dropped (the form shows the field's own message next to it) and a
 * browser error becomes the fallback.
 */
export function errorMessage(error: unknown, fallback: string = Messages.genericError): string {
  if (error && typeof error === 'object') {
    if (isProgrammerError(error)) return fallback;
    const { message, error: nested } = error as { message?: unknown; error?: unknown };
    if (nonEmpty(message)) return asSentence(message);
    if (nested && typeof nested === 'object' && nonEmpty((nested as { message?: unknown }).message)) {
      return asSentence((nested as { message: string }).message);
    }
  }
  if (nonEmpty(error)) return asSentence(error);
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
