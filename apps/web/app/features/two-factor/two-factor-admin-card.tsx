import type { TTwoFactorStatus } from '@fanstage/contract';
import { Badge, Button, Card, Group, Modal, Text, Textarea, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { api } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useWriteMutation } from '../../lib/use-write-mutation';
import { adminAccountKeys } from '../admin-accounts/accounts-api';

const maxReason = 500;

/**
 * An admin's view of someone's two-factor: on or off, and a reset for a person who lost both the
 * phone and the recovery codes (audited, with an optional reason).
 */
export function TwoFactorAdminCard({ user }: { user: { _id: string; name: string } }) {
  const queryClient = useQueryClient();
  const key = [...adminAccountKeys.user(user._id), '2fa'];
  const status = useQuery({
    queryKey: key,
    queryFn: async () => (await api.get<{ data: TTwoFactorStatus }>(`/admin/users/${user._id}/2fa`)).data,
  });
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const reset = useWriteMutation({
    mutationFn: () => api.post(`/admin/users/${user._id}/2fa/reset`, { reason: reason.trim() || undefined }),
    onSuccess: () => {
      notifySuccess(
        `Two-factor is off for ${user.name}; they can log in with the password and set it up again.`,
      );
      setConfirming(false);
      setReason('');
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: adminAccountKeys.audit });
    },
    onError: (err) => notifyError(err),
  });
  if (!status.data) return null;
  const { enabled, enabledAt, recoveryCodesLeft } = status.data;

  return (
    <Card>
      <Group justify="space-between" gap="sm">
        <div>
          <Group gap="xs">
            <Title order={2} fz="lg">
              Two-factor authentication
            </Title>
            <Badge variant="light" color={enabled ? 'teal' : 'gray'}>
              {enabled ? 'On' : 'Off'}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed" mt={4}>
            {enabled
              ? `Since ${dayjs(enabledAt).format('MMM D, YYYY')}; ${recoveryCodesLeft} recovery codes left.`
              : 'This account logs in with the password alone.'}
          </Text>
        </div>
        {enabled ? (
          <Button color="red" variant="light" onClick={() => setConfirming(true)}>
            Reset two-factor
          </Button>
        ) : null}
      </Group>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={`Reset two-factor of ${user.name}`}
        centered
      >
        <Text size="sm" mb="md">
          Only when you are sure it is them: they lost their phone and their recovery codes. Their
          authenticator and recovery codes stop working, and the password alone logs them in until they set it
          up again.
        </Text>
        <Textarea
          label="Reason"
          description="Optional. Kept in the audit log."
          rows={3}
          maxLength={maxReason}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end" mt="lg">
          <Button
            variant="subtle"
            color="gray"
            onClick={() => setConfirming(false)}
            disabled={reset.isPending}
          >
            Cancel
          </Button>
          <Button color="red" loading={reset.isPending} onClick={() => reset.mutate()}>
            Reset
          </Button>
        </Group>
      </Modal>
    </Card>
  );
}
