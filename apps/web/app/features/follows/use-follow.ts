import type { TFollowState } from '@fanstage/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { useCurrentUser } from '../auth/use-current-user';
import { useLoginPath } from '../auth/use-login-path';

export const followKeys = {
  all: ['follows'] as const,
  following: ['follows', 'following'] as const,
  followers: ['follows', 'followers'] as const,
};

interface FollowSnapshot {
  isFollowed: boolean;
  followers: number;
}

/**
 * Follow/unfollow one creator, optimistically: the button and the count change at once and
 * go back (with an error toast) if the API refuses. A visitor who is not logged in goes to the login page.
 */
export function useFollow(performerId: string, initial: FollowSnapshot) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const loginPath = useLoginPath();
  const queryClient = useQueryClient();
  const [state, setState] = useState(initial);
  const [isPending, setPending] = useState(false);
  // A double click arrives before React re-renders the disabled button: the ref sees the first one.
  const isRunning = useRef(false);
  const latest = useRef(state);
  latest.current = state;

  // A new creator page (or a fresh server answer) replaces the local state. Only a change does: a new
  // object with the same values would render the whole creator page again, posts and all, in one
  // uninterruptible task right after it hydrates.
  useEffect(() => {
    setState((s) =>
      s.isFollowed === initial.isFollowed && s.followers === initial.followers
        ? s
        : { isFollowed: initial.isFollowed, followers: initial.followers },
    );
  }, [initial.isFollowed, initial.followers]);

  const toggle = async () => {
    if (!user) {
      void navigate(loginPath);
      return;
    }
    if (isRunning.current) return;
    isRunning.current = true;
    const before = latest.current;
    const willFollow = !before.isFollowed;
    setState({ isFollowed: willFollow, followers: Math.max(0, before.followers + (willFollow ? 1 : -1)) });
    setPending(true);
    try {
      const path = `/follows/${encodeURIComponent(performerId)}`;
      const res = willFollow
        ? await api.post<{ data: TFollowState }>(path)
        : await api.delete<{ data: TFollowState }>(path);
      setState({ isFollowed: res.data.isFollowed, followers: res.data.followers });
      void queryClient.invalidateQueries({ queryKey: followKeys.all });
    } catch (err) {
      setState(before);
      notifyError(err);
    } finally {
      isRunning.current = false;
      setPending(false);
    }
  };

  return { ...state, isPending, toggle, canFollow: !user || user._id !== performerId };
}
