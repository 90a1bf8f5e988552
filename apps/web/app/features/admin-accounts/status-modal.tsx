import { maxAdminReason, type TAdminUser } from '@fanstage/contract';
import { Button, Group, Modal, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useSetAccountStatus } from './accounts-api';

/**
 * Confirms a deactivation (a reason is required: it goes to the audit log) or a reactivation (reason
 * optional). Nothing is sent until the admin confirms.
 */
export function AccountStatusModal(props: {
  user: Pick<TAdminUser, '_id' | 'name' | 'role'>;
  to: 'inactive' | 'active' | null;
  onClose: () => void;
}) {
  const { user, to } = props;
  const [reason, setReason] = useState('');
  // While the dialog fades out (`to` is null again) it keeps the words it was opened with.
  const [shown, setShown] = useState<'inactive' | 'active'>(to ?? 'inactive');
  useEffect(() => {
    if (!to) return;
    setReason('');
    setShown(to);
  }, [to]);
  const change = useSetAccountStatus(user._id);
  const isDeactivation = (to ?? shown) === 'inactive';
  const trimmed = reason.trim();
  const problem =
    isDeactivation && trimmed === ''
      ? 'Please give a reason for the deactivation.'
      : trimmed.length > maxAdminReason
        ? `The reason must be at most ${maxAdminReason} characters.`
        : null;

  const confirm = () => {
    if (!to || problem) return;
    change.mutate(
      { to, reason: trimmed },
      {
        onSuccess: () => {
          notifySuccess(isDeactivation ? `${user.name} is deactivated.` : `${user.name} can log in again.`);
          props.onClose();
        },
        onError: (err) => notifyError(err),
      },
    );
  };

  return (
    <Modal
      opened={to !== null}
      onClose={props.onClose}
      title={isDeactivation ? `Deactivate ${user.name}` : `Reactivate ${user.name}`}
      centered
    >
      <Text size="sm" mb="md">
        {isDeactivation
          ? `${user.name} is logged out everywhere at once and cannot log in again until reactivated.${
              user.role === 'performer'
                ? ' Their profile leaves every listing, and a live show or call they are in ends.'
                : ''
            }`
          : `${user.name} may log in again. Sessions that ended with the deactivation stay ended.`}
      </Text>
      <Textarea
        label="Reason"
        description={isDeactivation ? 'Required. Kept in the audit log.' : 'Optional. Kept in the audit log.'}
        placeholder={isDeactivation ? 'Chargebacks on three cards.' : 'Appeal accepted.'}
        autosize
        minRows={3}
        maxLength={maxAdminReason}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        error={trimmed.length > maxAdminReason ? problem : undefined}
        data-autofocus
      />
      <Group justify="flex-end" mt="lg">
        <Button variant="subtle" color="gray" onClick={props.onClose} disabled={change.isPending}>
          Cancel
        </Button>
        <Button
          color={isDeactivation ? 'red' : 'teal'}
          loading={change.isPending}
          disabled={problem !== null}
          onClick={confirm}
        >
          {isDeactivation ? 'Deactivate' : 'Reactivate'}
        </Button>
      </Group>
    </Modal>
  );
}
