import type { TFileStatus, TMediaFile, TMediaFileStatus, TMediaUploadKind } from '@fanstage/contract';
import { mediaUploadKinds } from '@fanstage/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, apiUpload } from '../../lib/api';
import { errorMessage } from '../../lib/errors';

export interface UploadItem {
  key: string;
  kind: TMediaUploadKind;
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

let counter = 0;

/**
 * Files attached to a post: each one is sent as soon as it is added, with its own progress;
 * the list says which are still running. Removing an item cancels its upload.
 */
export function useUploads() {
  const [items, setItems] = useState<UploadItem[]>([]);
  const aborts = useRef(new Map<string, AbortController>());

  const patch = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((old) => old.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const add = useCallback(
    (kind: TMediaUploadKind, file: File) => {
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
      const body = new FormData();
      body.set('file', file);
      apiUpload<{ data: TMediaFile }>(`/performer/feeds/${kind}/upload`, body, {
        signal: abort.signal,
        onProgress: (progress) => patch(key, { progress }),
      })
        .then((res) => patch(key, { fileId: res.data._id, status: res.data.status, progress: 100 }))
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
export function useFileStatus(item: UploadItem, onChange: (change: Partial<UploadItem>) => void) {
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

export const isUploadRunning = (item: UploadItem) => item.status === 'uploading';
