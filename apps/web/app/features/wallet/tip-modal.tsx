import { Anchor, Button, Chip, Group, Modal, Stack, Text } from '@mantine/core';
import { IconCoin } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { AmountInput, type AmountValue, amountProblem } from '../../components/amount-input';
import { errorCode, errorDetails, errorMessage } from '../../lib/errors';
import { formatPrice } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { usePublicSettings } from '../../lib/settings';
import { useCurrentUser } from '../auth/use-current-user';
import { walletPath } from './unlock-dialog';
import { newIdempotencyKey, refreshWallet, sendTip } from './wallet-api';

/** Preset tips: multiples of the minimum, kept within the maximum. */
export function tipPresets(minimum: number, maximum: number): number[] {
  const presets = [1, 2, 5, 10].map((m) => Math.round(minimum * m * 100) / 100).filter((v) => v <= maximum);
  return presets.length > 0 ? presets : [minimum];
}

/** Tip a creator: preset or custom amount within the site's limits, paid from the wallet. */
export function TipModal({
  opened,
  onClose,
  performer,
  streamId,
}: {
  opened: boolean;
  onClose: () => void;
  performer: { _id: string; name: string };
  /** Sent from this live show: the tip appears in its chat for everyone. */
  streamId?: string;
}) {
  const settings = usePublicSettings();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const min = settings.minimumTipPrice;
  const max = settings.maximumTipPrice;
  const presets = tipPresets(min, max);
  const [amount, setAmount] = useState<AmountValue>(presets[0] ?? min);
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // One attempt, one key: a retry after a lost answer is charged once; a changed amount is a new attempt.
  const attempt = useRef<{ amount: AmountValue; key: string } | null>(null);
  const problem = amountProblem(amount, { mode: 'money', min, max, noun: 'tip' });
  const balance = user?.balance ?? 0;

  async function handleTip() {
    if (problem !== null || amount === '') {
      setError(problem);
      return;
    }
    setBusy(true);
    try {
      if (attempt.current?.amount !== amount) attempt.current = { amount, key: newIdempotencyKey() };
      await sendTip(performer._id, amount, attempt.current.key, streamId ? { streamId } : {});
      attempt.current = null;
      notifySuccess(`You tipped ${performer.name} ${formatPrice(amount)}. Thank you!`);
      await refreshWallet(queryClient);
      onClose();
    } catch (err) {
      const amountDetail = errorDetails(err).find((d) => d.path === 'amount');
      if (errorCode(err) === 'INSUFFICIENT_BALANCE') setError(errorMessage(err));
      else {
        // A limit the server refused sits on the field; the toast says it as a sentence.
        if (amountDetail) setError(errorMessage(err));
        notifyError(err);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={`Send a tip to ${performer.name}`} centered>
      <Stack gap="sm">
        <Chip.Group
          value={amount !== '' && presets.includes(amount) ? String(amount) : ''}
          onChange={(v) => {
            setAmount(Number(v));
            setError(null);
          }}
        >
          <Group gap="xs">
            {presets.map((p) => (
              <Chip key={p} value={String(p)} variant="outline">
                {formatPrice(p)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        <AmountInput
          mode="money"
          noun="tip"
          label="Amount"
          description={`From ${formatPrice(min)} to ${formatPrice(max)}`}
          value={amount}
          onChange={(v) => {
            setAmount(v);
            setError(null);
          }}
          min={min}
          max={max}
          error={error}
          data-autofocus
        />
        <Text size="sm" c="dimmed">
          Your balance: <strong>{formatPrice(balance)}</strong>.{' '}
          {amount !== '' && balance < amount ? (
            <Anchor component={Link} to={walletPath} onClick={onClose}>
              Top up your wallet
            </Anchor>
          ) : null}
        </Text>
        <Button
          fullWidth
          variant="gradient"
          leftSection={<IconCoin size={18} />}
          loading={isBusy}
          disabled={problem !== null}
          onClick={handleTip}
        >
          Send {problem === null && amount !== '' ? formatPrice(amount) : 'tip'}
        </Button>
      </Stack>
    </Modal>
  );
}
