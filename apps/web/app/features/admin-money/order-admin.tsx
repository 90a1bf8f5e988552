import { deliveryStatusValues, type TOrder } from '@fanstage/contract';
import { Badge, Button, Card, EmptyState, Group, ScrollArea, SegmentedControl, Text } from '@mantine/core';
import { IconPackage, IconReceiptRefund } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { formatPrice } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { newIdempotencyKey, orderLabel } from '../orders/orders-api';
import { useAdminOrders, useListParams, useRefundOrder } from './money-api';
import { ConfirmDialog, ListPager, ListSearch, ListSkeleton, rowBorder } from './money-ui';
import { canRefund, deliveryStatusColors } from './money-values';

const filters = ['all', ...deliveryStatusValues] as const;
const who = (p: TOrder['fan']) => (p.username ? `${p.name} (@${p.username})` : p.name);

/** Every shop order on the site; a refund gives the fan back the whole price. */
export function OrderAdmin() {
  const [status, setStatus] = useState<string>('all');
  const params = useListParams();
  const list = useAdminOrders({ status, page: params.page, q: params.q });
  const refund = useRefundOrder();
  const [refunding, setRefunding] = useState<{ order: TOrder; key: string } | null>(null);
  const rows = list.data?.data ?? [];

  return (
    <>
      <PageHeader
        title="Orders"
        description="Shop orders of all creators. Refund one to return its price to the fan."
      />
      <ScrollArea type="never" mb="md">
        <SegmentedControl
          size="xs"
          value={status}
          onChange={(value) => {
            setStatus(value);
            params.setPage(1);
          }}
          data={[...filters]}
          aria-label="Delivery status"
        />
      </ScrollArea>
      <ListSearch
        value={params.search}
        onChange={params.setSearch}
        placeholder="Search by order number, product, buyer or creator"
      />
      {list.isPending ? (
        <ListSkeleton label="Loading orders" />
      ) : rows.length === 0 ? (
        <Card p={{ base: 'lg', sm: 48 }}>
          <EmptyState
            icon={<IconPackage size={28} />}
            variant="light"
            title={params.q ? 'No matching orders' : status === 'all' ? 'No orders' : `No ${status} orders`}
            description={
              list.isError
                ? 'The orders could not be loaded. Please try again.'
                : params.q
                  ? `No ${status === 'all' ? '' : `${status} `}order with that number or of a product, buyer or creator matching “${params.q}”.`
                  : status === 'all'
                    ? 'Orders appear here when fans buy from a creator’s shop.'
                    : 'Choose “all” to see every order.'
            }
          />
        </Card>
      ) : (
        <Card p={0} style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          {rows.map((o) => (
            <Group
              key={o._id}
              px="md"
              py="sm"
              gap="md"
              justify="space-between"
              style={rowBorder}
              data-testid="admin-order-row"
            >
              <div style={{ minWidth: 0, flex: '1 1 220px' }}>
                <Group gap={6} wrap="nowrap">
                  <Text fw={600} truncate>
                    {o.productName}
                  </Text>
                  <Badge
                    size="xs"
                    variant="light"
                    color={deliveryStatusColors[o.deliveryStatus]}
                    style={{ flexShrink: 0 }}
                  >
                    {o.deliveryStatus}
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed" truncate>
                  {who(o.fan)} bought from {who(o.performer)}
                </Text>
                <Text size="xs" c="dimmed">
                  {orderLabel(o)} · {dayjs(o.createdAt).format('MMM D, YYYY')} · {o.productType} ·{' '}
                  {o.quantity} × {formatPrice(o.unitPrice)}
                  {o.refundedAt ? ` · refunded ${dayjs(o.refundedAt).format('MMM D, YYYY')}` : ''}
                </Text>
              </div>
              <Group gap="sm" wrap="nowrap">
                <Text fw={700}>{formatPrice(o.totalPrice)}</Text>
                {canRefund(o) ? (
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    leftSection={<IconReceiptRefund size={14} />}
                    onClick={() => setRefunding({ order: o, key: newIdempotencyKey() })}
                  >
                    Refund
                  </Button>
                ) : null}
              </Group>
            </Group>
          ))}
        </Card>
      )}
      <ListPager total={list.data?.total ?? 0} page={params.page} onChange={params.setPage} noun="order" />

      <ConfirmDialog
        opened={refunding !== null}
        title={refunding ? `Refund ${orderLabel(refunding.order).toLowerCase()}` : 'Refund order'}
        confirmLabel={refunding ? `Refund ${formatPrice(refunding.order.totalPrice)}` : 'Refund'}
        isPending={refund.isPending}
        onClose={() => setRefunding(null)}
        onConfirm={() => {
          if (!refunding) return;
          refund.mutate(
            { id: refunding.order._id, idempotencyKey: refunding.key },
            {
              onSuccess: () => {
                notifySuccess(
                  `${orderLabel(refunding.order)} is refunded: ${formatPrice(refunding.order.totalPrice)} is back in the fan’s wallet.`,
                );
                setRefunding(null);
              },
              onError: (err) => notifyError(err),
            },
          );
        }}
      >
        {refunding
          ? `${formatPrice(refunding.order.totalPrice)} goes back to ${refunding.order.fan.name}’s wallet and is taken from ${refunding.order.performer.name}’s earnings. This cannot be undone.`
          : null}
      </ConfirmDialog>
    </>
  );
}
