import type { TFeed } from '@fanstage/contract';
import { ActionIcon, Button } from '@mantine/core';
import { IconDots, IconFlag } from '@tabler/icons-react';
import { useState } from 'react';
import { lazyDialog } from '../../lib/lazy-dialog';
import { lazyMenu } from '../../lib/lazy-menu';
import { useCurrentUser } from '../auth/use-current-user';
import { type ReportTarget, reportTitle } from './report-title';

// The report form and the post menu are downloaded when used (lib/lazy-dialog.tsx, lib/lazy-menu.tsx):
// every logged-in viewer sees these buttons, few press them.
const ReportModal = lazyDialog(() => import('./report-modal').then((m) => m.ReportModal));
const PostReportMenuDropdown = lazyMenu(() =>
  import('./post-report-menu').then((m) => m.PostReportMenuDropdown),
);

/** The "…" menu of someone else's post, with Report. Nothing for visitors and for the post's creator. */
export function PostReportMenu({ post }: { post: Pick<TFeed, '_id' | 'reason' | 'performer'> }) {
  const user = useCurrentUser();
  const [isOpen, setOpen] = useState(false);
  if (!user || post.reason === 'owner' || user._id === post.performer._id) return null;
  return (
    <>
      <PostReportMenuDropdown
        trigger={
          <ActionIcon variant="subtle" color="gray" aria-label="Post options">
            <IconDots size={18} />
          </ActionIcon>
        }
        onReport={() => setOpen(true)}
      />
      <ReportModal target="feed" targetId={post._id} opened={isOpen} onClose={() => setOpen(false)} />
    </>
  );
}

/** A Report button for a page (a creator, a gallery, a video, a product); logged-in viewers only. */
export function ReportButton({
  target,
  targetId,
  ownerId,
  isCompact = false,
}: {
  target: ReportTarget;
  targetId: string;
  /** The creator behind it: they get no button on their own things. */
  ownerId: string;
  isCompact?: boolean;
}) {
  const user = useCurrentUser();
  const [isOpen, setOpen] = useState(false);
  if (!user || user._id === ownerId) return null;
  return (
    <>
      {isCompact ? (
        <ActionIcon
          variant="default"
          size={36}
          aria-label={reportTitle(target)}
          title={reportTitle(target)}
          onClick={() => setOpen(true)}
        >
          <IconFlag size={18} />
        </ActionIcon>
      ) : (
        <Button
          variant="subtle"
          color="gray"
          size="xs"
          leftSection={<IconFlag size={14} />}
          onClick={() => setOpen(true)}
        >
          Report
        </Button>
      )}
      <ReportModal target={target} targetId={targetId} opened={isOpen} onClose={() => setOpen(false)} />
    </>
  );
}
