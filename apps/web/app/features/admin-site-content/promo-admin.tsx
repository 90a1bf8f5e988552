import type { TSitePromo } from '@fanstage/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Badge, Button, Group, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { AmountInput } from '../../components/amount-input';
import { applyFieldErrors } from '../../lib/form-errors';
import { notifyError, notifySuccess } from '../../lib/notify';
import { AdminCrudList } from '../admin-money/admin-crud-list';
import { ListPager } from '../admin-money/money-ui';
import { useAdminPromos, useDeletePromo, useSavePromo } from './site-content-api';
import {
  emptyPromoForm,
  type PromoFormValues,
  promoBodyOf,
  promoFormOf,
  promoStateColors,
  promoStateOf,
  ZPromoForm,
} from './site-content-values';

/** Site promos (banners with a link), shown while active and inside their dates: list, create, edit, delete. */
export function PromoAdmin() {
  const [page, setPage] = useState(1);
  const list = useAdminPromos({ page });
  const remove = useDeletePromo();
  const now = new Date();

  return (
    <AdminCrudList<TSitePromo>
      title="Promos"
      description="Banners with a link, shown by position while active and between their dates."
      list={list}
      footer={<ListPager total={list.data?.total ?? 0} page={page} onChange={setPage} noun="promo" />}
      loadingLabel="Loading promos"
      empty={{
        icon: <IconSpeakerphone size={28} />,
        title: 'No promos',
        loadError: 'The promos could not be loaded. Please try again.',
        hint: 'Create one with “New promo”: a title, a link and, if you like, the dates it runs.',
      }}
      rowTestId="admin-promo-row"
      nameOf={(p) => p.title}
      renderSummary={(p) => <PromoSummary promo={p} now={now} />}
      newLabel="New promo"
      newTitle="New promo"
      renderForm={(promo, onDone) => <PromoForm promo={promo} onDone={onDone} />}
      remove={remove}
      deleteTitle="Delete promo"
      deleteLabel="Delete promo"
      renderDeleteWarning={(p) => (
        <>“{p?.title}” stops showing at once. To pause it instead, edit it and switch “Active” off.</>
      )}
    />
  );
}

const dateOf = (iso: string) => dayjs(iso).format('MMM D, YYYY HH:mm');

function PromoSummary({ promo: p, now }: { promo: TSitePromo; now: Date }) {
  const state = promoStateOf(p, now);
  const dates =
    p.startsAt && p.endsAt
      ? `${dateOf(p.startsAt)} – ${dateOf(p.endsAt)}`
      : p.startsAt
        ? `from ${dateOf(p.startsAt)}`
        : p.endsAt
          ? `until ${dateOf(p.endsAt)}`
          : 'no dates';
  return (
    <>
      <Group gap={6} wrap="nowrap">
        <Text fw={700} truncate>
          {p.title}
        </Text>
        <Badge size="xs" variant="light" color={promoStateColors[state]} style={{ flexShrink: 0 }}>
          {state}
        </Badge>
      </Group>
      {p.linkUrl ? (
        <Text size="sm" truncate>
          {p.linkUrl}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed">
        Position {p.position} · {dates}
      </Text>
    </>
  );
}

const serverFields = [
  'title',
  'description',
  'imageUrl',
  'linkUrl',
  'isActive',
  'position',
  'startsAt',
  'endsAt',
] as const;

function PromoForm({ promo, onDone }: { promo: TSitePromo | null; onDone: () => void }) {
  const save = useSavePromo(promo?._id ?? null);
  const form = useForm<PromoFormValues>({
    resolver: zodResolver(ZPromoForm),
    defaultValues: promo ? promoFormOf(promo) : emptyPromoForm,
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((values) => {
    save.mutate(promoBodyOf(values), {
      onSuccess: () => {
        notifySuccess(promo ? undefined : 'Promo created');
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
          label="Title"
          placeholder="Summer sale"
          data-autofocus
          error={errors.title?.message}
          {...form.register('title')}
        />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          maxRows={5}
          error={errors.description?.message}
          {...form.register('description')}
        />
        <TextInput
          label="Link"
          description="Where a click goes: https://… or a page of the site such as /explore."
          placeholder="/explore"
          error={errors.linkUrl?.message}
          {...form.register('linkUrl')}
        />
        <TextInput
          label="Image URL"
          placeholder="https://…"
          error={errors.imageUrl?.message}
          {...form.register('imageUrl')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            type="datetime-local"
            label="Starts"
            description="Empty: at once."
            error={errors.startsAt?.message}
            {...form.register('startsAt')}
          />
          <TextInput
            type="datetime-local"
            label="Ends"
            description="Empty: never."
            error={errors.endsAt?.message}
            {...form.register('endsAt')}
          />
        </SimpleGrid>
        <Group align="flex-end" gap="lg">
          <Controller
            control={form.control}
            name="position"
            render={({ field }) => (
              <AmountInput
                mode="quantity"
                noun="position"
                isOptional
                label="Position"
                description="0 comes first."
                min={0}
                max={10_000}
                w={140}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.position?.message}
              />
            )}
          />
          <Controller
            control={form.control}
            name="isActive"
            render={({ field }) => (
              <Switch
                label="Active"
                mb={8}
                checked={field.value}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
              />
            )}
          />
        </Group>
        <Group justify="flex-end">
          <Button variant="subtle" color="gray" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {promo ? 'Save' : 'Create promo'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
