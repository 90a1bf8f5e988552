import type { TPaymentCard } from '@fanstage/contract';
import { Alert, Anchor, Group, Loader, SegmentedControl, Select, Text } from '@mantine/core';
import { IconCreditCard, IconWallet } from '@tabler/icons-react';
import { Link } from 'react-router';
import { cardLabel, cardsPath } from '../wallet/cards-api';
import { LazyStripeCardForm } from '../wallet/lazy-stripe-card-form';
import type { PaymentChoice } from './subscription-plans';

/*
 * The parts of paying by card that the creator subscription modal and the site membership page
 * share: the wallet/card switch, the saved-card choice, and the Stripe confirm and waiting steps.
 */

/** The saved-card choice that means "type a new card". */
export const newCard = 'new';

/** What the Stripe card flow waits for after the subscription was started at the gateway. */
export type CardStage =
  | { kind: 'choose' }
  | { kind: 'confirm'; cardSubscriptionId: string; clientSecret: string }
  | { kind: 'waiting' };

/** "Pay with: Wallet | Card". */
export function PayWithControl(props: {
  value: PaymentChoice;
  disabled: boolean;
  onChange: (choice: PaymentChoice) => void;
}) {
  return (
    <SegmentedControl
      fullWidth
      aria-label="Pay with"
      value={props.value}
      disabled={props.disabled}
      onChange={(value) => props.onChange(value as PaymentChoice)}
      data={[
        {
          value: 'wallet',
          label: (
            <Group gap={6} justify="center" wrap="nowrap" data-testid="pay-wallet">
              <IconWallet size={16} aria-hidden /> Wallet
            </Group>
          ),
        },
        {
          value: 'card',
          label: (
            <Group gap={6} justify="center" wrap="nowrap" data-testid="pay-card">
              <IconCreditCard size={16} aria-hidden /> Card
            </Group>
          ),
        },
      ]}
    />
  );
}

/** A saved card or a new one, with a link to the cards page. */
export function SavedCardSelect(props: {
  isLoading: boolean;
  cards: TPaymentCard[];
  value: string;
  onChange: (value: string | null) => void;
}) {
  if (props.isLoading) return <Loader size="sm" />;
  return (
    <Select
      label="Card"
      data-testid="card-select"
      allowDeselect={false}
      value={props.value}
      onChange={props.onChange}
      data={[
        ...props.cards.map((c) => ({ value: c._id, label: cardLabel(c) })),
        { value: newCard, label: 'A new card' },
      ]}
      description={
        <Anchor component={Link} to={cardsPath} size="xs">
          Manage your cards
        </Anchor>
      }
    />
  );
}

/** The Stripe card field for the first payment, then "Confirming your payment…" until the webhook lands. */
export function CardConfirmStep(props: {
  stage: Extract<CardStage, { kind: 'confirm' | 'waiting' }>;
  publishableKey: string | null | undefined;
  submitLabel: string;
  onConfirmed: (cardSubscriptionId: string) => void;
}) {
  const { stage } = props;
  if (stage.kind === 'waiting') {
    return (
      <Group gap="sm" justify="center" role="status">
        <Loader size="sm" />
        <Text>Confirming your payment…</Text>
      </Group>
    );
  }
  if (!props.publishableKey) {
    return <Alert color="red">Card payments are not set up on this site yet (no Stripe key).</Alert>;
  }
  return (
    <LazyStripeCardForm
      publishableKey={props.publishableKey}
      clientSecret={stage.clientSecret}
      submitLabel={props.submitLabel}
      onDone={() => props.onConfirmed(stage.cardSubscriptionId)}
    />
  );
}
