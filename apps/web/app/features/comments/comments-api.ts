import type { TComment, TCommentObjectType, TReactionState } from '@fanstage/contract';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useWriteMutation } from '../../lib/use-write-mutation';
import {
  type CommentPage,
  type CommentPages,
  insertComment,
  nextCommentOffset,
  patchComment,
  removeComment,
  toggleCommentLike,
} from './comment-cache';

/** Changes the comment count shown next to the object (the post card's counter). */
export type CountUpdate = (update: (count: number) => number) => void;

/** What the comments are about. */
export interface CommentTarget {
  objectType: TCommentObjectType;
  objectId: string;
}

export const commentPageSize = 10;

export const commentKeys = {
  all: ['comments'] as const,
  of: (target: CommentTarget) => ['comments', target.objectType, target.objectId] as const,
  list: (target: CommentTarget, parentId: string | null) =>
    ['comments', target.objectType, target.objectId, parentId ?? 'top'] as const,
};

/**
 * Top-level comments newest first, or the replies of one comment oldest first (a thread reads
 * top-down), page by page.
 */
export function useCommentList(target: CommentTarget, parentId: string | null, enabled = true) {
  return useInfiniteQuery({
    queryKey: commentKeys.list(target, parentId),
    initialPageParam: 0,
    enabled,
    queryFn: ({ pageParam, signal }) =>
      api.get<CommentPage>('/comments', {
        query: {
          ...target,
          parentId,
          offset: pageParam,
          limit: commentPageSize,
          sort: parentId ? 'asc' : 'desc',
        },
        signal,
      }),
    getNextPageParam: nextCommentOffset,
  });
}

/**
 * Writes a comment or a reply. The new comment goes into the loaded list when the server
 * answers; a reply also adds one to its parent's reply count.
 */
export function useCreateComment(target: CommentTarget) {
  const queryClient = useQueryClient();
  return useWriteMutation({
    mutationFn: (input: { content: string; parentId: string | null }) =>
      api
        .post<{ data: TComment }>('/comments', {
          ...target,
          content: input.content,
          ...(input.parentId ? { parentId: input.parentId } : {}),
        })
        .then((r) => r.data),
    onSuccess: (comment) => {
      const parentId = comment.parentId;
      queryClient.setQueryData<CommentPages>(commentKeys.list(target, parentId), (old) =>
        insertComment(old, comment, parentId ? 'end' : 'start'),
      );
      if (parentId) {
        queryClient.setQueryData<CommentPages>(commentKeys.list(target, null), (old) =>
          patchComment(old, parentId, (c) => ({ ...c, totalReply: c.totalReply + 1 })),
        );
      }
    },
  });
}

/**
 * Deletes a comment (and its replies): gone from the list and the count at once, back with a toast
 * when the server refuses; then the object's exact count from the server. The callbacks live on the
 * hook, not on `mutate`, because the deleted comment's component unmounts before the answer comes.
 */
export function useDeleteComment(target: CommentTarget, onCountChange?: CountUpdate) {
  const queryClient = useQueryClient();
  const removedCount = (comment: TComment) => 1 + (comment.parentId ? 0 : comment.totalReply);
  return useWriteMutation({
    // The row that asked for the delete is gone by now (removed optimistically), so the answer is
    // handled here rather than in onSuccess, which belongs to that unmounted row.
    mutationFn: (comment: TComment) =>
      api
        .delete<{ data: { deleted: number; commentsCount: number } }>(`/comments/${comment._id}`)
        .then((r) => {
          onCountChange?.(() => r.data.commentsCount);
          notifySuccess('Comment deleted');
          return r.data;
        }),
    onMutate: (comment) => {
      const key = commentKeys.list(target, comment.parentId);
      const before = queryClient.getQueryData<CommentPages>(key);
      queryClient.setQueryData<CommentPages>(key, (old) => removeComment(old, comment._id));
      const parentId = comment.parentId;
      if (parentId) {
        queryClient.setQueryData<CommentPages>(commentKeys.list(target, null), (old) =>
          patchComment(old, parentId, (c) => ({ ...c, totalReply: Math.max(0, c.totalReply - 1) })),
        );
      }
      onCountChange?.((n) => Math.max(0, n - removedCount(comment)));
      return { before };
    },
    onError: (err, comment, context) => {
      queryClient.setQueryData(commentKeys.list(target, comment.parentId), context?.before);
      void queryClient.invalidateQueries({ queryKey: commentKeys.of(target) });
      onCountChange?.((n) => n + removedCount(comment));
      notifyError(err);
    },
  });
}

/** Likes or unlikes a comment, optimistic; the server's exact count replaces the guess. */
export function useCommentLike(target: CommentTarget) {
  const queryClient = useQueryClient();
  return (comment: TComment) => {
    const key = commentKeys.list(target, comment.parentId);
    const isLiking = !comment.isLiked;
    queryClient.setQueryData<CommentPages>(key, (old) => patchComment(old, comment._id, toggleCommentLike));
    void apiRequest<{ data: TReactionState }>('/reactions', {
      method: isLiking ? 'POST' : 'DELETE',
      body: { objectType: 'comment', objectId: comment._id, action: 'like' },
    }).then(
      (res) =>
        queryClient.setQueryData<CommentPages>(key, (old) =>
          patchComment(old, comment._id, (c) => ({
            ...c,
            isLiked: res.data.isReacted,
            totalLike: res.data.likesCount,
          })),
        ),
      (err: unknown) => {
        queryClient.setQueryData<CommentPages>(key, (old) =>
          patchComment(old, comment._id, (c) => ({
            ...c,
            isLiked: comment.isLiked,
            totalLike: comment.totalLike,
          })),
        );
        notifyError(err);
      },
    );
  };
}
