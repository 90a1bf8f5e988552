import type { TCoupon } from '@fanstage/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconPencil, IconPlus, IconTicket, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { PageHeader } from '../../components/page-header';
import { applyFieldErrors } from '../../lib/form-errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useAdminCoupons, useDeleteCoupon, useSaveCoupon } from './money-api';
import { ConfirmDialog, ListSkeleton, rowBorder } from './money-ui';
import {
  type CouponFormValues,
  couponBodyOf,
  couponFormOf,
  couponStateColors,
  couponStateOf,
  emptyCouponForm,
  ZCouponForm,
} from './money-values';

type Editing = { kind: 'new' } | { kind: 'edit'; coupon: TCoupon } | null;

/** Discount codes fans enter when they top up: list, create, edit, delete. */
export function CouponAdmin() {
  const list = useAdminCoupons();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<TCoupon | null>(null);
  const remove = useDeleteCoupon();
  const rows = list.data?.data ?? [];
  const now = new Date();

  return (
    <>
      <PageHeader
        title="Coupons"
        description="Percent-off codes fans enter when they buy tokens."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ kind: 'new' })}>
            New coupon
          </Button>
        }
      />
      {list.isPending ? (
        <ListSkeleton label="Loading coupons" />
      ) : rows.length === 0 ? (
        <Card p={{ base: 'lg', sm: 48 }}>
          <EmptyState
            icon={<IconTicket size={28} />}
            variant="light"
            title="No coupons"
            description={
              list.isError
                ? 'The coupons could not be loaded. Please try again.'
                : 'Create one with “New coupon”, then share its code with fans.'
            }
          />
        </Card>
      ) : (
        <Card p={0}>
          {rows.map((c) => {
            const state = couponStateOf(c, now);
            return (
              <Group
                key={c._id}
                px="md"
                py="sm"
                gap="md"
                justify="space-between"
                style={rowBorder}
                data-testid="admin-coupon-row"
              >
                <div style={{ minWidth: 0, flex: '1 1 220px' }}>
                  <Group gap={6} wrap="nowrap">
                    <Text fw={700} ff="monospace" truncate>
                      {c.code}
                    </Text>
                    <Badge size="sm" variant="light">
                      {c.value}% off
                    </Badge>
                    <Badge size="xs" variant="light" color={couponStateColors[state]}>
                      {state}
                    </Badge>
                  </Group>
                  {c.name ? (
                    <Text size="sm" truncate>
                      {c.name}
                    </Text>
                  ) : null}
                  <Text size="xs" c="dimmed">
                    Used {c.usedCount} of {c.numberOfUses} ·{' '}
                    {c.expiredDate
                      ? `expires ${dayjs(c.expiredDate).format('MMM D, YYYY')}`
                      : 'never expires'}
                  </Text>
                </div>
                <Group gap={6} wrap="nowrap">
                  <Tooltip label="Edit">
                    <ActionIcon
                      variant="default"
                      size={32}
                      aria-label={`Edit ${c.code}`}
                      onClick={() => setEditing({ kind: 'edit', coupon: c })}
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Delete">
                    <ActionIcon
                      variant="light"
                      color="red"
                      size={32}
                      aria-label={`Delete ${c.code}`}
                      onClick={() => setDeleting(c)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Group>
            );
          })}
        </Card>
      )}

      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.kind === 'edit' ? `Edit ${editing.coupon.code}` : 'New coupon'}
        centered
      >
        {editing ? (
          <CouponForm
            key={editing.kind === 'edit' ? editing.coupon._id : 'new'}
            coupon={editing.kind === 'edit' ? editing.coupon : null}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Modal>

      <ConfirmDialog
        opened={deleting !== null}
        title="Delete coupon"
        confirmLabel="Delete coupon"
        isPending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting._id, {
            onSuccess: () => {
              notifySuccess(`${deleting.code} was deleted.`);
              setDeleting(null);
            },
            onError: (err) => notifyError(err),
          });
        }}
      >
        Fans can no longer use {deleting?.code}. Discounts already given stay as they are. To pause it
        instead, edit it and switch “Active” off.
      </ConfirmDialog>
    </>
  );
}

const serverFields = ['name', 'code', 'value', 'numberOfUses', 'isActive'] as const;

function CouponForm({ coupon, onDone }: { coupon: TCoupon | null; onDone: () => void }) {
  const save = useSaveCoupon(coupon?._id ?? null);
  const form = useForm<CouponFormValues>({
    resolver: zodResolver(ZCouponForm),
    defaultValues: coupon ? couponFormOf(coupon) : emptyCouponForm,
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((values) => {
    save.mutate(couponBodyOf(values), {
      onSuccess: () => {
        notifySuccess(coupon ? undefined : 'Coupon created');
        onDone();
      },
      onError: (err) => {
        applyFieldErrors(err, form.setError, serverFields);
        notifyError(err);
      },
    });
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        <TextInput
          label="Code"
          description="What fans type: letters, digits, dashes and underscores."
          placeholder="SPRING20"
          data-autofocus
          error={errors.code?.message}
          {...form.register('code')}
        />
        <TextInput
          label="Name"
          description="Optional, for you: where the code was shared."
          placeholder="Spring newsletter"
          error={errors.name?.message}
          {...form.register('name')}
        />
        <SimpleGrid cols={2}>
          <Controller
            control={form.control}
            name="value"
            render={({ field }) => (
              <NumberInput
                label="Discount"
                placeholder="20"
                suffix="%"
                min={1}
                max={100}
                allowDecimal={false}
                allowNegative={false}
                hideControls
                value={field.value}
                onChange={(v) => field.onChange(v === '' ? '' : Number(v))}
                onBlur={field.onBlur}
                error={errors.value?.message}
              />
            )}
          />
          <Controller
            control={form.control}
            name="numberOfUses"
            render={({ field }) => (
              <NumberInput
                label="Uses"
                description={coupon ? `${coupon.usedCount} used so far` : undefined}
                min={1}
                allowDecimal={false}
                allowNegative={false}
                hideControls
                value={field.value}
                onChange={(v) => field.onChange(v === '' ? '' : Number(v))}
                onBlur={field.onBlur}
                error={errors.numberOfUses?.message}
              />
            )}
          />
        </SimpleGrid>
        <TextInput
          type="date"
          label="Last day"
          description="Leave empty for a coupon that never expires."
          w={{ base: '100%', xs: 220 }}
          error={errors.expiry?.message}
          {...form.register('expiry')}
        />
        <Controller
          control={form.control}
          name="isActive"
          render={({ field }) => (
            <Switch
              label="Active"
              checked={field.value}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
            />
          )}
        />
        <Group justify="flex-end">
          <Button variant="subtle" color="gray" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {coupon ? 'Save' : 'Create coupon'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
