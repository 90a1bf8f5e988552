import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatPrice } from '../../lib/format';

/** "Join this show": the price, the viewer's balance, and Pay (live-viewer.tsx pays). */
export function PayToJoinDialog({
  opened,
  onClose,
  price: amount,
  balance,
  isBusy,
  onPay,
}: {
  opened: boolean;
  onClose: () => void;
  price: number;
  balance: number;
  isBusy: boolean;
  onPay: () => void;
}) {
  const isShort = balance < amount;
  const price = formatPrice(amount);
  return (
    <Modal opened={opened} onClose={onClose} title="Join this show" centered>
      <Stack gap="sm">
        <Group justify="space-between">
          <Text c="dimmed">Price</Text>
          <Text fw={700}>{price}</Text>
        </Group>
        <Group justify="space-between">
          <Text c="dimmed">Your balance</Text>
          <Text fw={600} c={isShort ? 'red' : undefined} data-testid="live-balance">
            {formatPrice(balance)}
          </Text>
        </Group>
        {isShort ? (
          <Text size="sm" c="dimmed">
            Your balance is short by {formatPrice(amount - balance)}.{' '}
            <Anchor component={Link} to="/user/wallet" fw={600}>
              Top up your wallet
            </Anchor>
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            Paid once for this show; you can leave and come back while it is live.
          </Text>
        )}
        <Button mt="sm" fullWidth variant="gradient" loading={isBusy} onClick={onPay}>
          Pay {price}
        </Button>
      </Stack>
    </Modal>
  );
}
