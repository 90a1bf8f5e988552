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
import { newIdempotencyKey, refreshAfterSubscribing, subscribeToSite, walletPath } from './subscriptions-api';

/**
 * Pays a month of site membership from the wallet (the API gives a new member the trial instead,
 * once). After it the fan goes home, where the rest of the site is open again.
 */
export function SiteSubscribeButton({ hasExpired }: { hasExpired: boolean }) {
  const user = useCurrentUser();
  const settings = usePublicSettings();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isBusy, setBusy] = useState(false);
  const isNewMember = !user?.siteSubscription.expiredAt;
  const offersTrial = settings.trialEnabled && isNewMember;
  const isMember = !isNewMember && !hasExpired;
  const price = formatPrice(settings.siteSubscriptionPrice);
  const label = offersTrial
    ? `Start ${settings.trialDurationDays}-day free trial`
    : isMember
      ? `Add a month for ${price}`
      : `${hasExpired ? 'Renew' : 'Start'} membership for ${price}`;

  async function handleSubscribe() {
    if (!user) {
      void navigate(paths.login);
      return;
    }
    setBusy(true);
    try {
      const { data } = await subscribeToSite(newIdempotencyKey());
      notifySuccess(
        data.isTrial
          ? `Your free trial runs until ${dayjs(data.expiredAt).format('MMM D, YYYY')}.`
          : `You are a member until ${dayjs(data.expiredAt).format('MMM D, YYYY')}.`,
      );
      await refreshAfterSubscribing(queryClient);
      void navigate(paths.home);
    } catch (error) {
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
    <Stack gap={6}>
      <Button size="md" variant="gradient" fullWidth loading={isBusy} onClick={handleSubscribe}>
        {label}
      </Button>
      {user && !offersTrial ? (
        <Text size="xs" c="dimmed" ta="center">
          Paid from your wallet (balance {formatPrice(user.balance)}).
        </Text>
      ) : null}
    </Stack>
  );
}
