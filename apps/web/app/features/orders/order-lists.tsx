import type { TDownloadLink, TOrder } from '@fanstage/contract';
import {
  Badge,
  Button,
  Card,
  CloseButton,
  EmptyState,
  Group,
  Modal,
  Radio,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload, IconMapPin, IconPackage, IconSearch, IconTruckDelivery } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../lib/api';
import { formatPrice } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useWriteMutation } from '../../lib/use-write-mutation';
import { addressLine, deliveryColors, orderLabel, ordersKeys, useAddresses, useOrders } from './orders-api';

/** The search box of an order list and the search it sends (debounced, trimmed). */
function useOrderSearch() {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  return { search, setSearch, q };
}

function OrderSearch(props: { value: string; onChange: (value: string) => void; placeholder: string }) {
  return (
    <TextInput
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      placeholder={props.placeholder}
      aria-label="Search orders"
      leftSection={<IconSearch size={16} />}
      rightSection={
        props.value ? (
          <CloseButton size="sm" aria-label="Clear search" onClick={() => props.onChange('')} />
        ) : null
      }
      maxLength={200}
      maw={{ sm: 360 }}
    />
  );
}

function OrdersFrame(props: {
  isLoading: boolean;
  error: unknown;
  count: number;
  /** What the search box holds; a search that finds nothing is not the "no orders yet" page. */
  search: ReturnType<typeof useOrderSearch>;
  searchPlaceholder: string;
  empty: ReactNode;
  children: ReactNode;
}) {
  useEffect(() => {
    if (props.error) notifyError(props.error);
  }, [props.error]);
  const { search } = props;
  if (props.isLoading) {
    return (
      <Stack>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} h={110} radius="md" />
        ))}
      </Stack>
    );
  }
  const isSearching = search.search !== '' || search.q !== '';
  if (props.count === 0 && !isSearching) return <>{props.empty}</>;
  return (
    <Stack>
      <OrderSearch value={search.search} onChange={search.setSearch} placeholder={props.searchPlaceholder} />
      {props.count === 0 ? (
        <EmptyState
          icon={<IconSearch size={28} />}
          variant="light"
          title="No matching orders"
          description={`No order matches “${search.q}”. Search by order number (#1042) or by name.`}
        />
      ) : (
        props.children
      )}
    </Stack>
  );
}

function OrderCard(props: { order: TOrder; party: ReactNode; actions?: ReactNode }) {
  const { order } = props;
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      data-testid="order-card"
      component="article"
      aria-label={`${orderLabel(order)}: ${order.productName}`}
    >
      <Stack gap="xs">
        <Text size="xs" c="dimmed" fw={600}>
          {orderLabel(order)}
        </Text>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <IconPackage size={20} aria-hidden />
            {order.productId ? (
              <Text fw={700} component={Link} to={`/product/${order.productId}`}>
                {order.productName}
              </Text>
            ) : (
              <Text fw={700}>{order.productName}</Text>
            )}
          </Group>
          <Badge color={deliveryColors[order.deliveryStatus]} variant="light">
            {order.deliveryStatus}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {order.quantity} × {formatPrice(order.unitPrice)} = <b>{formatPrice(order.totalPrice)}</b> ·{' '}
          {order.productType} · {dayjs(order.createdAt).format('MMM D, YYYY')} · {props.party}
        </Text>
        {order.deliveryAddress ? (
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconMapPin size={16} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="sm">
              {order.deliveryAddress.fullName}, {addressLine(order.deliveryAddress)}
            </Text>
          </Group>
        ) : null}
        {order.trackingCode ? (
          <Group gap={6}>
            <IconTruckDelivery size={16} aria-hidden />
            <Text size="sm">Tracking: {order.trackingCode}</Text>
          </Group>
        ) : null}
        {props.actions ? (
          <Group gap="xs" wrap="wrap">
            {props.actions}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

/** The fan's orders: download links for digital goods, address change while processing. */
export function BuyerOrders() {
  const search = useOrderSearch();
  const orders = useOrders('buyer', search.q);
  const rows = orders.data?.data ?? [];
  const [changing, setChanging] = useState<TOrder | null>(null);
  const download = useWriteMutation({
    mutationFn: (productId: string) =>
      api.get<{ data: TDownloadLink }>(`/performer-assets/products/${productId}/download-link`),
    onSuccess: (res) => {
      window.location.assign(res.data.url);
    },
    onError: (error) => notifyError(error),
  });
  return (
    <>
      <OrdersFrame
        isLoading={orders.isLoading}
        error={orders.error}
        count={rows.length}
        search={search}
        searchPlaceholder="Search by order number, product or creator"
        empty={
          <EmptyState
            icon={<IconPackage size={28} />}
            variant="light"
            title="No orders yet"
            description="What you buy in creators' shops appears here, with its delivery status."
          >
            <EmptyState.Actions>
              <Button component={Link} to="/explore" variant="gradient">
                Explore creators
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        }
      >
        {rows.map((order) => (
          <OrderCard
            key={order._id}
            order={order}
            party={`from ${order.performer.name || order.performer.username}`}
            actions={
              <>
                {order.productType === 'digital' && order.productId && order.deliveryStatus !== 'refunded' ? (
                  <Button
                    size="xs"
                    leftSection={<IconDownload size={14} />}
                    loading={download.isPending && download.variables === order.productId}
                    onClick={() => download.mutate(order.productId!)}
                  >
                    Download
                  </Button>
                ) : null}
                {order.productType === 'physical' && order.deliveryStatus === 'processing' ? (
                  <Button size="xs" variant="default" onClick={() => setChanging(order)}>
                    Change address
                  </Button>
                ) : null}
              </>
            }
          />
        ))}
      </OrdersFrame>
      {changing ? <ChangeAddressModal order={changing} onClose={() => setChanging(null)} /> : null}
    </>
  );
}

function ChangeAddressModal(props: { order: TOrder; onClose: () => void }) {
  const addresses = useAddresses();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<string | null>(null);
  const save = useWriteMutation({
    mutationFn: () =>
      api.put(`/orders/${props.order._id}/update/delivery-address`, { deliveryAddressId: chosen }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ordersKeys.buyer });
      notifySuccess(`${orderLabel(props.order)}: delivery address changed`);
      props.onClose();
    },
    onError: (error) => notifyError(error),
  });
  const list = addresses.data?.data ?? [];
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={`Change the delivery address of ${orderLabel(props.order).toLowerCase()}`}
    >
      <Stack>
        {addresses.isLoading ? (
          <Skeleton h={60} />
        ) : list.length === 0 ? (
          <Text size="sm">
            Your address book is empty. <Link to="/user/addresses">Add an address</Link> first.
          </Text>
        ) : (
          <Radio.Group value={chosen} onChange={setChosen} aria-label="Delivery address">
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
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button disabled={!chosen} loading={save.isPending} onClick={() => save.mutate()}>
            Ship here
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

const nextSteps: Record<TOrder['deliveryStatus'], TOrder['deliveryStatus'][]> = {
  processing: ['processing', 'shipping', 'delivered'],
  shipping: ['shipping', 'delivered'],
  delivered: ['delivered'],
  refunded: ['refunded'],
};

/** The creator's sold orders: delivery status forward only, and the tracking code. */
export function SellerOrders() {
  const search = useOrderSearch();
  const orders = useOrders('seller', search.q);
  const rows = orders.data?.data ?? [];
  return (
    <OrdersFrame
      isLoading={orders.isLoading}
      error={orders.error}
      count={rows.length}
      search={search}
      searchPlaceholder="Search by order number, product or buyer"
      empty={
        <EmptyState
          icon={<IconPackage size={28} />}
          variant="light"
          title="No orders yet"
          description="When fans buy your products, their orders appear here to ship."
        >
          <EmptyState.Actions>
            <Button component={Link} to="/creator/products" variant="gradient">
              Your products
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      }
    >
      {rows.map((order) => (
        <OrderCard
          key={order._id}
          order={order}
          party={`to ${order.fan.name || order.fan.username}`}
          actions={
            order.productType === 'physical' && order.deliveryStatus !== 'refunded' ? (
              <DeliveryEditor order={order} />
            ) : null
          }
        />
      ))}
    </OrdersFrame>
  );
}

function DeliveryEditor({ order }: { order: TOrder }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState(order.deliveryStatus);
  const [tracking, setTracking] = useState(order.trackingCode ?? '');
  const save = useWriteMutation({
    mutationFn: () =>
      api.put(`/orders/${order._id}/update`, {
        deliveryStatus: status,
        trackingCode: tracking.trim() || null,
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ordersKeys.seller });
      notifySuccess(`${orderLabel(order)} updated`);
    },
    onError: (error) => notifyError(error),
  });
  const isChanged = status !== order.deliveryStatus || tracking !== (order.trackingCode ?? '');
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <Select
        size="xs"
        label="Delivery"
        data={nextSteps[order.deliveryStatus]}
        value={status}
        onChange={(v) => v && setStatus(v as TOrder['deliveryStatus'])}
        allowDeselect={false}
        w={140}
      />
      <TextInput
        size="xs"
        label="Tracking code"
        value={tracking}
        onChange={(e) => setTracking(e.currentTarget.value)}
        w={180}
      />
      <Button size="xs" disabled={!isChanged} loading={save.isPending} onClick={() => save.mutate()}>
        Save
      </Button>
    </Group>
  );
}
