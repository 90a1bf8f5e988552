import { maximumMoneyAmount, type TTokenPackage } from '@fanstage/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Badge, Button, Group, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { Controller, useForm } from 'react-hook-form';
import { AmountInput } from '../../components/amount-input';
import { applyFieldErrors } from '../../lib/form-errors';
import { formatPrice } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { AdminCrudList } from './admin-crud-list';
import { useAdminPackages, useDeletePackage, useListParams, useSavePackage } from './money-api';
import { ListPager, ListSearch } from './money-ui';
import {
  emptyPackageForm,
  type PackageFormValues,
  packageBodyOf,
  packageFormOf,
  ZPackageForm,
} from './money-values';

/** Token packages fans pick on their wallet page: list, create, edit, delete. */
export function PackageAdmin() {
  const params = useListParams();
  const list = useAdminPackages(params);
  const remove = useDeletePackage();

  return (
    <AdminCrudList<TTokenPackage>
      title="Token packages"
      description="Bundles of tokens fans can buy on their wallet page. Inactive packages are hidden from fans."
      list={list}
      toolbar={<ListSearch value={params.search} onChange={params.setSearch} placeholder="Search by name" />}
      footer={
        <ListPager
          total={list.data?.total ?? 0}
          page={params.page}
          onChange={params.setPage}
          noun="package"
        />
      }
      loadingLabel="Loading token packages"
      empty={{
        icon: <IconCoins size={28} />,
        title: params.q ? 'No matching token packages' : 'No token packages',
        loadError: 'The packages could not be loaded. Please try again.',
        hint: params.q
          ? `No package name contains “${params.q}”.`
          : 'Fans can only enter a free amount. Create a package with “New package” to offer ready-made bundles.',
      }}
      rowTestId="admin-package-row"
      nameOf={(p) => p.name}
      renderSummary={(p) => <PackageSummary pkg={p} />}
      newLabel="New package"
      newTitle="New token package"
      renderForm={(pkg, onDone) => <PackageForm pkg={pkg} onDone={onDone} />}
      remove={remove}
      deleteTitle="Delete token package"
      deleteLabel="Delete package"
      renderDeleteWarning={(p) => (
        <>
          {p?.name} disappears from the wallet page. Top-ups already paid keep their tokens. To hide it for a
          while instead, edit it and switch “Shown to fans” off.
        </>
      )}
    />
  );
}

function PackageSummary({ pkg: p }: { pkg: TTokenPackage }) {
  return (
    <>
      <Group gap={6} wrap="nowrap">
        <Text fw={600} truncate>
          {p.name}
        </Text>
        {p.isActive ? null : (
          <Badge size="xs" color="gray" variant="light" style={{ flexShrink: 0 }}>
            Hidden
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed">
        {formatPrice(p.tokens)} in tokens for {formatPrice(p.price)} · position {p.ordering}
      </Text>
      {p.description ? (
        <Text size="xs" c="dimmed" lineClamp={2}>
          {p.description}
        </Text>
      ) : null}
    </>
  );
}

const serverFields = ['name', 'description', 'tokens', 'price', 'ordering', 'isActive'] as const;

function PackageForm({ pkg, onDone }: { pkg: TTokenPackage | null; onDone: () => void }) {
  const save = useSavePackage(pkg?._id ?? null);
  const form = useForm<PackageFormValues>({
    resolver: zodResolver(ZPackageForm),
    defaultValues: pkg ? packageFormOf(pkg) : emptyPackageForm,
  });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((values) => {
    save.mutate(packageBodyOf(values), {
      onSuccess: () => {
        notifySuccess(pkg ? undefined : 'Package created');
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
          label="Name"
          placeholder="Starter pack"
          data-autofocus
          error={errors.name?.message}
          {...form.register('name')}
        />
        <Textarea
          label="Description"
          description="Optional."
          autosize
          minRows={2}
          maxLength={500}
          error={errors.description?.message}
          {...form.register('description')}
        />
        <SimpleGrid cols={2}>
          <Controller
            control={form.control}
            name="tokens"
            render={({ field }) => (
              <AmountInput
                mode="money"
                noun="number of tokens"
                isOptional
                prefix=""
                label="Tokens"
                placeholder="100"
                min={0.01}
                max={maximumMoneyAmount}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.tokens?.message}
              />
            )}
          />
          <Controller
            control={form.control}
            name="price"
            render={({ field }) => (
              <AmountInput
                mode="money"
                noun="price"
                isOptional
                label="Price"
                placeholder="9.99"
                min={0.01}
                max={maximumMoneyAmount}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.price?.message}
              />
            )}
          />
        </SimpleGrid>
        <Controller
          control={form.control}
          name="ordering"
          render={({ field }) => (
            <AmountInput
              mode="quantity"
              noun="position"
              isOptional
              label="Position"
              description="Packages are shown from the lowest number."
              min={0}
              max={10_000}
              w={{ base: '100%', xs: 200 }}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.ordering?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="isActive"
          render={({ field }) => (
            <Switch
              label="Shown to fans"
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
            {pkg ? 'Save' : 'Create package'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
