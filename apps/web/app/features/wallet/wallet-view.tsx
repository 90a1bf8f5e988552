import type { TPaymentOrder } from '@fanstage/contract';
import { Alert, Card, Grid, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconCoins, IconInfoCircle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { formatPrice } from '../../lib/format';
import { currentUserKey, fetchCurrentUser } from '../auth/use-current-user';
import { TopUpCard } from './top-up-card';
import classes from './wallet.module.css';
import { fetchOrders, walletKeys } from './wallet-api';
import { WalletHistory } from './wallet-history';

/**
 * A top-up started this recently may be confirmed any moment: poll every few seconds. An older
 * one is polled slowly until the server expires it (an hour after it started).
 */
const recentTopUpMs = 5 * 60 * 1000;
const fastPollMs = 3000;
const slowPollMs = 30_000;

/** How often the page asks again while top-ups are pending; false when none is. */
export function pollIntervalOf(pending: TPaymentOrder[], now: number): number | false {
  if (pending.length === 0) return false;
  return pending.some((o) => now - new Date(o.createdAt).getTime() < recentTopUpMs) ? fastPollMs : slowPollMs;
}

/** The id of the last expired top-up whose notice was shown here (each is told once). */
const expiredSeenKey = 'fanstage-expired-top-up-seen';

/**
 * The newest top-up when the server expired it and this browser has not told the person yet;
 * remembered as told as soon as it shows.
 */
function useExpiredTopUpNotice(newest: TPaymentOrder | undefined) {
  const [shown, setShown] = useState<TPaymentOrder | null>(null);
  const expiredId = newest?.status === 'expired' ? newest._id : null;
  useEffect(() => {
    if (!expiredId || !newest) return;
    try {
      if (window.localStorage.getItem(expiredSeenKey) === expiredId) return;
      window.localStorage.setItem(expiredSeenKey, expiredId);
    } catch {
      // Without storage (private mode) the notice may show again: better than never.
    }
    setShown(newest);
  }, [expiredId, newest]);
  return { shown: shown && shown._id === expiredId ? shown : null, dismiss: () => setShown(null) };
}

/**
 * The wallet: balance, top-up and history. While one of the fan's top-ups is pending (a gateway
 * confirmation may arrive any moment) the page polls the orders and `/users/me` and shows the new
 * balance when the credit lands. A top-up nobody paid is expired by the server after an hour; the
 * page then stops waiting and says once that it was not completed and nothing was charged.
 */
export function WalletView() {
  const queryClient = useQueryClient();
  const recent = useQuery({ queryKey: walletKeys.orders(0), queryFn: () => fetchOrders(0) });
  const topUps = (recent.data?.data ?? []).filter((o) => o.type === 'wallet_top_up');
  const pending = topUps.filter((o) => o.status === 'pending');
  const hasPending = pending.length > 0;
  const pollMs = pollIntervalOf(pending, Date.now());
  const expired = useExpiredTopUpNotice(topUps[0]);
  const me = useQuery({
    queryKey: currentUserKey,
    queryFn: fetchCurrentUser,
    refetchInterval: pollMs,
  });
  // When a pending order turns paid, reload the rest of the history too.
  const pendingBefore = useRef(hasPending);
  useEffect(() => {
    if (pendingBefore.current && !hasPending) void queryClient.invalidateQueries({ queryKey: ['wallet'] });
    pendingBefore.current = hasPending;
  }, [hasPending, queryClient]);

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="lg">
          <Card>
            <Group gap="xs" c="dimmed">
              <IconCoins size={18} />
              <Text size="sm">Balance</Text>
            </Group>
            {me.data ? (
              <Text className={classes.balance} data-testid="wallet-balance">
                {formatPrice(me.data.balance)}
              </Text>
            ) : (
              <Skeleton h={44} w={160} mt={4} />
            )}
            {hasPending ? (
              <Text size="sm" c="dimmed" mt={4}>
                A top-up is waiting for the payment's confirmation; your balance updates here.
              </Text>
            ) : null}
          </Card>
          {expired.shown ? (
            <Alert
              color="gray"
              icon={<IconInfoCircle />}
              title="Your top-up was not completed"
              withCloseButton
              closeButtonLabel="Close"
              onClose={expired.dismiss}
              role="status"
              data-testid="top-up-expired"
            >
              The payment of {formatPrice(expired.shown.price)} was not completed within an hour, so nothing
              was charged. You can start a new top-up below.
            </Alert>
          ) : null}
          <TopUpCard />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <WalletHistory pollMs={pollMs} />
      </Grid.Col>
    </Grid>
  );
}
