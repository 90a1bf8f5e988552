import { Anchor, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorCode, errorMessage } from '../../lib/errors';
import { formatPrice } from '../../lib/format';
import { paths } from '../../lib/guards';
import { notifyError, notifySuccess } from '../../lib/notify';
import { usePublicSettings } from '../../lib/settings';
import { useCurrentUser } from '../auth/use-current-user';
import { useLoginPath } from '../auth/use-login-path';
import { usePaymentGateway, useSavedCards, waitForCardSubscription } from '../wallet/cards-api';
import { CardConfirmStep, type CardStage, newCard, PayWithControl, SavedCardSelect } from './card-payment-ui';
import { siteCheckoutLabel, sitePaymentChoices } from './site-membership';
import type { PaymentChoice } from './subscription-plans';
import {
  newIdempotencyKey,
  refreshAfterSubscribing,
  subscribeToSite,
  subscribeToSiteByCard,
  walletPath,
} from './subscriptions-api';

/**
 * Pays the site membership: a month from the wallet (the API gives a new member the trial instead,
 * once), or, when no membership runs, by card with monthly renewal at the gateway (the sandbox's
 * checkout page and back, or Stripe with a saved card or the card field). After paying the fan goes
 * home, where the rest of the site is open again.
 */
export function SiteSubscribeButton({ hasExpired }: { hasExpired: boolean }) {
  const user = useCurrentUser();
  const settings = usePublicSettings();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const loginPath = useLoginPath();
  const gateway = usePaymentGateway(Boolean(user));
  const [isBusy, setBusy] = useState(false);
  const [attemptKey, setAttemptKey] = useState(newIdempotencyKey);
  const [choice, setChoice] = useState<PaymentChoice>('wallet');
  const [cardChoice, setCardChoice] = useState<string | null>(null);
  const [stage, setStage] = useState<CardStage>({ kind: 'choose' });
  const gatewayName = gateway.data?.gateway;
  const isStripe = gatewayName === 'stripe';
  const isNewMember = !user?.siteSubscription.expiredAt;
  const offersTrial = settings.trialEnabled && isNewMember;
  const isRunning = !isNewMember && !hasExpired;
  const choices = sitePaymentChoices(gatewayName, { offersTrial, isRunning });
  const method: PaymentChoice = choices.includes(choice) ? choice : 'wallet';
  const savedCards = useSavedCards(Boolean(user && isStripe && method === 'card'));
  const cards = savedCards.data ?? [];
  const selectedCard = cardChoice ?? cards[0]?._id ?? newCard;
  const publishableKey = gateway.data?.stripePublishableKey ?? null;
  const price = settings.siteSubscriptionPrice;
  const label = siteCheckoutLabel(price, method, gatewayName, {
    offersTrial,
    isRunning,
    hasExpired,
    trialDays: settings.trialDurationDays,
  });

  async function finish(message: string) {
    notifySuccess(message);
    setStage({ kind: 'choose' });
    await refreshAfterSubscribing(queryClient);
    void navigate(paths.home);
  }

  /** After Stripe took the payment: the webhook, not the page, starts the membership; wait for it. */
  async function awaitConfirmation(cardSubscriptionId: string) {
    setStage({ kind: 'waiting' });
    try {
      const state = await waitForCardSubscription(cardSubscriptionId);
      if (state.status === 'active') {
        await finish('You are a member. Your card is charged again each month until you cancel.');
        return;
      }
      setStage({ kind: 'choose' });
      notifications.show({
        color: state.failureReason ? 'red' : 'yellow',
        autoClose: 5000,
        message:
          state.failureReason ??
          'Your payment is still being confirmed. Your membership starts as soon as it is; check back in a minute.',
      });
    } catch (error) {
      setStage({ kind: 'choose' });
      notifyError(error);
    }
  }

  async function handleCard() {
    const started = await subscribeToSiteByCard(
      isStripe && selectedCard !== newCard ? { paymentCardId: selectedCard } : {},
      attemptKey,
    );
    setAttemptKey(newIdempotencyKey());
    const { checkoutUrl, clientSecret, cardSubscription } = started.data;
    if (checkoutUrl) await navigate(checkoutUrl);
    else if (clientSecret)
      setStage({ kind: 'confirm', cardSubscriptionId: cardSubscription._id, clientSecret });
    else await awaitConfirmation(cardSubscription._id);
  }

  async function handleSubscribe() {
    if (!user) {
      void navigate(loginPath);
      return;
    }
    setBusy(true);
    try {
      if (method === 'card') {
        await handleCard();
        return;
      }
      const { data } = await subscribeToSite(attemptKey);
      setAttemptKey(newIdempotencyKey());
      await finish(
        data.isTrial
          ? `Your free trial runs until ${dayjs(data.expiredAt).format('MMM D, YYYY')}.`
          : `You are a member until ${dayjs(data.expiredAt).format('MMM D, YYYY')}.`,
      );
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
    <Stack gap="sm">
      {choices.length > 1 ? (
        <PayWithControl value={method} disabled={isCardFlow} onChange={setChoice} />
      ) : null}
      {method === 'card' && gatewayName === 'sandbox' ? (
        <Text size="sm" c="dimmed" data-testid="card-sandbox-note">
          You pay on the test checkout page (card 4242 4242 4242 4242), then come back. The card is charged
          again each month until you cancel.
        </Text>
      ) : null}
      {method === 'card' && isStripe && stage.kind === 'choose' ? (
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
          submitLabel={`Pay ${formatPrice(price)}`}
          onConfirmed={(id) => void awaitConfirmation(id)}
        />
      ) : (
        <Button
          size="md"
          variant="gradient"
          fullWidth
          loading={isBusy}
          disabled={method === 'card' && gateway.isLoading}
          onClick={handleSubscribe}
        >
          {label}
        </Button>
      )}
      {user && !offersTrial && method === 'wallet' ? (
        <Text size="xs" c="dimmed" ta="center" data-testid="site-wallet-note">
          Paid from your wallet (balance {formatPrice(user.balance)}).
        </Text>
      ) : null}
      {user && isRunning && gatewayName ? (
        <Text size="xs" c="dimmed" ta="center">
          To pay by card instead, wait until this membership ends.
        </Text>
      ) : null}
    </Stack>
  );
}
