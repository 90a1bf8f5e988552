import type { TComment } from '@fanstage/contract';
import type { InfiniteData } from '@tanstack/react-query';

/** One page of `GET /comments`. */
export interface CommentPage {
  data: TComment[];
  total: number;
}

export type CommentPages = InfiniteData<CommentPage, unknown>;

/** The offset of the next page, or undefined when everything is loaded. */
export function nextCommentOffset(last: CommentPage, pages: CommentPage[]): number | undefined {
  const loaded = pages.reduce((n, p) => n + p.data.length, 0);
  return last.data.length === 0 || loaded >= last.total ? undefined : loaded;
}

/** The loaded comments in order, each once (a comment written here may come again in a later page). */
export function flattenComments(data: CommentPages | undefined): TComment[] {
  if (!data) return [];
  const seen = new Set<string>();
  const out: TComment[] = [];
  for (const page of data.pages) {
    for (const comment of page.data) {
      if (seen.has(comment._id)) continue;
      seen.add(comment._id);
      out.push(comment);
    }
  }
  return out;
}

/** How many comments the list holds on the server (the latest page's total). */
export const totalOf = (data: CommentPages | undefined): number => data?.pages.at(-1)?.total ?? 0;

const withTotal = (pages: CommentPage[], delta: number): CommentPage[] =>
  pages.map((page) => ({ ...page, total: Math.max(0, page.total + delta) }));

/**
 * Adds a new comment: at the top of a newest-first list, at the end of an oldest-first one.
 * Every page's total grows by one, so paging still knows how many are left.
 */
export function insertComment(
  data: CommentPages | undefined,
  comment: TComment,
  at: 'start' | 'end',
): CommentPages {
  if (!data || data.pages.length === 0) {
    return { pages: [{ data: [comment], total: 1 }], pageParams: [0] };
  }
  const pages = withTotal(data.pages, 1);
  const index = at === 'start' ? 0 : pages.length - 1;
  const target = pages[index];
  if (target) {
    pages[index] = {
      ...target,
      data: at === 'start' ? [comment, ...target.data] : [...target.data, comment],
    };
  }
  return { ...data, pages };
}

/** Takes a comment out of the list (and out of its total). Unknown ids leave the list as it is. */
export function removeComment(data: CommentPages | undefined, id: string): CommentPages | undefined {
  if (!data) return data;
  const isPresent = data.pages.some((page) => page.data.some((c) => c._id === id));
  if (!isPresent) return data;
  return {
    ...data,
    pages: withTotal(data.pages, -1).map((page) => ({
      ...page,
      data: page.data.filter((c) => c._id !== id),
    })),
  };
}

/** Changes one comment wherever it is loaded. */
export function patchComment(
  data: CommentPages | undefined,
  id: string,
  patch: (comment: TComment) => TComment,
): CommentPages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      data: page.data.map((c) => (c._id === id ? patch(c) : c)),
    })),
  };
}

/** A like or unlike guessed before the server answers; the count never drops below zero. */
export const toggleCommentLike = (comment: TComment): TComment => ({
  ...comment,
  isLiked: !comment.isLiked,
  totalLike: Math.max(0, comment.totalLike + (comment.isLiked ? -1 : 1)),
});
