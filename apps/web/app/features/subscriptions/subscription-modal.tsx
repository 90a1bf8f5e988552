import type { TSubscriptionType } from '@fanstage/contract';
import { Anchor, Avatar, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCreditCard, IconCrown } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { errorCode, errorMessage } from '../../lib/errors';
import { formatPrice } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { usePublicSettings } from '../../lib/settings';
import { useCurrentUser } from '../auth/use-current-user';
import { usePaymentGateway, useSavedCards, waitForCardSubscription } from '../wallet/cards-api';
import { CardConfirmStep, type CardStage, newCard, PayWithControl, SavedCardSelect } from './card-payment-ui';
import type { useSubscriptionModal } from './subscription-modal-state';
import { type PaymentChoice, payLabel, paymentChoicesFor, plansOf } from './subscription-plans';
import {
  newIdempotencyKey,
  refreshAfterSubscribing,
  subscribeToPerformer,
  subscribeToPerformerByCard,
  walletPath,
} from './subscriptions-api';

export { type SubscriptionModalState, useSubscriptionModal } from './subscription-modal-state';

/**
 * Plans with prices (the free one when offered to this fan), then how to pay: the wallet (charged at once), or
 * a card through the site's gateway (the sandbox's checkout page, or Stripe with a saved card or a
 * card field). A card subscription counts only once the gateway confirms it.
 */
export function SubscriptionModal({ modal }: { modal: ReturnType<typeof useSubscriptionModal> }) {
  const { performer, subscriptionType } = modal;
  const user = useCurrentUser();
  const settings = usePublicSettings();
  const gateway = usePaymentGateway(modal.showModal);
  const queryClient = useQueryClient();
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const [isBusy, setBusy] = useState(false);
  const [attemptKey, setAttemptKey] = useState(newIdempotencyKey);
  const [choice, setChoice] = useState<PaymentChoice>('wallet');
  const [cardChoice, setCardChoice] = useState<string | null>(null);
  const [stage, setStage] = useState<CardStage>({ kind: 'choose' });
  const gatewayName = gateway.data?.gateway;
  const isStripe = gatewayName === 'stripe';
  const savedCards = useSavedCards(Boolean(modal.showModal && isStripe && choice === 'card'));
  if (!performer) return null;
  const plans = plansOf(performer, settings.freeSubscriptionDuration);
  const plan = plans.find((p) => p.type === subscriptionType) ?? plans[0];
  const choices = paymentChoicesFor(plan, gatewayName);
  const method: PaymentChoice = choices.includes(choice) ? choice : 'wallet';
  const balance = user?.balance ?? 0;
  const isShort = plan && method === 'wallet' ? balance < plan.price : false;
  const cards = savedCards.data ?? [];
  const selectedCard = cardChoice ?? cards[0]?._id ?? newCard;
  const publishableKey = gateway.data?.stripePublishableKey ?? null;

  function handleClose() {
    setStage({ kind: 'choose' });
    modal.close();
  }

  async function finishSubscribed() {
    if (!performer) return;
    notifySuccess(`You are subscribed to ${performer.name}.`);
    handleClose();
    setAttemptKey(newIdempotencyKey());
    await refreshAfterSubscribing(queryClient);
    void revalidator.revalidate();
  }

  /** After Stripe took the payment: the webhook grants access; wait for it to say so. */
  async function awaitConfirmation(cardSubscriptionId: string) {
    setStage({ kind: 'waiting' });
    try {
      const state = await waitForCardSubscription(cardSubscriptionId);
      if (state.status === 'active') {
        await finishSubscribed();
        return;
      }
      setStage({ kind: 'choose' });
      notifications.show({
        color: state.failureReason ? 'red' : 'yellow',
        autoClose: 5000,
        message:
          state.failureReason ??
          'Your payment is still being confirmed. Your subscription starts as soon as it is; check back in a minute.',
      });
    } catch (error) {
      setStage({ kind: 'choose' });
      notifyError(error);
    }
  }

  async function handleCard() {
    if (!plan || !performer) return;
    const started = await subscribeToPerformerByCard(
      {
        performerId: performer._id,
        type: plan.type,
        ...(isStripe && selectedCard !== newCard ? { paymentCardId: selectedCard } : {}),
      },
      attemptKey,
    );
    setAttemptKey(newIdempotencyKey());
    const { checkoutUrl, clientSecret, cardSubscription } = started.data;
    if (checkoutUrl) {
      handleClose();
      await navigate(checkoutUrl);
    } else if (clientSecret) {
      setStage({ kind: 'confirm', cardSubscriptionId: cardSubscription._id, clientSecret });
    } else {
      await awaitConfirmation(cardSubscription._id);
    }
  }

  async function handleSubscribe() {
    if (!plan || !performer) return;
    setBusy(true);
    try {
      if (method === 'card') {
        await handleCard();
        return;
      }
      await subscribeToPerformer({ performerId: performer._id, type: plan.type }, attemptKey);
      await finishSubscribed();
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

  const isCardFlow = stage.kind !== 'choose';

  return (
    <Modal opened={modal.showModal} onClose={handleClose} title="Subscribe" centered>
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
        {performer.hasUsedFreeSubscription ? (
          // The API leaves the free plan out for this fan; say why it is missing.
          <Text size="sm" c="dimmed" data-testid="free-trial-used">
            You have already used your free trial with {performer.name}.
          </Text>
        ) : null}
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
                <Radio.Card
                  key={p.type}
                  value={p.type}
                  radius="md"
                  p="sm"
                  data-testid={`plan-${p.type}`}
                  disabled={isCardFlow}
                >
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
        {choices.length > 1 ? (
          <PayWithControl value={method} disabled={isCardFlow} onChange={setChoice} />
        ) : null}
        {method === 'wallet' ? (
          <>
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
          </>
        ) : gatewayName === 'sandbox' ? (
          <Text size="sm" c="dimmed" data-testid="card-sandbox-note">
            You pay on the test checkout page (card 4242 4242 4242 4242), then come back here. The card is
            charged again each period until you cancel.
          </Text>
        ) : stage.kind === 'choose' ? (
          <SavedCardSelect
            isLoading={savedCards.isLoading}
            cards={cards}
            value={selectedCard}
            onChange={(value) => setCardChoice(value)}
          />
        ) : null}

        {stage.kind === 'confirm' || stage.kind === 'waiting' ? (
          <CardConfirmStep
            stage={stage}
            publishableKey={publishableKey}
            submitLabel={plan ? `Pay ${formatPrice(plan.price)}` : 'Pay'}
            onConfirmed={(id) => void awaitConfirmation(id)}
          />
        ) : (
          <Button
            fullWidth
            variant="gradient"
            leftSection={method === 'card' ? <IconCreditCard size={18} /> : <IconCrown size={18} />}
            loading={isBusy}
            disabled={!plan || (method === 'card' && gateway.isLoading)}
            onClick={handleSubscribe}
          >
            {payLabel(plan, method, gatewayName)}
          </Button>
        )}
        <Text size="xs" c="dimmed" ta="center">
          Cancel any time on your subscriptions page; access lasts until the period ends.
        </Text>
      </Stack>
    </Modal>
  );
}
