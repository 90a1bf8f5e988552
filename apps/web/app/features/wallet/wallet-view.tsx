import { Card, Grid, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { formatPrice } from '../../lib/format';
import { currentUserKey, fetchCurrentUser } from '../auth/use-current-user';
import { TopUpCard } from './top-up-card';
import classes from './wallet.module.css';
import { fetchOrders, walletKeys } from './wallet-api';
import { WalletHistory } from './wallet-history';

/** A checkout started this long ago may still be confirmed by the gateway: keep polling until then. */
const pendingWindowMs = 30 * 60 * 1000;

/**
 * The wallet: balance, top-up and history. Realtime sockets come later, so while one of the fan's
 * recent top-ups is pending (a gateway confirmation may arrive any moment) the page polls the
 * orders and `/users/me` every few seconds and shows the new balance when the credit lands.
 */
export function WalletView() {
  const queryClient = useQueryClient();
  const recent = useQuery({ queryKey: walletKeys.orders(0), queryFn: () => fetchOrders(0) });
  const hasPending = (recent.data?.data ?? []).some(
    (o) => o.status === 'pending' && Date.now() - new Date(o.createdAt).getTime() < pendingWindowMs,
  );
  const me = useQuery({
    queryKey: currentUserKey,
    queryFn: fetchCurrentUser,
    refetchInterval: hasPending ? 3000 : false,
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
          <TopUpCard />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <WalletHistory pollOrders={hasPending} />
      </Grid.Col>
    </Grid>
  );
}
