import { maximumOrderQuantity, type TProductCharge } from '@fanstage/contract';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  Radio,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { IconShoppingCart, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  AmountInput,
  type AmountLimits,
  type AmountValue,
  amountProblem,
} from '../../components/amount-input';
import { errorMessage } from '../../lib/errors';
import { formatPrice } from '../../lib/format';
import { notifySuccess } from '../../lib/notify';
import { currentUserKey, useCurrentUser } from '../auth/use-current-user';
import { AddressFormModal } from './address-form';
import { useCart } from './cart';
import {
  addressLine,
  moneyRequest,
  newIdempotencyKey,
  ordersKeys,
  placedOrdersText,
  useAddresses,
} from './orders-api';

type LineResult = { ok: true } | { ok: false; message: string };

const quantityLimits = (stock: number | null | undefined): AmountLimits => ({
  mode: 'quantity',
  noun: 'quantity',
  min: 1,
  max: Math.max(1, Math.min(stock ?? maximumOrderQuantity, maximumOrderQuantity)),
});

/**
 * The cart and its checkout: each line is bought through the product charge (one order per line),
 * one after the other; lines that succeed leave the cart, lines that fail stay with the reason.
 */
export function CartView() {
  const user = useCurrentUser();
  const cart = useCart(user?._id ?? null);
  const addresses = useAddresses();
  const queryClient = useQueryClient();
  const [addressId, setAddressId] = useState<string | null>(null);
  const [isAddingAddress, setAddingAddress] = useState(false);
  const [results, setResults] = useState<Record<string, LineResult>>({});
  // One key per line for this checkout, so a retry after a network error never charges twice.
  const [keys, setKeys] = useState<Record<string, string>>({});
  const [isPaying, setPaying] = useState(false);
  // What was typed in each quantity field; the cart keeps the last valid quantity, never a changed one.
  const [typed, setTyped] = useState<Record<string, AmountValue>>({});
  const hasBadQuantity = cart.lines.some((l) => {
    const value = typed[l.productId];
    return value !== undefined && amountProblem(value, quantityLimits(l.stock)) !== null;
  });
  const list = addresses.data?.data ?? [];
  const chosen = addressId ?? list[0]?._id ?? null;
  const hasPhysical = cart.lines.some((l) => l.type === 'physical');
  const total = Math.round(cart.lines.reduce((n, l) => n + l.price * l.quantity, 0) * 100) / 100;
  const balance = user?.balance ?? 0;

  const handleCheckout = async () => {
    setPaying(true);
    const outcome: Record<string, LineResult> = {};
    const nextKeys = { ...keys };
    const placed: (number | undefined)[] = [];
    for (const line of cart.lines) {
      const key = nextKeys[line.productId] ?? newIdempotencyKey();
      nextKeys[line.productId] = key;
      try {
        const charge = await moneyRequest<{ data: TProductCharge }>(
          'POST',
          `/wallet/charges/product/${line.productId}`,
          { quantity: line.quantity, ...(line.type === 'physical' ? { deliveryAddressId: chosen } : {}) },
          key,
        );
        outcome[line.productId] = { ok: true };
        delete nextKeys[line.productId];
        cart.remove(line.productId);
        placed.push(charge.data.orderNumber);
      } catch (error) {
        outcome[line.productId] = { ok: false, message: errorMessage(error) };
        // A refused line stored nothing: its next attempt gets a fresh key.
        delete nextKeys[line.productId];
      }
    }
    setKeys(nextKeys);
    setResults(outcome);
    setPaying(false);
    void queryClient.invalidateQueries({ queryKey: currentUserKey });
    void queryClient.invalidateQueries({ queryKey: ordersKeys.buyer });
    if (placed.length > 0) notifySuccess(placedOrdersText(placed));
  };

  if (!user) return <Skeleton h={160} />;
  if (cart.lines.length === 0) {
    return (
      <EmptyState
        icon={<IconShoppingCart size={28} />}
        variant="light"
        title="Your cart is empty"
        description="Add products from creators' shops; your cart stays on this browser for your account."
      >
        <EmptyState.Actions>
          <Button component={Link} to="/user/orders" variant="default">
            My orders
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    );
  }
  return (
    <Stack>
      {cart.lines.map((line) => {
        const result = results[line.productId];
        return (
          <Card key={line.productId} withBorder radius="md" data-testid="cart-line">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Stack gap={2}>
                <Text fw={700} component={Link} to={`/product/${line.productId}`}>
                  {line.name}
                </Text>
                <Text size="sm" c="dimmed">
                  {formatPrice(line.price)} · {line.type}
                </Text>
              </Stack>
              <Group gap="xs" wrap="nowrap">
                {line.type === 'physical' ? (
                  <AmountInput
                    {...quantityLimits(line.stock)}
                    aria-label={`Quantity of ${line.name}`}
                    value={typed[line.productId] ?? line.quantity}
                    onChange={(v) => {
                      setTyped((t) => ({ ...t, [line.productId]: v }));
                      if (v !== '' && amountProblem(v, quantityLimits(line.stock)) === null) {
                        cart.setQuantity(line.productId, v);
                      }
                    }}
                    w={{ base: 150, sm: 200 }}
                  />
                ) : null}
                <Text fw={700} miw={70} ta="right">
                  {formatPrice(line.price * line.quantity)}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${line.name}`}
                  onClick={() => cart.remove(line.productId)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Group>
            {result && !result.ok ? (
              <Badge color="red" variant="light" mt="xs" style={{ textTransform: 'none' }}>
                Not bought: {result.message}
              </Badge>
            ) : null}
          </Card>
        );
      })}
      {hasPhysical ? (
        <Card withBorder radius="md">
          <Stack gap="xs">
            <Text fw={600}>Deliver physical products to</Text>
            {addresses.isLoading ? (
              <Skeleton h={50} />
            ) : list.length === 0 ? (
              <Text size="sm" c="dimmed">
                Your address book is empty.
              </Text>
            ) : (
              <Radio.Group value={chosen} onChange={setAddressId} aria-label="Delivery address">
                <Stack gap="xs">
                  {list.map((a) => (
                    <Radio
                      key={a._id}
                      value={a._id}
                      label={`${a.name} — ${a.fullName}`}
                      description={addressLine(a)}
                    />
                  ))}
                </Stack>
              </Radio.Group>
            )}
            <Button variant="subtle" size="xs" w="fit-content" onClick={() => setAddingAddress(true)}>
              New address
            </Button>
          </Stack>
        </Card>
      ) : null}
      <Card withBorder radius="md">
        <Stack gap="xs">
          <Group justify="space-between">
            <Text>Total</Text>
            <Text fw={800} fz="lg">
              {formatPrice(total)}
            </Text>
          </Group>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              Your wallet balance
            </Text>
            <Text size="sm">{formatPrice(balance)}</Text>
          </Group>
          {total > balance ? (
            <Alert color="yellow">
              You have an insufficient wallet balance. Please <Link to="/user/wallet">top up</Link>.
            </Alert>
          ) : null}
          <Text size="xs" c="dimmed">
            Each product is its own order; if one cannot be bought (for example it sold out), the others still
            go through and it stays in your cart.
          </Text>
          <Button
            variant="gradient"
            size="md"
            loading={isPaying}
            disabled={hasBadQuantity || total > balance || (hasPhysical && !chosen)}
            onClick={() => void handleCheckout()}
          >
            Pay {formatPrice(total)}
          </Button>
        </Stack>
      </Card>
      {isAddingAddress ? (
        <AddressFormModal
          opened
          onClose={() => setAddingAddress(false)}
          onSaved={(a) => setAddressId(a._id)}
        />
      ) : null}
    </Stack>
  );
}
