import { Messages, maximumPrivateCallPrice, type TPerformerMe } from '@fanstage/contract';
import { Card, SimpleGrid, Stack, Switch, Text, Textarea, Title } from '@mantine/core';
import { Controller, type FieldPath, useForm } from 'react-hook-form';
import { AmountInput } from '../../components/amount-input';
import { applyFieldErrors } from '../../lib/form-errors';
import { formatPrice } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { usePublicSettings } from '../../lib/settings';
import { useUpdateMyPerformerProfile } from '../performers/performers-api';
import { FormActions } from './creator-profile-form';
import {
  type PricingValues,
  priceRangeText,
  pricingPayload,
  pricingProblems,
  pricingValuesOf,
} from './creator-profile-values';

const fields: FieldPath<PricingValues>[] = [
  'monthlyPrice',
  'yearlyPrice',
  'freeSubscriptionEnabled',
  'privateCallPrice',
  'acceptsCalls',
  'welcomeMessage',
];

/** Subscription prices, the free offer, the private call rate and the welcome message (PUT /performers/me). */
export function PricingForm({ me }: { me: TPerformerMe }) {
  const settings = usePublicSettings();
  const save = useUpdateMyPerformerProfile();
  const form = useForm<PricingValues>({ defaultValues: pricingValuesOf(me) });
  const errors = form.formState.errors;
  const limits = { min: settings.minimumSubscriptionPrice, max: settings.maximumSubscriptionPrice };
  const freeDays = settings.freeSubscriptionDuration;

  const submit = form.handleSubmit((values) => {
    const payload = pricingPayload(values);
    if (!settings.freeSubscriptionEnabled) delete payload.freeSubscriptionEnabled;
    const problems = Object.entries(pricingProblems(payload, limits));
    if (problems.length > 0) {
      problems.forEach(([path, message], i) => {
        form.setError(
          path as FieldPath<PricingValues>,
          { type: 'validate', message },
          { shouldFocus: i === 0 },
        );
      });
      return;
    }
    save.mutate(payload, {
      onSuccess: (saved) => {
        form.reset(pricingValuesOf(saved));
        notifySuccess();
      },
      onError: (err) => {
        applyFieldErrors(err, form.setError, fields);
        notifyError(err, Messages.updateError);
      },
    });
  });

  const priceInput = (name: 'monthlyPrice' | 'yearlyPrice', label: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <AmountInput
          mode="money"
          noun={`${label.toLowerCase()}`}
          isOptional
          label={label}
          description={priceRangeText(limits)}
          placeholder="Not offered"
          min={limits.min}
          max={limits.max}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={errors[name]?.message}
        />
      )}
    />
  );

  return (
    <Card>
      <Title order={2} fz="lg">
        Pricing
      </Title>
      <Text size="sm" c="dimmed" mb="lg">
        What fans pay to see your posts and to call you.
      </Text>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {priceInput('monthlyPrice', 'Monthly price')}
            {priceInput('yearlyPrice', 'Yearly price')}
          </SimpleGrid>
          {settings.freeSubscriptionEnabled ? (
            <Controller
              control={form.control}
              name="freeSubscriptionEnabled"
              render={({ field }) => (
                <Switch
                  label="Offer a free subscription"
                  description={`New fans can subscribe free for ${freeDays} ${freeDays === 1 ? 'day' : 'days'}.`}
                  checked={field.value}
                  onChange={(e) => field.onChange(e.currentTarget.checked)}
                  onBlur={field.onBlur}
                  error={errors.freeSubscriptionEnabled?.message}
                />
              )}
            />
          ) : null}
          <Controller
            control={form.control}
            name="privateCallPrice"
            render={({ field }) => (
              <AmountInput
                mode="money"
                noun="private call price"
                label="Private call price per minute"
                description={`Up to ${formatPrice(maximumPrivateCallPrice)} a minute; 0 makes calls free.`}
                suffix=" / min"
                min={0}
                max={maximumPrivateCallPrice}
                maw={{ sm: 'calc(50% - var(--mantine-spacing-md) / 2)' }}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.privateCallPrice?.message}
              />
            )}
          />
          <Controller
            control={form.control}
            name="acceptsCalls"
            render={({ field }) => (
              <Switch
                label="Take 1-on-1 calls"
                description="A Call button shows on your profile; fans are billed each minute at your call price."
                checked={field.value}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
                onBlur={field.onBlur}
                error={errors.acceptsCalls?.message}
              />
            )}
          />
          <Textarea
            label="Welcome message"
            description="Sent to every new subscriber."
            placeholder="Thanks for subscribing! Here is what to expect…"
            autosize
            minRows={2}
            maxRows={8}
            maxLength={2000}
            error={errors.welcomeMessage?.message}
            {...form.register('welcomeMessage')}
          />
          <FormActions
            isDirty={form.formState.isDirty}
            isSaving={save.isPending}
            onCancel={() => form.reset(pricingValuesOf(me))}
          />
        </Stack>
      </form>
    </Card>
  );
}
