import type { TGoLiveRequest, TLiveMediaGrant, TLiveSession, TStreamMessage } from '@fanstage/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { api, moneyPost } from '../../lib/api';

export const liveKeys = {
  all: ['live'] as const,
  now: ['live', 'now'] as const,
  ofCreator: (performerId: string) => ['live', 'creator', performerId] as const,
  session: (id: string) => ['live', 'session', id] as const,
  grant: (id: string) => ['live', 'grant', id] as const,
};

export const livePath = (id: string) => `/live/${encodeURIComponent(id)}`;
export const liveStudioPath = '/creator/live';

interface LivePage {
  data: TLiveSession[];
  total: number;
}

/** Who is live now, newest show first (the strip on home). */
export function useLiveNow() {
  return useQuery({
    queryKey: liveKeys.now,
    queryFn: ({ signal }) => api.get<LivePage>('/streaming/user/search', { query: { limit: 12 }, signal }),
    refetchInterval: 60_000,
  });
}

/** The creator's show that is live now, or null (their studio and the badge on their profile). */
export function useCreatorLiveSession(performerId: string | null | undefined) {
  return useQuery({
    queryKey: liveKeys.ofCreator(performerId ?? ''),
    queryFn: async ({ signal }) =>
      (
        await api.get<LivePage>('/streaming/user/search', {
          query: { performerId: performerId ?? undefined, limit: 1 },
          signal,
        })
      ).data[0] ?? null,
    enabled: !!performerId,
  });
}

export function useLiveSession(id: string) {
  return useQuery({
    queryKey: liveKeys.session(id),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: TLiveSession }>(`/streaming/${encodeURIComponent(id)}`, { signal })).data,
  });
}

const grantQuery = (id: string) => ({
  queryKey: liveKeys.grant(id),
  queryFn: async ({ signal }: { signal: AbortSignal }) =>
    (await api.get<{ data: TLiveMediaGrant }>(`/streaming/join/${encodeURIComponent(id)}`, { signal })).data,
});

/**
 * Asks for the media grant together with the show instead of after it: the video starts one round
 * trip sooner. The API refuses people who may not watch (the cached refusal is asked again when the
 * video mounts, e.g. after paying), so this reveals nothing.
 */
export function prefetchMediaGrant(queryClient: QueryClient, id: string) {
  return queryClient.prefetchQuery({ ...grantQuery(id), retry: false });
}

/** How long before the tokens end the page asks for fresh ones. */
const renewAheadMs = 30_000;

/**
 * The media grant of one show while the page shows its video; asked again before its tokens end.
 * A 422 (no live video on this server) is an answer to show, not to retry.
 */
export function useMediaGrant(id: string, enabled: boolean) {
  return useQuery({
    ...grantQuery(id),
    enabled,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchInterval: (query) => {
      const grant = query.state.data;
      if (!grant) return false;
      return Math.max(10_000, new Date(grant.expiresAt).getTime() - Date.now() - renewAheadMs);
    },
  });
}

export const goLive = async (input: TGoLiveRequest) =>
  (await api.post<{ data: TLiveSession }>('/streaming/live', input)).data;

export const endLive = async (id: string) =>
  (await api.post<{ data: TLiveSession }>(`/streaming/live/${encodeURIComponent(id)}/end`)).data;

/** Buys one session of a priced show from the wallet; the key makes a retry charge once. */
export const payForShow = (id: string, idempotencyKey: string) =>
  moneyPost<unknown>(`/wallet/charges/stream/${encodeURIComponent(id)}`, {}, idempotencyKey);

/** Every cached view of live shows reads again (after going live, ending, paying). */
export const refreshLive = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: liveKeys.all });

/** The camera or microphone error in plain words. */
export function cameraProblem(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'Your browser did not allow this page to use the camera and microphone. Allow them in the address bar (the camera icon), then try again.';
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'No camera or microphone was found. Plug one in, or pick another, then try again.';
    case 'NotReadableError':
    case 'AbortError':
      return 'The camera or microphone is busy: another app or tab may be using it. Close it, then try again.';
    default:
      return 'The camera could not be started in this browser.';
  }
}

export const chatKeys = {
  messages: (conversationId: string) => ['live', 'chat', conversationId] as const,
};

/** The newest messages of a show's chat, oldest first. */
export function useStreamMessages(conversationId: string | null) {
  return useQuery({
    queryKey: chatKeys.messages(conversationId ?? ''),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ data: TStreamMessage[]; total: number }>(
          `/messages/stream/${encodeURIComponent(conversationId ?? '')}`,
          { query: { limit: 50 }, signal },
        )
      ).data,
    enabled: !!conversationId,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export const postStreamMessage = async (conversationId: string, text: string) =>
  (
    await api.post<{ data: TStreamMessage }>(`/messages/stream/${encodeURIComponent(conversationId)}`, {
      text,
    })
  ).data;

export const clearStreamChat = (conversationId: string) =>
  api.delete<unknown>(`/messages/stream/${encodeURIComponent(conversationId)}/remove-all-message`);

/** The creator mutes, unmutes or removes one viewer of their show. */
export const moderateViewer = (sessionId: string, userId: string, action: 'mute' | 'unmute' | 'remove') =>
  action === 'unmute'
    ? api.delete<unknown>(
        `/streaming/live/${encodeURIComponent(sessionId)}/viewers/${encodeURIComponent(userId)}/mute`,
      )
    : api.post<unknown>(
        `/streaming/live/${encodeURIComponent(sessionId)}/viewers/${encodeURIComponent(userId)}/${action}`,
      );
