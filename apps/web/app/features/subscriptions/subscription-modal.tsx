import type { TPerformerPublic, TSubscriptionType } from '@fanstage/contract';
import { Anchor, Avatar, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCrown } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { errorCode, errorMessage } from '../../lib/errors';
import { formatPrice } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { usePublicSettings } from '../../lib/settings';
import { useCurrentUser } from '../auth/use-current-user';
import { defaultPlan, plansOf, subscribeLabel } from './subscription-plans';
import {
  newIdempotencyKey,
  refreshAfterSubscribing,
  subscribeToPerformer,
  walletPath,
} from './subscriptions-api';

/** The subscription modal state of spec section 3: showModal, performer, subscriptionType (monthly by default). */
export interface SubscriptionModalState {
  showModal: boolean;
  performer: TPerformerPublic | null;
  subscriptionType: TSubscriptionType;
}

export function useSubscriptionModal() {
  const [state, setState] = useState<SubscriptionModalState>({
    showModal: false,
    performer: null,
    subscriptionType: 'monthly',
  });
  return {
    ...state,
    open: (performer: TPerformerPublic, subscriptionType?: TSubscriptionType) =>
      setState({ showModal: true, performer, subscriptionType: subscriptionType ?? defaultPlan(performer) }),
    close: () => setState((s) => ({ ...s, showModal: false })),
    setSubscriptionType: (subscriptionType: TSubscriptionType) =>
      setState((s) => ({ ...s, subscriptionType })),
  };
}

/**
 * Plans with prices (the free one when offered), the wallet balance and "Subscribe for $x". Paid from
 * the wallet; on success the page's posts and media reload unlocked.
 */
export function SubscriptionModal({ modal }: { modal: ReturnType<typeof useSubscriptionModal> }) {
  const { performer, subscriptionType } = modal;
  const user = useCurrentUser();
  const settings = usePublicSettings();
  const queryClient = useQueryClient();
  const revalidator = useRevalidator();
  const [isBusy, setBusy] = useState(false);
  const [attemptKey, setAttemptKey] = useState(newIdempotencyKey);
  if (!performer) return null;
  const plans = plansOf(performer, settings.freeSubscriptionDuration);
  const plan = plans.find((p) => p.type === subscriptionType) ?? plans[0];
  const balance = user?.balance ?? 0;
  const isShort = plan ? balance < plan.price : false;

  async function handleSubscribe() {
    if (!plan || !performer) return;
    setBusy(true);
    try {
      await subscribeToPerformer({ performerId: performer._id, type: plan.type }, attemptKey);
      notifySuccess(`You are subscribed to ${performer.name}.`);
      modal.close();
      setAttemptKey(newIdempotencyKey());
      await refreshAfterSubscribing(queryClient);
      void revalidator.revalidate();
    } catch (error) {
      setAttemptKey(newIdempotencyKey());
      if (errorCode(error) === 'INSUFFICIENT_BALANCE') {
        notifications.show({
          color: 'red',
          autoClose: 3000,
          message: (
            <span>
              {errorMessage(error)}{' '}
              <Anchor component={Link} to={walletPath} size="sm" fw={600}>
                Top up your wallet
              </Anchor>
            </span>
          ),
        });
      } else {
        notifyError(error);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={modal.showModal} onClose={modal.close} title="Subscribe" centered>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <Avatar src={performer.avatar} alt="" radius="xl" size={44} />
          <div style={{ minWidth: 0 }}>
            <Text fw={700} truncate>
              {performer.name}
            </Text>
            <Text size="sm" c="dimmed">
              Full access to posts, photos and videos for subscribers.
            </Text>
          </div>
        </Group>
        {plans.length === 0 ? (
          <Text c="dimmed">This creator does not offer a subscription right now.</Text>
        ) : (
          <Radio.Group
            value={plan?.type ?? null}
            onChange={(value) => modal.setSubscriptionType(value as TSubscriptionType)}
            aria-label="Plan"
          >
            <Stack gap="xs">
              {plans.map((p) => (
                <Radio.Card key={p.type} value={p.type} radius="md" p="sm" data-testid={`plan-${p.type}`}>
                  <Group wrap="nowrap" align="flex-start">
                    <Radio.Indicator />
                    <div style={{ flex: 1 }}>
                      <Group justify="space-between" wrap="nowrap">
                        <Text fw={600}>{p.title}</Text>
                        <Text fw={700}>{p.price > 0 ? formatPrice(p.price) : 'Free'}</Text>
                      </Group>
                      <Text size="xs" c="dimmed">
                        {p.detail}
                      </Text>
                    </div>
                  </Group>
                </Radio.Card>
              ))}
            </Stack>
          </Radio.Group>
        )}
        <Group justify="space-between">
          <Text c="dimmed">Your wallet balance</Text>
          <Text fw={600} c={isShort ? 'red' : undefined} data-testid="subscription-balance">
            {formatPrice(balance)}
          </Text>
        </Group>
        {isShort && plan ? (
          <Text size="sm" c="dimmed">
            Your balance is short by {formatPrice(plan.price - balance)}.{' '}
            <Anchor component={Link} to={walletPath} fw={600}>
              Top up your wallet
            </Anchor>
          </Text>
        ) : null}
        <Button
          fullWidth
          variant="gradient"
          leftSection={<IconCrown size={18} />}
          loading={isBusy}
          disabled={!plan}
          onClick={handleSubscribe}
        >
          {subscribeLabel(plan)}
        </Button>
        <Text size="xs" c="dimmed" ta="center">
          Cancel any time on your subscriptions page; access lasts until the period ends.
        </Text>
      </Stack>
    </Modal>
  );
}
