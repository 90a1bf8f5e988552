import type { TPerformerPublic } from '@fanstage/contract';
import { data } from 'react-router';
import type { ServerApiCall } from '../../lib/server-api';

/**
 * One item for a content page's loader: its data, or the page's 404 (missing and not visible look
 * the same) and a 502 when the API fails.
 */
export async function loadItem<T>(call: ServerApiCall, path: string, what: string): Promise<T> {
  const { status, body } = await call(path);
  if (status === 404 || status === 400) throw data(`${what} not found`, { status: 404 });
  if (status === 403) {
    const message = (body as { message?: string } | null)?.message;
    throw data(message ?? `${what} is not available to you.`, { status: 403 });
  }
  if (status !== 200)
    throw data(`The ${what.toLowerCase()} could not be loaded.`, { status: status >= 500 ? 502 : status });
  return (body as { data: T }).data;
}

/** The creator behind an item, or null when their page cannot be read (the item still shows). */
export async function loadCreator(
  call: ServerApiCall,
  performerId: string,
): Promise<TPerformerPublic | null> {
  const { status, body } = await call(`/performers/${encodeURIComponent(performerId)}`);
  return status === 200 ? (body as { data: TPerformerPublic }).data : null;
}

/** The creator's monthly price for a subscribe button, null when subscribing is free or unknown. */
export const monthlyPriceOf = (performer: TPerformerPublic | null): number | null =>
  performer && !performer.freeSubscription ? performer.monthlyPrice : null;
