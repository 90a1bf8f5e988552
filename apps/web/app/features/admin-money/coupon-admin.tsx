import type { TCoupon } from '@fanstage/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Badge, Button, Group, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { Controller, useForm } from 'react-hook-form';
import { AmountInput } from '../../components/amount-input';
import { applyFieldErrors } from '../../lib/form-errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import { AdminCrudList } from './admin-crud-list';
import { useAdminCoupons, useDeleteCoupon, useListParams, useSaveCoupon } from './money-api';
import { ListPager, ListSearch } from './money-ui';
import {
  type CouponFormValues,
  couponBodyOf,
  couponFormOf,
  couponStateColors,
  couponStateOf,
  emptyCouponForm,
  ZCouponForm,
} from './money-values';

/** Discount codes fans enter when they top up: list, create, edit, delete. */
export function CouponAdmin() {
  const params = useListParams();
  const list = useAdminCoupons(params);
  const remove = useDeleteCoupon();
  const now = new Date();

  return (
    <AdminCrudList<TCoupon>
      title="Coupons"
      description="Percent-off codes fans enter when they buy tokens."
      list={list}
      toolbar={
        <ListSearch value={params.search} onChange={params.setSearch} placeholder="Search by code or name" />
      }
      footer={
        <ListPager total={list.data?.total ?? 0} page={params.page} onChange={params.setPage} noun="coupon" />
      }
      loadingLabel="Loading coupons"
      empty={{
        icon: <IconTicket size={28} />,
        title: params.q ? 'No matching coupons' : 'No coupons',
        loadError: 'The coupons could not be loaded. Please try again.',
        hint: params.q
          ? `No coupon code or name contains “${params.q}”.`
          : 'Create one with “New coupon”, then share its code with fans.',
      }}
      rowTestId="admin-coupon-row"
      nameOf={(c) => c.code}
      renderSummary={(c) => <CouponSummary coupon={c} now={now} />}
      newLabel="New coupon"
      newTitle="New coupon"
      renderForm={(coupon, onDone) => <CouponForm coupon={coupon} onDone={onDone} />}
      remove={remove}
      deleteTitle="Delete coupon"
      deleteLabel="Delete coupon"
      renderDeleteWarning={(c) => (
        <>
          Fans can no longer use {c?.code}. Discounts already given stay as they are. To pause it instead,
          edit it and switch “Active” off.
        </>
      )}
    />
  );
}

function CouponSummary({ coupon: c, now }: { coupon: TCoupon; now: Date }) {
  const state = couponStateOf(c, now);
  return (
    <>
      <Group gap={6} wrap="nowrap">
        <Text fw={700} ff="monospace" truncate>
          {c.code}
        </Text>
        <Badge size="sm" variant="light" style={{ flexShrink: 0 }}>
          {c.value}% off
        </Badge>
        <Badge size="xs" variant="light" color={couponStateColors[state]} style={{ flexShrink: 0 }}>
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
        {c.expiredDate ? `expires ${dayjs(c.expiredDate).format('MMM D, YYYY')}` : 'never expires'}
      </Text>
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
              <AmountInput
                mode="quantity"
                noun="discount"
                isOptional
                label="Discount"
                placeholder="20"
                suffix=" %"
                min={1}
                max={100}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.value?.message}
              />
            )}
          />
          <Controller
            control={form.control}
            name="numberOfUses"
            render={({ field }) => (
              <AmountInput
                mode="quantity"
                noun="number of uses"
                isOptional
                label="Uses"
                description={coupon ? `${coupon.usedCount} used so far` : undefined}
                min={1}
                value={field.value}
                onChange={field.onChange}
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
