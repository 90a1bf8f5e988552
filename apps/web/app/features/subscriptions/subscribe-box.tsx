import type { TPerformerPublic } from '@fanstage/contract';
import { Anchor, Badge, Button, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { formatDate } from '../../lib/dates';
import { useCurrentUser } from '../auth/use-current-user';
import { useLoginPath } from '../auth/use-login-path';
import { LazySubscriptionModal } from './lazy-subscription-modal';
import { useSubscriptionModal } from './subscription-modal-state';
import { subscriptionsPath, useMySubscription } from './subscriptions-api';

/**
 * The Subscribe button of a creator page: opens the subscription modal (visitors go to log in);
 * a subscriber sees until when instead.
 */
export function SubscribeButton({ performer, label }: { performer: TPerformerPublic; label: string }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const loginPath = useLoginPath();
  const modal = useSubscriptionModal();
  const mine = useMySubscription(performer._id, !!user);
  const subscription = mine.data;

  if (subscription?.isActive) {
    return (
      <Stack gap={4} align="center">
        <Badge
          size="lg"
          variant="light"
          color="teal"
          leftSection={<IconCircleCheck size={16} />}
          data-testid="subscribed-badge"
        >
          Subscribed
        </Badge>
        <Text size="xs" c="dimmed" ta="center">
          {subscription.status === 'cancelled' ? 'Access until' : 'Renews on'}{' '}
          {formatDate(subscription.expiredAt, { year: true })} ·{' '}
          <Anchor component={Link} to={subscriptionsPath} size="xs" fw={600}>
            Manage
          </Anchor>
        </Text>
      </Stack>
    );
  }

  return (
    <>
      <Button
        variant="gradient"
        size="md"
        fullWidth
        loading={!!user && mine.isPending}
        data-testid="subscribe-button"
        onClick={() => (user ? modal.open(performer) : void navigate(loginPath))}
      >
        {label}
      </Button>
      <LazySubscriptionModal modal={modal} />
    </>
  );
}
