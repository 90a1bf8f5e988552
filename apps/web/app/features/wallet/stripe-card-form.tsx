import { Alert, Box, Button, Stack, Text, useComputedColorScheme } from '@mantine/core';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { useState } from 'react';

/*
 * The Stripe card field. This module is only imported lazily (React.lazy) when the gateway is
 * Stripe and a publishable key is set, so Stripe.js is never loaded otherwise.
 */

const stripePromises = new Map<string, Promise<Stripe | null>>();

/** Stripe.js for a key, loaded once (the loader adds Stripe's script tag on first use). */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = stripePromises.get(publishableKey);
  if (!promise) {
    promise = import('@stripe/stripe-js').then(({ loadStripe }) => loadStripe(publishableKey));
    stripePromises.set(publishableKey, promise);
  }
  return promise;
}

export interface StripeCardFormProps {
  publishableKey: string;
  /** With a client secret the card pays it (confirmCardPayment); without, the card is only made. */
  clientSecret?: string | null;
  submitLabel: string;
  /** Called with the new card's PaymentMethod id (no client secret) or once the payment is confirmed. */
  onDone: (result: { paymentMethodId: string | null }) => Promise<void> | void;
}

function CardForm({ clientSecret, submitLabel, onDone }: Omit<StripeCardFormProps, 'publishableKey'>) {
  const stripe = useStripe();
  const elements = useElements();
  const scheme = useComputedColorScheme('light');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);

  async function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    setBusy(true);
    setError(null);
    try {
      if (clientSecret) {
        const result = await stripe.confirmCardPayment(clientSecret, { payment_method: { card } });
        if (result.error) setError(result.error.message ?? 'The card payment failed.');
        else await onDone({ paymentMethodId: null });
      } else {
        const result = await stripe.createPaymentMethod({ type: 'card', card });
        if (result.error) setError(result.error.message ?? 'The card could not be read.');
        else await onDone({ paymentMethodId: result.paymentMethod.id });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <Box
          p="sm"
          style={{
            border: '1px solid var(--mantine-color-default-border)',
            borderRadius: 'var(--mantine-radius-md)',
          }}
        >
          <CardElement
            options={{
              hidePostalCode: true,
              style: { base: { fontSize: '16px', color: scheme === 'dark' ? '#f1f3f5' : '#212529' } },
            }}
          />
        </Box>
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Button type="submit" loading={isBusy} disabled={!stripe}>
          {submitLabel}
        </Button>
        <Text size="xs" c="dimmed" ta="center">
          Card details go straight to Stripe; this site never sees the number.
        </Text>
      </Stack>
    </form>
  );
}

export default function StripeCardForm({ publishableKey, ...props }: StripeCardFormProps) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <CardForm {...props} />
    </Elements>
  );
}
