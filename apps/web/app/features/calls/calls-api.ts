import {
  callHeartbeatEveryMs,
  type TAgoraToken,
  type TCallEndedEvent,
  type TCallMediaGrant,
  type TCallSession,
  type TPrivateRequestCreate,
} from '@fanstage/contract';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api';
import { onServerEvent } from '../realtime/socket-client';

export const callKeys = {
  all: ['calls'] as const,
  fanShows: ['calls', 'shows', 'fan'] as const,
  creatorShows: ['calls', 'shows', 'creator'] as const,
  one: (id: string) => ['calls', 'one', id] as const,
  grant: (id: string) => ['calls', 'grant', id] as const,
  agoraToken: (id: string) => ['calls', 'agora-token', id] as const,
};

type Kind = TCallSession['kind'];
interface Page {
  data: TCallSession[];
  total: number;
}

const base = (kind: Kind, id: string) =>
  kind === 'call'
    ? `/streaming/calls/${encodeURIComponent(id)}`
    : `/streaming/private/request/${encodeURIComponent(id)}`;

/** Where a live session is shown (timer, cost, hang up). */
export const callScreenPath = (call: Pick<TCallSession, '_id' | 'kind'>) =>
  call.kind === 'call' ? `/calls/${call._id}` : `/private-shows/${call._id}`;

export const fanShowsPath = '/user/private-shows';
export const creatorShowsPath = '/creator/private-shows';

export function useFanPrivateShows() {
  return useQuery({
    queryKey: callKeys.fanShows,
    queryFn: ({ signal }) =>
      api.get<Page>('/streaming/private/request/search', { query: { limit: 50 }, signal }),
  });
}

export function useCreatorPrivateShows() {
  return useQuery({
    queryKey: callKeys.creatorShows,
    queryFn: ({ signal }) => api.get<Page>('/streaming/private/request', { query: { limit: 50 }, signal }),
  });
}

export function useCallSession(kind: Kind, id: string) {
  return useQuery({
    queryKey: callKeys.one(id),
    queryFn: async ({ signal }) => (await api.get<{ data: TCallSession }>(base(kind, id), { signal })).data,
  });
}

/** The two-party room's grant while live; a 422 (no video here) is an answer to show, not to retry. */
export function useCallGrant(kind: Kind, id: string, enabled: boolean) {
  return useQuery({
    queryKey: callKeys.grant(id),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: TCallMediaGrant }>(`${base(kind, id)}/join`, { signal })).data,
    enabled,
    retry: false,
    staleTime: 60_000,
    refetchInterval: 60_000,
  });
}

/** How long before an Agora token ends the page asks for a fresh one (as a show's page does). */
const renewAheadMs = 30_000;

/**
 * The Agora token of a call's channel while the call screen shows Agora video; asked for again
 * before it ends. A refusal (the call ended, Agora switched off) is shown, not retried.
 */
export function useCallAgoraToken(id: string, enabled: boolean) {
  return useQuery({
    queryKey: callKeys.agoraToken(id),
    queryFn: async () =>
      (await api.post<{ data: TAgoraToken }>('/streaming/agora/token', { callId: id })).data,
    enabled,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchInterval: (query) => {
      const token = query.state.data;
      if (!token) return false;
      return Math.max(10_000, new Date(token.expiresAt).getTime() - Date.now() - renewAheadMs);
    },
  });
}

const one = async (promise: Promise<{ data: TCallSession }>) => (await promise).data;

export const requestPrivateShow = (input: TPrivateRequestCreate) =>
  one(api.post('/streaming/private/request', input));
export const answerPrivateShow = (id: string, answer: 'approve' | 'reject') =>
  one(api.post(`${base('private_show', id)}/${answer}`));
export const deletePrivateShow = (id: string) => one(api.delete(base('private_show', id)));
export const startPrivateShow = (id: string, price: number) =>
  one(api.get(`${base('private_show', id)}/start`, { query: { price } }));
export const editPrivateShowPrice = (id: string, price: number) =>
  one(api.post(`${base('private_show', id)}/edit`, { price }));
export const finishSession = (kind: Kind, id: string) =>
  one(api.post(`${base(kind, id)}/${kind === 'call' ? 'end' : 'finish'}`));
export const startCall = (performerId: string) => one(api.post('/streaming/calls', { performerId }));
export const answerCall = (id: string, action: 'accept' | 'decline' | 'cancel') =>
  one(api.post(`${base('call', id)}/${action}`));
export const heartbeat = (kind: Kind, id: string) => one(api.post(`${base(kind, id)}/heartbeat`));

/** Every cached list and session of calls reads again. */
export const refreshCalls = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: callKeys.all });

/**
 * Keeps the lists and the open session in step with the server's events, and answers the last
 * `call/ended` event (its reason, in this person's words) for the screen to show.
 */
export function useCallEvents(): TCallEndedEvent | null {
  const queryClient = useQueryClient();
  const [ended, setEnded] = useState<TCallEndedEvent | null>(null);
  useEffect(() => {
    const offs = [
      onServerEvent('call/updated', ({ call }) => {
        queryClient.setQueryData(callKeys.one(call._id), call);
        void queryClient.invalidateQueries({ queryKey: ['calls', 'shows'] });
      }),
      onServerEvent('call/ended', (event) => {
        queryClient.setQueryData(callKeys.one(event.call._id), event.call);
        setEnded(event);
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [queryClient]);
  return ended;
}

/** While live, the page tells the server every 15 s that it is still there (else billing stops). */
export function useHeartbeat(kind: Kind, id: string, isLive: boolean) {
  useEffect(() => {
    if (!isLive) return;
    const beat = () => {
      heartbeat(kind, id).catch(() => undefined);
    };
    beat();
    const timer = setInterval(beat, callHeartbeatEveryMs);
    return () => clearInterval(timer);
  }, [kind, id, isLive]);
}
