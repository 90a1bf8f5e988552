import type { TAppliedCoupon, TTokenPackage } from '@fanstage/contract';
import {
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconTicket, IconWallet } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { AmountInput, type AmountValue, amountProblem as problemOf } from '../../components/amount-input';
import { errorDetails, errorMessage } from '../../lib/errors';
import { formatPrice } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import { usePublicSettings } from '../../lib/settings';
import classes from './wallet.module.css';
import { applyCoupon, newIdempotencyKey, startTopUp, usePackages } from './wallet-api';

type Choice = { kind: 'package'; pkg: TTokenPackage } | { kind: 'amount' };

/** Buy tokens: a package or a free amount within the limits, an optional coupon, then checkout. */
export function TopUpCard() {
  const settings = usePublicSettings();
  const packages = usePackages();
  const navigate = useNavigate();
  const min = settings.minimumWalletPrice;
  const max = settings.maximumWalletPrice;
  const [choice, setChoice] = useState<Choice>({ kind: 'amount' });
  // A suggestion, not a typed amount: 50 when the limits allow it, else the minimum.
  const [amount, setAmount] = useState<AmountValue>(50 >= min && 50 <= max ? 50 : min);
  const [amountError, setAmountError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [coupon, setCoupon] = useState<TAppliedCoupon | null>(null);
  const [couponError, setCouponError] = useState<string | null>(null);
  const [isChecking, setChecking] = useState(false);
  const [isStarting, setStarting] = useState(false);
  // One key per attempt: a double click sends the same key, a new attempt a new one.
  const attemptKey = useRef<string | null>(null);

  const value = amount === '' ? Number.NaN : amount;
  const target = choice.kind === 'package' ? { packageId: choice.pkg._id } : { amount: value };
  const basePrice = choice.kind === 'package' ? choice.pkg.price : value;
  const tokens = choice.kind === 'package' ? choice.pkg.tokens : value;
  const toPay = coupon?.price ?? basePrice;

  function amountProblem(): string | null {
    if (choice.kind === 'package') return null;
    return problemOf(amount, { mode: 'money', min, max, noun: 'top-up' });
  }

  // An amount out of its limits is never priced as if it were another one.
  const isPayable = amountProblem() === null;

  function resetCoupon() {
    setCoupon(null);
    setCouponError(null);
  }

  async function handleApply() {
    const trimmed = code.trim();
    if (!trimmed) {
      setCouponError('Enter a coupon code.');
      return;
    }
    const problem = amountProblem();
    setAmountError(problem);
    if (problem) return;
    setChecking(true);
    try {
      setCoupon(await applyCoupon(trimmed, target));
      setCouponError(null);
    } catch (error) {
      setCoupon(null);
      setCouponError(errorMessage(error));
    } finally {
      setChecking(false);
    }
  }

  async function handleTopUp() {
    const problem = amountProblem();
    setAmountError(problem);
    if (problem) return;
    attemptKey.current ??= newIdempotencyKey();
    setStarting(true);
    try {
      const started = await startTopUp(
        { ...target, ...(coupon ? { couponCode: coupon.code } : {}) },
        attemptKey.current,
      );
      attemptKey.current = null;
      if (started.checkoutUrl) await navigate(started.checkoutUrl);
      else notifyError(new Error('This payment needs a card form that is not available here.'));
    } catch (error) {
      attemptKey.current = null;
      if (errorDetails(error).some((d) => d.path === 'amount')) setAmountError(errorMessage(error));
      notifyError(error);
    } finally {
      setStarting(false);
    }
  }

  return (
    <Card>
      <Stack gap="md">
        <Group gap="xs">
          <IconWallet size={20} />
          <Title order={2} fz="lg">
            Top up
          </Title>
        </Group>
        {packages.isLoading ? (
          <SimpleGrid cols={{ base: 2, sm: 3 }}>
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} h={72} radius="md" />
            ))}
          </SimpleGrid>
        ) : (packages.data ?? []).length > 0 ? (
          <SimpleGrid cols={{ base: 2, sm: 3 }} role="radiogroup" aria-label="Token packages">
            {(packages.data ?? []).map((pkg) => {
              const isChosen = choice.kind === 'package' && choice.pkg._id === pkg._id;
              return (
                <UnstyledButton
                  key={pkg._id}
                  role="radio"
                  aria-checked={isChosen}
                  className={classes.package}
                  data-active={isChosen || undefined}
                  onClick={() => {
                    setChoice(isChosen ? { kind: 'amount' } : { kind: 'package', pkg });
                    resetCoupon();
                  }}
                >
                  <Text fw={700}>{pkg.name}</Text>
                  <Text size="sm" c="dimmed">
                    {formatPrice(pkg.tokens)} in tokens
                  </Text>
                  <Text fw={600}>{formatPrice(pkg.price)}</Text>
                </UnstyledButton>
              );
            })}
          </SimpleGrid>
        ) : null}
        <AmountInput
          mode="money"
          noun="top-up"
          label={choice.kind === 'package' ? 'Or another amount' : 'Amount'}
          description={`From ${formatPrice(min)} to ${formatPrice(max)}`}
          value={choice.kind === 'package' ? '' : amount}
          onChange={(v) => {
            setAmount(v);
            setChoice({ kind: 'amount' });
            setAmountError(null);
            resetCoupon();
          }}
          onFocus={() => setChoice({ kind: 'amount' })}
          min={min}
          max={max}
          error={choice.kind === 'package' ? null : amountError}
        />
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label="Coupon"
            placeholder="Code"
            leftSection={<IconTicket size={16} />}
            value={code}
            onChange={(e) => {
              setCode(e.currentTarget.value);
              resetCoupon();
            }}
            error={couponError}
          />
          <Button variant="default" mt={25} onClick={handleApply} loading={isChecking}>
            Apply
          </Button>
        </Group>
        {coupon ? (
          <Group gap="xs">
            <Badge color="teal" variant="light">
              {coupon.discountPercentage}% off
            </Badge>
            <Text size="sm">
              You pay {formatPrice(coupon.price ?? basePrice)} instead of {formatPrice(basePrice)}.
            </Text>
          </Group>
        ) : null}
        <Group justify="space-between" className={classes.summary}>
          <Text size="sm" c="dimmed">
            {isPayable && tokens > 0 ? `${formatPrice(tokens)} added to your wallet` : ' '}
          </Text>
          <Text fw={700}>To pay: {isPayable && toPay > 0 ? formatPrice(toPay) : '—'}</Text>
        </Group>
        <Button size="md" variant="gradient" onClick={handleTopUp} loading={isStarting} disabled={!isPayable}>
          Top up
        </Button>
      </Stack>
    </Card>
  );
}
