import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLockOpen } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { errorCode, errorMessage } from '../../lib/errors';
import { formatPrice } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useCurrentUser } from '../auth/use-current-user';
import { newIdempotencyKey, refreshWallet, type UnlockType, unlockItem } from './wallet-api';

export const walletPath = '/user/wallet';

const names: Record<UnlockType, string> = {
  feed: 'post',
  video: 'video',
  gallery: 'gallery',
  message: 'message',
};

/**
 * "Unlock for $x": the price, the fan's balance, and one button that buys the item from the
 * wallet. A short balance answers with the API's message and a link to top up. On success the
 * page's data reloads, so the item shows its media.
 */
export function UnlockDialog({
  opened,
  onClose,
  type,
  id,
  price,
  onUnlocked,
}: {
  opened: boolean;
  onClose: () => void;
  type: UnlockType;
  id: string;
  price: number;
  onUnlocked?: () => void;
}) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const revalidator = useRevalidator();
  const [isBusy, setBusy] = useState(false);
  const balance = user?.balance ?? 0;
  const isShort = balance < price;
  const name = names[type];

  /**
   * Every cache that shows the item reads it again: the post page's post, the feeds, bookmarks and
   * creator pages (queries), galleries and videos (the page's loader), and the wallet.
   */
  async function showUnlocked() {
    onClose();
    await refreshWallet(queryClient);
    await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'wallet' });
    void revalidator.revalidate();
    onUnlocked?.();
  }

  async function handleUnlock() {
    setBusy(true);
    try {
      await unlockItem(type, id, newIdempotencyKey());
      notifySuccess(`Unlocked: enjoy this ${name}.`);
      await showUnlocked();
    } catch (error) {
      if (errorCode(error) === 'CONFLICT') {
        // Bought before (another tab, or a page shown from an old copy): it is the fan's already.
        notifySuccess(errorMessage(error));
        await showUnlocked();
      } else if (errorCode(error) === 'INSUFFICIENT_BALANCE') {
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
    <Modal opened={opened} onClose={onClose} title={`Unlock this ${name}`} centered>
      <Stack gap="sm">
        <Group justify="space-between">
          <Text c="dimmed">Price</Text>
          <Text fw={700}>{formatPrice(price)}</Text>
        </Group>
        <Group justify="space-between">
          <Text c="dimmed">Your balance</Text>
          <Text fw={600} c={isShort ? 'red' : undefined} data-testid="unlock-balance">
            {formatPrice(balance)}
          </Text>
        </Group>
        {isShort ? (
          <Text size="sm" c="dimmed">
            Your balance is short by {formatPrice(price - balance)}.{' '}
            <Anchor component={Link} to={walletPath} fw={600}>
              Top up your wallet
            </Anchor>
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            It is paid from your wallet once; the {name} stays unlocked for you.
          </Text>
        )}
        <Button
          mt="sm"
          fullWidth
          variant="gradient"
          leftSection={<IconLockOpen size={18} />}
          loading={isBusy}
          onClick={handleUnlock}
        >
          Unlock for {formatPrice(price)}
        </Button>
      </Stack>
    </Modal>
  );
}
