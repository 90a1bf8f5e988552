import type { TPayoutSettings, TStripeAccountLink } from '@fanstage/contract';
import { Badge, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { IconBrandStripe, IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { api } from '../../lib/api';
import { notifyError } from '../../lib/notify';

/** What the Stripe Connect part of the payout settings shows, from the creator's settings. */
export function stripeConnectState(settings: TPayoutSettings | undefined) {
  if (!settings?.stripeConnect.available) return 'unavailable' as const;
  if (!settings.stripeAccountId) return 'not_connected' as const;
  if (settings.stripeConnect.payoutsEnabled) return 'enabled' as const;
  return 'pending' as const;
}

const openOnboarding = () => api.post<{ data: TStripeAccountLink }>('/stripe/accounts').then((r) => r.data);

/**
 * "Connect Stripe": sends the creator to Stripe's onboarding (Stripe brings them back to this page);
 * payouts go there once Stripe enables them. Hidden when the site has no Stripe.
 */
export function StripeConnectSection({ settings }: { settings: TPayoutSettings | undefined }) {
  const [isBusy, setBusy] = useState(false);
  const state = stripeConnectState(settings);
  if (state === 'unavailable') return null;

  async function handleConnect() {
    setBusy(true);
    try {
      const { url } = await openOnboarding();
      window.location.assign(url);
    } catch (error) {
      notifyError(error);
      setBusy(false);
    }
  }

  return (
    <>
      <Divider />
      <Stack gap="xs" data-testid="stripe-connect">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <IconBrandStripe size={20} aria-hidden />
            <Text fw={600}>Stripe</Text>
          </Group>
          {state === 'enabled' ? (
            <Badge color="teal" variant="light">
              Payouts enabled
            </Badge>
          ) : state === 'pending' ? (
            <Badge color="yellow" variant="light">
              Onboarding not finished
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {state === 'enabled'
            ? 'Your Stripe account receives payouts. You can update its details at Stripe.'
            : state === 'pending'
              ? 'Stripe needs more details before it can send you payouts.'
              : 'Get paid to your own Stripe account: Stripe asks for your identity and bank details.'}
        </Text>
        <Button
          variant={state === 'enabled' ? 'default' : 'filled'}
          leftSection={<IconExternalLink size={16} />}
          loading={isBusy}
          onClick={handleConnect}
          w="fit-content"
        >
          {state === 'not_connected'
            ? 'Connect Stripe'
            : state === 'pending'
              ? 'Finish Stripe onboarding'
              : 'Open Stripe'}
        </Button>
      </Stack>
    </>
  );
}
