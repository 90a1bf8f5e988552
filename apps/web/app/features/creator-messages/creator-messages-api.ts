import type {
  TMassMessage,
  TMassMessageCreate,
  TWelcomeMessage,
  TWelcomeMessageSettings,
} from '@fanstage/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useWriteMutation } from '../../lib/use-write-mutation';
import type { SentUpload, UploadSender } from '../feed/use-uploads';
import { uploadMessageFile } from '../messages/messages-api';

/* A creator's mass messages (`/messages/mass`) and welcome message (`/messages/welcome`). */

export const creatorMessageKeys = {
  all: ['creator-messages'] as const,
  mass: (offset: number) => ['creator-messages', 'mass', offset] as const,
  welcome: ['creator-messages', 'welcome'] as const,
};

export const massMessagesPageSize = 10;

/** Photos and videos for a mass or welcome message go through the message uploads. */
export const sendMessageFile: UploadSender<'photo' | 'video'> = (kind, file, io) =>
  uploadMessageFile(kind, file, io).then(
    (res): SentUpload => ({ fileId: res.data._id, status: res.data.status }),
  );

export function useMassMessages(offset: number) {
  return useQuery({
    queryKey: creatorMessageKeys.mass(offset),
    queryFn: ({ signal }) =>
      api.get<{ data: TMassMessage[]; total: number }>('/messages/mass', {
        query: { offset, limit: massMessagesPageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
    // A message being sent changes its count and status on the server: look again while one is.
    refetchInterval: (query) => (query.state.data?.data.some((m) => m.status === 'sending') ? 3000 : false),
  });
}

export function useSendMassMessage() {
  const queryClient = useQueryClient();
  return useWriteMutation({
    mutationFn: (body: TMassMessageCreate) =>
      api.post<{ data: TMassMessage }>('/messages/mass', body).then((r) => r.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['creator-messages', 'mass'] }),
  });
}

export function useCancelMassMessage() {
  const queryClient = useQueryClient();
  return useWriteMutation({
    mutationFn: (id: string) =>
      api.delete<{ data: TMassMessage }>(`/messages/mass/${encodeURIComponent(id)}`).then((r) => r.data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['creator-messages', 'mass'] }),
  });
}

export function useWelcomeMessage() {
  return useQuery({
    queryKey: creatorMessageKeys.welcome,
    queryFn: ({ signal }) =>
      api.get<{ data: TWelcomeMessage }>('/messages/welcome', { signal }).then((r) => r.data),
  });
}

export function useSaveWelcomeMessage() {
  const queryClient = useQueryClient();
  return useWriteMutation({
    mutationFn: (body: TWelcomeMessageSettings) =>
      api.put<{ data: TWelcomeMessage }>('/messages/welcome', body).then((r) => r.data),
    onSuccess: (saved) => queryClient.setQueryData(creatorMessageKeys.welcome, saved),
  });
}
