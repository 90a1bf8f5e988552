import type {
  TAnyUploadKind,
  TFileStatus,
  TMediaFile,
  TMediaFileStatus,
  TMediaUploadKind,
} from '@fanstage/contract';
import { mediaUploadKinds } from '@fanstage/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, apiUpload } from '../../lib/api';
import { errorMessage } from '../../lib/errors';

export interface UploadItem<K extends TAnyUploadKind = TMediaUploadKind> {
  key: string;
  kind: K;
  name: string;
  size: number;
  /** A local object URL for photos, to show them before the server has them. */
  previewUrl: string | null;
  /** 0–100 while the file is sent. */
  progress: number;
  fileId: string | null;
  status: 'uploading' | TFileStatus;
  /** 0–100 while the server processes it, when it says. */
  processing?: number;
  error?: string;
}

/** What an upload answered: the stored file and where it stands. */
export interface SentUpload {
  fileId: string;
  status: TFileStatus;
}

/** Sends one file somewhere, reporting progress (0–100) and stopping on abort. */
export type UploadSender<K extends TAnyUploadKind> = (
  kind: K,
  file: File,
  io: { onProgress: (percent: number) => void; signal: AbortSignal },
) => Promise<SentUpload>;

/** Feed uploads: `POST /performer/feeds/{kind}/upload`, the file in the field `file`. */
const sendFeedUpload: UploadSender<TMediaUploadKind> = (kind, file, io) => {
  const body = new FormData();
  body.set('file', file);
  return apiUpload<{ data: TMediaFile }>(`/performer/feeds/${kind}/upload`, body, io).then((res) => ({
    fileId: res.data._id,
    status: res.data.status,
  }));
};

let counter = 0;

/**
 * Files attached to a post: each one is sent as soon as it is added, with its own progress;
 * the list says which are still running. Removing an item cancels its upload.
 */
export function useUploads() {
  return useUploadQueue(sendFeedUpload);
}

/**
 * The same list of uploads with progress, for any destination: `send` says where a file goes
 * (a gallery's photo upload, say) and answers the stored file.
 */
export function useUploadQueue<K extends TAnyUploadKind>(send: UploadSender<K>) {
  const [items, setItems] = useState<UploadItem<K>[]>([]);
  const aborts = useRef(new Map<string, AbortController>());
  // The latest sender, so a caller may pass an inline function without restarting anything.
  const sender = useRef(send);
  useEffect(() => {
    sender.current = send;
  });

  const patch = useCallback((key: string, change: Partial<UploadItem<K>>) => {
    setItems((old) => old.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const add = useCallback(
    (kind: K, file: File) => {
      const limit = mediaUploadKinds[kind].maxBytes;
      if (file.size > limit) {
        return `The ${mediaUploadKinds[kind].label} must be at most ${Math.round(limit / 1024 / 1024)} MB.`;
      }
      counter += 1;
      const key = `upload-${counter}`;
      const previewUrl = file.type.startsWith('image/') ? URL.createObjectURL(file) : null;
      setItems((old) => [
        ...old,
        {
          key,
          kind,
          name: file.name,
          size: file.size,
          previewUrl,
          progress: 0,
          fileId: null,
          status: 'uploading',
        },
      ]);
      const abort = new AbortController();
      aborts.current.set(key, abort);
      sender
        .current(kind, file, { signal: abort.signal, onProgress: (progress) => patch(key, { progress }) })
        .then((res) => patch(key, { fileId: res.fileId, status: res.status, progress: 100 }))
        .catch((err: unknown) => {
          if (!abort.signal.aborted) patch(key, { status: 'failed', error: errorMessage(err) });
        })
        .finally(() => aborts.current.delete(key));
      return null;
    },
    [patch],
  );

  const remove = useCallback((key: string) => {
    aborts.current.get(key)?.abort();
    setItems((old) => {
      const gone = old.find((item) => item.key === key);
      if (gone?.previewUrl) URL.revokeObjectURL(gone.previewUrl);
      return old.filter((item) => item.key !== key);
    });
  }, []);

  const clear = useCallback(() => {
    for (const abort of aborts.current.values()) abort.abort();
    setItems([]);
  }, []);

  useEffect(() => {
    const running = aborts.current;
    return () => {
      for (const abort of running.values()) abort.abort();
    };
  }, []);

  return { items, add, remove, patch, clear };
}

/** Asks the server how a processing file is doing every two seconds until it is ready or failed. */
export function useFileStatus<K extends TAnyUploadKind>(
  item: UploadItem<K>,
  onChange: (change: Partial<UploadItem<K>>) => void,
) {
  const isWaiting = item.fileId !== null && (item.status === 'uploaded' || item.status === 'processing');
  const status = useQuery({
    queryKey: ['file-status', item.fileId],
    queryFn: () => api.get<{ data: TMediaFileStatus }>(`/files/${item.fileId}/status`).then((r) => r.data),
    enabled: isWaiting,
    refetchInterval: 2000,
  });
  const data = status.data;
  useEffect(() => {
    if (!data || !isWaiting) return;
    if (data.status !== item.status || data.progress !== item.processing)
      onChange({ status: data.status, processing: data.progress, error: data.reason });
  }, [data, isWaiting, item.status, item.processing, onChange]);
}

export const isUploadRunning = (item: Pick<UploadItem<TAnyUploadKind>, 'status'>) =>
  item.status === 'uploading';
