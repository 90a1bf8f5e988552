import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { api } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useWriteMutation } from '../../lib/use-write-mutation';
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
