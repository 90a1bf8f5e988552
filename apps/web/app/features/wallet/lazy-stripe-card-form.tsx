import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { StripeCardFormProps } from './stripe-card-form';

const StripeCardForm = lazy(() => import('./stripe-card-form'));

/** The Stripe card field, fetched (with Stripe.js) only when rendered. */
export function LazyStripeCardForm(props: StripeCardFormProps) {
  return (
    <Suspense fallback={<Skeleton h={96} radius="md" />}>
      <StripeCardForm {...props} />
    </Suspense>
  );
}
