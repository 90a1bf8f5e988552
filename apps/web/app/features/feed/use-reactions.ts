import type { TFeed, TReactionAction, TReactionState } from '@fanstage/contract';

import { useState } from 'react';
import { apiRequest } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { useWriteMutation } from '../../lib/use-write-mutation';

/**
 * Like and bookmark of one post, optimistic: the button changes at once, the server's exact
 * like count replaces the guess, and a failure puts everything back with a toast.
 */
export function usePostReactions(post: TFeed) {
  const [state, setState] = useState({
    isLiked: post.isLiked,
    isBookmarked: post.isBookmarked,
    likesCount: post.likesCount,
  });

  const mutation = useWriteMutation({
    mutationFn: ({ action, on }: { action: TReactionAction; on: boolean }) =>
      apiRequest<{ data: TReactionState }>('/reactions', {
        method: on ? 'POST' : 'DELETE',
        body: { objectType: 'feed', objectId: post._id, action },
      }).then((r) => r.data),
  });

  const toggle = (action: TReactionAction) => {
    const before = state;
    const on = action === 'like' ? !state.isLiked : !state.isBookmarked;
    setState((s) =>
      action === 'like'
        ? { ...s, isLiked: on, likesCount: Math.max(0, s.likesCount + (on ? 1 : -1)) }
        : { ...s, isBookmarked: on },
    );
    mutation.mutate(
      { action, on },
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
