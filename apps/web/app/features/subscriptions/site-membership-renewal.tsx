import { Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { IconRefresh, IconRefreshOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../lib/notify';
import { siteRenewalOf } from './site-membership';
import {
  cancelCardSubscription,
  cancelSiteRenewal,
  subscriptionKeys,
  useSiteCardSubscriptions,
  useSiteMembership,
} from './subscriptions-api';

/**
 * A running membership: whether it renews and by what, and "Cancel renewal" (the wallet's through
 * the membership, a card's through its card subscription). Access lasts until the paid month ends.
 */
export function SiteMembershipRenewal({ expiredAt }: { expiredAt: string }) {
  const queryClient = useQueryClient();
  const membership = useSiteMembership(true);
  const cards = useSiteCardSubscriptions(true);
  const [isConfirming, setConfirming] = useState(false);
  const [isCancelling, setCancelling] = useState(false);
  const until = dayjs(expiredAt).format('MMM D, YYYY');

  if (membership.isLoading || cards.isLoading) {
    return <Skeleton h={36} radius="md" aria-label="Loading your renewal" />;
  }
  if (membership.isError || cards.isError) {
    return (
      <Text size="sm" c="dimmed">
        We could not check whether your membership renews. Reload the page to try again.
      </Text>
    );
  }
  const renewal = siteRenewalOf(membership.data, cards.data ?? []);

  async function handleCancel() {
    if (!renewal) return;
    setCancelling(true);
    try {
      if (renewal.by === 'card') await cancelCardSubscription(renewal.cardSubscriptionId);
      else await cancelSiteRenewal();
      notifySuccess(`Renewal cancelled. Your membership lasts until ${until}.`);
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: subscriptionKeys.siteMembership });
      await queryClient.invalidateQueries({ queryKey: subscriptionKeys.siteCards });
    } catch (error) {
      notifyError(error);
    } finally {
      setCancelling(false);
    }
  }

  return (
    <Stack gap={6} data-testid="site-renewal" data-renews={renewal ? renewal.by : 'no'}>
      <Group justify="space-between" gap="sm">
        <Group gap={8} wrap="nowrap" style={{ flex: '1 1 220px' }}>
          {renewal ? (
            <IconRefresh size={18} color="var(--mantine-color-teal-6)" aria-hidden />
          ) : (
            <IconRefreshOff size={18} color="var(--mantine-color-dimmed)" aria-hidden />
          )}
          <Text size="sm">
            {renewal
              ? `Renews on ${until} ${renewal.by === 'card' ? 'with your card' : 'from your wallet'}.`
              : `Ends on ${until}; it will not renew.`}
          </Text>
        </Group>
        {renewal ? (
          <Button variant="default" size="xs" onClick={() => setConfirming(true)}>
            Cancel renewal
          </Button>
        ) : null}
      </Group>
      <Modal opened={isConfirming} onClose={() => setConfirming(false)} title="Cancel renewal?" centered>
        <Text size="sm">
          Your membership stays active until {until}, then ends. You will not be charged again.
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="subtle" color="gray" onClick={() => setConfirming(false)} disabled={isCancelling}>
            Keep renewing
          </Button>
          <Button color="red" loading={isCancelling} onClick={handleCancel} data-autofocus>
            Cancel renewal
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
