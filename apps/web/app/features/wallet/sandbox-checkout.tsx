import { sandboxTestCards, type TPaymentOrder } from '@fanstage/contract';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCreditCard, IconLock } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorDetails, errorMessage } from '../../lib/errors';
import { formatPrice } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import { walletPath } from './unlock-dialog';
import classes from './wallet.module.css';
import { cancelOrder, fetchOrder, payWithSandbox, refreshWallet, walletKeys } from './wallet-api';

/** Groups digits by four as they are typed: "4242 4242 …". */
const formatCardNumber = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

const formatExpiry = (value: string) => {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
};

function OrderSummary({ order }: { order: TPaymentOrder }) {
  return (
    <Stack gap={6}>
      {order.type === 'subscription' ? (
        <Text c="dimmed" data-testid="checkout-description">
          {order.description}
        </Text>
      ) : (
        <Group justify="space-between">
          <Text c="dimmed">Tokens for your wallet</Text>
          <Text fw={600}>{formatPrice(order.amount)}</Text>
        </Group>
      )}
      {order.couponCode ? (
        <Group justify="space-between">
          <Text c="dimmed">
            Coupon {order.couponCode} ({order.discountPercentage}% off)
          </Text>
          <Text c="teal">−{formatPrice(order.originalPrice - order.price)}</Text>
        </Group>
      ) : null}
      <Group justify="space-between">
        <Text fw={700}>To pay</Text>
        <Text fw={800} fz="xl" data-testid="checkout-price">
          {formatPrice(order.price)}
        </Text>
      </Group>
    </Stack>
  );
}

/**
 * The sandbox gateway's hosted checkout: a card form with test cards. Paying asks the sandbox
 * bank, whose signed webhook credits the wallet; this page only shows what happened.
 */
export function SandboxCheckout({ orderId }: { orderId: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const order = useQuery({
    queryKey: walletKeys.order(orderId),
    queryFn: () => fetchOrder(orderId),
    retry: false,
  });
  const [cardNumber, setCardNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isPaying, setPaying] = useState(false);

  async function handlePay(event: React.FormEvent) {
    event.preventDefault();
    setPaying(true);
    setErrors({});
    try {
      const result = await payWithSandbox(orderId, { cardNumber, expiry, cvc, name: name || undefined });
      queryClient.setQueryData(walletKeys.order(orderId), result);
      await refreshWallet(queryClient);
      // A paid subscription unlocks content: every cached page may have changed.
      if (result.type === 'subscription' && result.status === 'paid') {
        await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'users' });
      }
    } catch (error) {
      const details = errorDetails(error);
      if (details.length > 0) setErrors(Object.fromEntries(details.map((d) => [d.path, d.message])));
      else notifyError(error);
    } finally {
      setPaying(false);
    }
  }

  async function handleCancel() {
    try {
      await cancelOrder(orderId);
      await refreshWallet(queryClient);
    } catch (error) {
      notifyError(error);
    }
    await navigate(order.data?.returnPath ?? walletPath);
  }

  if (order.isLoading) {
    return (
      <Card className={classes.checkout}>
        <Skeleton h={24} w="60%" />
        <Skeleton h={80} mt="md" />
        <Skeleton h={160} mt="md" />
      </Card>
    );
  }
  if (!order.data) {
    return (
      <Card className={classes.checkout}>
        <Text>{errorMessage(order.error, 'This payment was not found.')}</Text>
        <Anchor component={Link} to={walletPath} mt="md" display="block">
          Back to the wallet
        </Anchor>
      </Card>
    );
  }
  const current = order.data;

  return (
    <Card className={classes.checkout} p="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Group gap="xs">
            <IconCreditCard size={22} />
            <Title order={1} fz="xl">
              Checkout
            </Title>
          </Group>
          <Badge variant="light" color="grape">
            Sandbox
          </Badge>
        </Group>
        <OrderSummary order={current} />

        {current.status === 'paid' ? (
          <Alert color="teal" icon={<IconCircleCheck />} title="Payment received" role="status">
            <Text>
              {current.type === 'subscription'
                ? 'Your subscription is active. The card is charged again each period until you cancel.'
                : `${formatPrice(current.amount)} was added to your wallet.`}
            </Text>
            <Button component={Link} to={current.returnPath} mt="md" fullWidth data-testid="checkout-back">
              {current.type === 'subscription' ? 'Back to the page' : 'Back to the wallet'}
            </Button>
          </Alert>
        ) : current.status === 'expired' ? (
          <Alert color="gray" title="This checkout has expired" role="status">
            <Text>It was not paid within an hour, so nothing was charged. You can start a new top-up.</Text>
            <Anchor component={Link} to={current.returnPath}>
              Go back
            </Anchor>
          </Alert>
        ) : current.status === 'cancelled' ? (
          <Alert color="gray" title="Payment cancelled">
            <Anchor component={Link} to={current.returnPath}>
              Go back
            </Anchor>
          </Alert>
        ) : (
          <form onSubmit={handlePay} noValidate>
            <Stack gap="sm">
              {current.status === 'failed' ? (
                <Alert color="red" icon={<IconAlertTriangle />} title="Payment failed" role="alert">
                  {current.failureReason ?? 'The payment failed.'} Nothing was charged; try another card.
                </Alert>
              ) : null}
              <TextInput
                label="Card number"
                inputMode="numeric"
                autoComplete="cc-number"
                placeholder="4242 4242 4242 4242"
                value={cardNumber}
                onChange={(e) => setCardNumber(formatCardNumber(e.currentTarget.value))}
                error={errors.cardNumber}
                required
              />
              <Group grow align="flex-start">
                <TextInput
                  label="Expiry"
                  placeholder="MM/YY"
                  autoComplete="cc-exp"
                  value={expiry}
                  onChange={(e) => setExpiry(formatExpiry(e.currentTarget.value))}
                  error={errors.expiry}
                  required
                />
                <TextInput
                  label="CVC"
                  placeholder="123"
                  inputMode="numeric"
                  autoComplete="cc-csc"
                  value={cvc}
                  onChange={(e) => setCvc(e.currentTarget.value.replace(/\D/g, '').slice(0, 4))}
                  error={errors.cvc}
                  required
                />
              </Group>
              <TextInput
                label="Name on card"
                autoComplete="cc-name"
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
              />
              <Button type="submit" size="md" leftSection={<IconLock size={16} />} loading={isPaying}>
                Pay {formatPrice(current.price)}
              </Button>
              <Button variant="subtle" color="gray" onClick={handleCancel}>
                Cancel and go back
              </Button>
              <Text size="xs" c="dimmed">
                Test cards: {sandboxTestCards.succeeds} pays, {sandboxTestCards.declined} is declined,{' '}
                {sandboxTestCards.insufficientFunds} has insufficient funds. Any future expiry and any CVC.
              </Text>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}
