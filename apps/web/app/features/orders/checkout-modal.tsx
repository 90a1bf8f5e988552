import { maximumOrderQuantity, type TProduct, type TProductCharge } from '@fanstage/contract';
import { Alert, Button, Divider, Group, Modal, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AmountInput, type AmountValue, amountProblem } from '../../components/amount-input';
import { formatPrice } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useWriteMutation } from '../../lib/use-write-mutation';
import { currentUserKey, useCurrentUser } from '../auth/use-current-user';
import { AddressFormModal } from './address-form';
import {
  addressLine,
  moneyRequest,
  newIdempotencyKey,
  ordersKeys,
  placedOrdersText,
  useAddresses,
} from './orders-api';

/**
 * Buys one product line from the wallet: quantity (physical goods up to the stock), a delivery address
 * from the address book (or a new one), the total and the balance. One Idempotency-Key per attempt,
 * so a double click or a retry after a network error never charges twice.
 */
export function CheckoutModal(props: { product: TProduct; opened: boolean; onClose: () => void }) {
  const { product } = props;
  const user = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isPhysical = product.type === 'physical';
  const maxQuantity = isPhysical ? Math.max(1, Math.min(product.stock ?? 1, maximumOrderQuantity)) : 1;
  const [quantity, setQuantity] = useState<AmountValue>(1);
  const quantityProblem = amountProblem(quantity, {
    mode: 'quantity',
    min: 1,
    max: maxQuantity,
    noun: 'quantity',
  });
  const [addressId, setAddressId] = useState<string | null>(null);
  const [isAddingAddress, setAddingAddress] = useState(false);
  const [key, setKey] = useState(newIdempotencyKey);
  const addresses = useAddresses();
  const list = addresses.data?.data ?? [];
  const chosen = addressId ?? list[0]?._id ?? null;
  const total = quantityProblem === null ? Math.round(product.price * Number(quantity) * 100) / 100 : 0;
  const balance = user?.balance ?? 0;
  const isShort = total > balance;

  const buy = useWriteMutation({
    mutationFn: () =>
      moneyRequest<{ data: TProductCharge }>(
        'POST',
        `/wallet/charges/product/${product._id}`,
        { quantity, ...(isPhysical ? { deliveryAddressId: chosen } : {}) },
        key,
      ),
    onSuccess: (res) => {
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
      void queryClient.invalidateQueries({ queryKey: ordersKeys.buyer });
      notifySuccess(`Thank you! ${placedOrdersText([res.data.orderNumber])}`);
      props.onClose();
      void navigate('/user/orders');
    },
    onError: (error) => {
      // A refused attempt stored nothing; the next one gets a fresh key.
      setKey(newIdempotencyKey());
      notifyError(error);
    },
  });

  return (
    <>
      <Modal opened={props.opened && !isAddingAddress} onClose={props.onClose} title={`Buy ${product.name}`}>
        <Stack>
          {isPhysical ? (
            <AmountInput
              mode="quantity"
              noun="quantity"
              label="Quantity"
              description={`${product.stock ?? 0} in stock`}
              min={1}
              max={maxQuantity}
              value={quantity}
              onChange={setQuantity}
            />
          ) : (
            <Text size="sm" c="dimmed">
              A digital product: your download link is ready as soon as you pay.
            </Text>
          )}
          {isPhysical ? (
            <Stack gap="xs">
              <Text fw={600} size="sm">
                Deliver to
              </Text>
              {addresses.isLoading ? (
                <Skeleton h={60} />
              ) : list.length === 0 ? (
                <Text size="sm" c="dimmed">
                  Your address book is empty. Add the address to deliver to.
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
              <Button
                variant="subtle"
                size="xs"
                leftSection={<IconPlus size={14} />}
                onClick={() => setAddingAddress(true)}
                w="fit-content"
              >
                New address
              </Button>
            </Stack>
          ) : null}
          <Divider />
          <Group justify="space-between">
            <Text>
              {quantityProblem === null ? quantity : '—'} × {formatPrice(product.price)}
            </Text>
            <Text fw={800} fz="lg" data-testid="checkout-total">
              {formatPrice(total)}
            </Text>
          </Group>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              Your wallet balance
            </Text>
            <Text size="sm">{formatPrice(balance)}</Text>
          </Group>
          {isShort ? (
            <Alert color="yellow" icon={<IconAlertCircle size={18} />}>
              You have an insufficient wallet balance. Please <Link to="/user/wallet">top up</Link>.
            </Alert>
          ) : null}
          <Button
            onClick={() => buy.mutate()}
            loading={buy.isPending}
            disabled={quantityProblem !== null || isShort || (isPhysical && !chosen)}
            variant="gradient"
            size="md"
          >
            Pay {formatPrice(total)}
          </Button>
        </Stack>
      </Modal>
      {isAddingAddress ? (
        <AddressFormModal
          opened
          onClose={() => setAddingAddress(false)}
          onSaved={(a) => setAddressId(a._id)}
        />
      ) : null}
    </>
  );
}
