import type { TReactionAction, TReactionObjectType, TReactionState } from '@fanstage/contract';

import { useState } from 'react';
import { apiRequest } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { useWriteMutation } from '../../lib/use-write-mutation';

export interface ObjectReactionState {
  isLiked: boolean;
  isBookmarked: boolean;
  likesCount: number;
}

/** The state right after pressing like or bookmark, before the server answers. */
export function toggledReaction(state: ObjectReactionState, action: TReactionAction): ObjectReactionState {
  if (action === 'bookmark') return { ...state, isBookmarked: !state.isBookmarked };
  const isLiked = !state.isLiked;
  return { ...state, isLiked, likesCount: Math.max(0, state.likesCount + (isLiked ? 1 : -1)) };
}

/**
 * Like and bookmark of a gallery, video, product or creator, optimistic like the post card's:
 * the button changes at once, the server's exact like count replaces the guess, a failure
 * puts everything back with a toast.
 */
export function useObjectReactions(
  objectType: TReactionObjectType,
  objectId: string,
  initial: ObjectReactionState,
) {
  const [state, setState] = useState(initial);
  const mutation = useWriteMutation({
    mutationFn: ({ action, on }: { action: TReactionAction; on: boolean }) =>
      apiRequest<{ data: TReactionState }>('/reactions', {
        method: on ? 'POST' : 'DELETE',
        body: { objectType, objectId, action },
      }).then((r) => r.data),
  });

  const toggle = (action: TReactionAction) => {
    const before = state;
    const next = toggledReaction(state, action);
    setState(next);
    mutation.mutate(
      { action, on: action === 'like' ? next.isLiked : next.isBookmarked },
      {
        onSuccess: (res) => {
          if (action === 'like') setState((s) => ({ ...s, likesCount: res.likesCount }));
        },
        onError: (err) => {
          setState(before);
          notifyError(err);
        },
      },
    );
  };

  return { ...state, toggleLike: () => toggle('like'), toggleBookmark: () => toggle('bookmark') };
}
