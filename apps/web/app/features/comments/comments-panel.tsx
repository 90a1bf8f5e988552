import { lazy, Suspense } from 'react';
import { useCurrentUser } from '../auth/use-current-user';
import { CommentsLockedNotice, CommentsLoginNotice, CommentsSkeleton } from './comment-notices';
import type { CommentSectionProps } from './comment-section';

// The thread (form, list, likes, replies, block and moderation controls) is downloaded only for a
// logged-in viewer who may read it; visitors and locked items get their notice straight away.
const CommentThread = lazy(() => import('./comment-section').then((m) => ({ default: m.CommentThread })));

/** The comments of a post or asset, as comment-section.tsx's CommentSection, with the thread loaded lazily. */
export function CommentsPanel({ target, isLocked = false, onCountChange }: CommentSectionProps) {
  const user = useCurrentUser();
  if (!user) return <CommentsLoginNotice />;
  if (isLocked) return <CommentsLockedNotice />;
  return (
    <Suspense fallback={<CommentsSkeleton count={3} />}>
      <CommentThread target={target} onCountChange={onCountChange} />
    </Suspense>
  );
}
