import type {
  TGallery,
  TGalleryCreate,
  TGalleryUpdate,
  TPhoto,
  TProduct,
  TVideo,
  TVideoStatus,
} from '@fanstage/contract';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, apiUpload } from '../../lib/api';
import { useWriteMutation } from '../../lib/use-write-mutation';
import type { UploadSender } from '../feed/use-uploads';

/** The creator's own assets: `/performer/performer-assets/…` (drafts and processing items included). */
const mine = '/performer/performer-assets';

export interface Page<T> {
  data: T[];
  total: number;
}

export const studioPageSize = 24;

export const studioKeys = {
  all: ['studio'] as const,
  galleries: ['studio', 'galleries'] as const,
  galleryOptions: ['studio', 'galleries', 'options'] as const,
  gallery: (id: string) => ['studio', 'galleries', 'one', id] as const,
  photos: ['studio', 'photos'] as const,
  photosOf: (galleryId: string | null) => ['studio', 'photos', galleryId ?? 'all'] as const,
  videos: ['studio', 'videos'] as const,
  video: (id: string) => ['studio', 'videos', 'one', id] as const,
  videoFile: (fileId: string) => ['studio', 'video-file', fileId] as const,
  products: ['studio', 'products'] as const,
  product: (id: string) => ['studio', 'products', 'one', id] as const,
};

/** What fans see on the creator page is cached under this key (features/performers/asset-grids). */
const publicAssetsKey = ['performer-assets'] as const;

const nextOffset = <T>(last: Page<T>, pages: Page<T>[]) => {
  const loaded = pages.reduce((n, p) => n + p.data.length, 0);
  return last.data.length === 0 || loaded >= last.total ? undefined : loaded;
};

function useMyList<T>(key: readonly unknown[], path: string, query: Record<string, string | undefined> = {}) {
  return useInfiniteQuery({
    queryKey: key,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<T>>(path, {
        query: { ...query, offset: pageParam, limit: studioPageSize, sortBy: 'createdAt' },
        signal,
      }),
    getNextPageParam: nextOffset<T>,
  });
}

const isSameKey = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((part, i) => part === b[i]);

type QueryKey = readonly (string | number)[];

/**
 * After any change: the studio lists and the public creator page lists load again. `except` skips
 * one query (a deleted item's own, which would only answer 404 now).
 */
function useRefreshAssets() {
  const queryClient = useQueryClient();
  return (keys: QueryKey[], except?: QueryKey) =>
    Promise.all(
      [...keys, publicAssetsKey].map((queryKey) =>
        queryClient.invalidateQueries({
          queryKey,
          predicate: (query) => !except || !isSameKey(query.queryKey, except),
        }),
      ),
    );
}

// Galleries and photos ----------------------------------------------------------------------

export const useMyGalleries = () => useMyList<TGallery>(studioKeys.galleries, `${mine}/galleries/search`);

/** Up to 100 galleries by title, for "upload into which gallery?". */
export function useGalleryOptions() {
  return useQuery({
    queryKey: studioKeys.galleryOptions,
    queryFn: ({ signal }) =>
      api
        .get<Page<TGallery>>(`${mine}/galleries/search`, {
          query: { limit: 100, sortBy: 'title', sort: 'asc' },
          signal,
        })
        .then((r) => r.data),
  });
}

export function useMyGallery(id: string) {
  return useQuery({
    queryKey: studioKeys.gallery(id),
    queryFn: ({ signal }) =>
      api.get<{ data: TGallery }>(`${mine}/galleries/${id}`, { signal }).then((r) => r.data),
  });
}

/** Photos of one gallery, or all of them with `null`. */
export const useMyPhotos = (galleryId: string | null) =>
  useMyList<TPhoto>(studioKeys.photosOf(galleryId), `${mine}/photos/search`, {
    galleryId: galleryId ?? undefined,
  });

export function useCreateGallery() {
  const refresh = useRefreshAssets();
  return useWriteMutation({
    mutationFn: (input: TGalleryCreate) =>
      api.post<{ data: TGallery }>(`${mine}/galleries`, input).then((r) => r.data),
    onSuccess: () => refresh([studioKeys.galleries]),
  });
}

export function useUpdateGallery(id: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshAssets();
  return useWriteMutation({
    mutationFn: (input: TGalleryUpdate) =>
      api.put<{ data: TGallery }>(`${mine}/galleries/${id}`, input).then((r) => r.data),
    onSuccess: (gallery) => {
      queryClient.setQueryData(studioKeys.gallery(id), gallery);
      return refresh([studioKeys.galleries]);
    },
  });
}

export function useDeleteGallery() {
  const refresh = useRefreshAssets();
  return useWriteMutation({
    mutationFn: (id: string) => api.delete(`${mine}/galleries/${id}`),
    onSuccess: (_, id) => refresh([studioKeys.galleries, studioKeys.photos], studioKeys.gallery(id)),
  });
}

export function useDeletePhoto() {
  const refresh = useRefreshAssets();
  return useWriteMutation({
    mutationFn: (id: string) => api.delete(`${mine}/photos/${id}`),
    // The gallery's photo count and cover may change with it.
    onSuccess: () => refresh([studioKeys.photos, studioKeys.galleries]),
  });
}

export function useSetCover() {
  const refresh = useRefreshAssets();
  return useWriteMutation({
    mutationFn: (id: string) =>
      api.post<{ data: TPhoto }>(`${mine}/photos/set-cover/${id}`).then((r) => r.data),
    onSuccess: () => refresh([studioKeys.photos, studioKeys.galleries]),
  });
}

/**
 * Sends one photo into a gallery (`POST …/photos/upload`, field `photo`), one request per file so
 * each has its own progress; the photo and gallery lists load again after each.
 */
export function useGalleryPhotoSender(galleryId: string | null): UploadSender<'gallery-photo'> {
  const refresh = useRefreshAssets();
  return async (_kind, file, io) => {
    if (!galleryId) throw { statusCode: 0, message: 'Choose a gallery for the photos first.' };
    const body = new FormData();
    body.set('galleryId', galleryId);
    body.set('photo', file);
    const res = await apiUpload<Page<TPhoto>>(`${mine}/photos/upload`, body, io);
    void refresh([studioKeys.photos, studioKeys.galleries]);
    const photo = res.data[0];
    if (!photo) throw { statusCode: 0, message: 'The server kept no photo; please try again.' };
    return { fileId: photo.media._id, status: photo.media.status };
  };
}

// Sending forms with files ------------------------------------------------------------------

/** A multipart save with its upload progress (0–100), for the forms that carry files. */
function useUploadMutation<TVars, TResult>(
  send: (vars: TVars, onProgress: (percent: number) => void) => Promise<TResult>,
  onSuccess: (result: TResult) => unknown,
) {
  const [progress, setProgress] = useState(0);
  const mutation = useWriteMutation({
    mutationFn: (vars: TVars) => {
      setProgress(0);
      return send(vars, setProgress);
    },
    onSuccess,
  });
  return { ...mutation, progress };
}

// Videos ------------------------------------------------------------------------------------

export const useMyVideos = (status?: TVideoStatus) =>
  useMyList<TVideo>([...studioKeys.videos, status ?? 'any'], `${mine}/videos/search`, { status });

export function useMyVideo(id: string) {
  return useQuery({
    queryKey: studioKeys.video(id),
    queryFn: ({ signal }) =>
      api.get<{ data: TVideo }>(`${mine}/videos/${id}/view`, { signal }).then((r) => r.data),
  });
}

/** Creates a video (`POST …/videos/upload`: fields, `file`, optional `teaser` and `thumbnail`). */
export function useCreateVideo() {
  const refresh = useRefreshAssets();
  return useUploadMutation(
    (body: FormData, onProgress) =>
      apiUpload<{ data: TVideo }>(`${mine}/videos/upload`, body, { onProgress }).then((r) => r.data),
    () => refresh([studioKeys.videos]),
  );
}

/** Changes a video (`PUT …/videos/edit/:id`); files sent replace the current ones. */
export function useEditVideo(id: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshAssets();
  return useUploadMutation(
    (body: FormData, onProgress) =>
      apiUpload<{ data: TVideo }>(`${mine}/videos/edit/${id}`, body, { method: 'PUT', onProgress }).then(
        (r) => r.data,
      ),
    (video) => {
      queryClient.setQueryData(studioKeys.video(id), video);
      return refresh([studioKeys.videos]);
    },
  );
}

export function useRemoveVideoFile(id: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshAssets();
  return useWriteMutation({
    mutationFn: (type: 'teaser' | 'thumbnail') =>
      api
        .delete<{ data: TVideo }>(`${mine}/videos/remove-file/${id}`, { query: { type } })
        .then((r) => r.data),
    onSuccess: (video) => {
      queryClient.setQueryData(studioKeys.video(id), video);
      return refresh([studioKeys.videos]);
    },
  });
}

export function useDeleteVideo() {
  const refresh = useRefreshAssets();
  return useWriteMutation({
    mutationFn: (id: string) => api.delete(`${mine}/videos/${id}`),
    onSuccess: (_, id) => refresh([studioKeys.videos], studioKeys.video(id)),
  });
}

export interface VideoFileStatus {
  status: 'uploaded' | 'processing' | 'ready' | 'failed';
  reason?: string;
  progress?: number;
}

/**
 * Where a video's file stands, asked every two seconds while it is processed (once for a failed one,
 * to learn why). When it settles, the video lists load again so the badge follows.
 */
export function useVideoFileStatus(video: Pick<TVideo, '_id' | 'status' | 'video'>) {
  const queryClient = useQueryClient();
  const isProcessing = video.status === 'processing';
  return useQuery({
    queryKey: studioKeys.videoFile(video.video._id),
    enabled: isProcessing || video.status === 'failed',
    queryFn: async ({ signal }) => {
      const res = await api.get<{ data: VideoFileStatus }>(
        `/performer-assets/videos/${video._id}/file/${video.video._id}/status`,
        { signal },
      );
      if (isProcessing && (res.data.status === 'ready' || res.data.status === 'failed')) {
        void queryClient.invalidateQueries({ queryKey: studioKeys.videos });
        void queryClient.invalidateQueries({ queryKey: publicAssetsKey });
      }
      return res.data;
    },
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return isProcessing && status !== 'ready' && status !== 'failed' ? 2000 : false;
    },
    staleTime: 0,
  });
}

// Products ----------------------------------------------------------------------------------

export const useMyProducts = () => useMyList<TProduct>(studioKeys.products, `${mine}/products/search`);

export function useMyProduct(id: string) {
  return useQuery({
    queryKey: studioKeys.product(id),
    queryFn: ({ signal }) =>
      api.get<{ data: TProduct }>(`${mine}/products/${id}/view`, { signal }).then((r) => r.data),
  });
}

/** Creates (no id) or changes a product, as a form with `image` files and a `digitalFile`. */
export function useSaveProduct(id: string | null) {
  const queryClient = useQueryClient();
  const refresh = useRefreshAssets();
  return useUploadMutation(
    (body: FormData, onProgress) =>
      apiUpload<{ data: TProduct }>(id ? `${mine}/products/${id}` : `${mine}/products`, body, {
        method: id ? 'PUT' : 'POST',
        onProgress,
      }).then((r) => r.data),
    (product) => {
      queryClient.setQueryData(studioKeys.product(product._id), product);
      return refresh([studioKeys.products]);
    },
  );
}

export function useDeleteProduct() {
  const refresh = useRefreshAssets();
  return useWriteMutation({
    mutationFn: (id: string) => api.delete(`${mine}/products/${id}`),
    onSuccess: (_, id) => refresh([studioKeys.products], studioKeys.product(id)),
  });
}
