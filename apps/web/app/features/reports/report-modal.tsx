import type { TFeed } from '@fanstage/contract';
import { ActionIcon, Button, Group, Menu, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { IconDots, IconFlag } from '@tabler/icons-react';

import { useState } from 'react';
import { api } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useWriteMutation } from '../../lib/use-write-mutation';
import { useCurrentUser } from '../auth/use-current-user';
import {
  buildReport,
  type ReportCategory,
  type ReportTarget,
  reportReasons,
  reportTitle,
} from './report-reasons';

export interface ReportModalProps {
  target: ReportTarget;
  targetId: string;
  opened: boolean;
  onClose: () => void;
}

/** Asks why (the reasons the API knows) and sends `POST /reports`; a toast says it arrived. */
export function ReportModal({ target, targetId, opened, onClose }: ReportModalProps) {
  const [category, setCategory] = useState<ReportCategory | null>(null);
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useWriteMutation({ mutationFn: (body: unknown) => api.post('/reports', body) });

  const handleClose = () => {
    setCategory(null);
    setDescription('');
    setError(null);
    onClose();
  };

  const handleSubmit = () => {
    const report = buildReport({ target, targetId, category, description });
    if (!report.ok) {
      setError(report.error);
      return;
    }
    send.mutate(report.body, {
      onSuccess: () => {
        notifySuccess('Thank you. Our team will review your report.');
        handleClose();
      },
      onError: (err) => notifyError(err),
    });
  };

  return (
    <Modal opened={opened} onClose={handleClose} title={reportTitle(target)} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          handleSubmit();
        }}
      >
        <Stack gap="md">
          <Radio.Group
            label="What is wrong?"
            value={category}
            onChange={(value) => {
              setCategory(value as ReportCategory);
              setError(null);
            }}
            error={error && !category ? error : null}
          >
            <Stack gap="sm" mt="xs">
              {reportReasons.map((reason) => (
                <Radio
                  key={reason.value}
                  value={reason.value}
                  label={reason.label}
                  description={reason.description}
                />
              ))}
            </Stack>
          </Radio.Group>
          <Textarea
            label="Details"
            description={category === 'other' ? 'Required' : 'Optional: anything that helps us check it.'}
            autosize
            minRows={2}
            maxRows={6}
            maxLength={1000}
            value={description}
            onChange={(e) => {
              setDescription(e.currentTarget.value);
              setError(null);
            }}
            error={error && category ? error : null}
          />
          <Text size="xs" c="dimmed">
            The creator is not told who reported them.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={handleClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={send.isPending}>
              Send report
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The "…" menu of someone else's post, with Report. Nothing for visitors and for the post's creator. */
export function PostReportMenu({ post }: { post: Pick<TFeed, '_id' | 'reason' | 'performer'> }) {
  const user = useCurrentUser();
  const [isOpen, setOpen] = useState(false);
  if (!user || post.reason === 'owner' || user._id === post.performer._id) return null;
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label="Post options">
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconFlag size={16} />} onClick={() => setOpen(true)}>
            Report
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
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
