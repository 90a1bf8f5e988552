import type { TTokenPackage } from '@fanstage/contract';
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
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCoins, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { PageHeader } from '../../components/page-header';
import { applyFieldErrors } from '../../lib/form-errors';
import { formatPrice } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useAdminPackages, useDeletePackage, useSavePackage } from './money-api';
import { ConfirmDialog, ListSkeleton, rowBorder } from './money-ui';
import {
  emptyPackageForm,
  type PackageFormValues,
  packageBodyOf,
  packageFormOf,
  ZPackageForm,
} from './money-values';

type Editing = { kind: 'new' } | { kind: 'edit'; pkg: TTokenPackage } | null;

/** Token packages fans pick on their wallet page: list, create, edit, delete. */
export function PackageAdmin() {
  const list = useAdminPackages();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<TTokenPackage | null>(null);
  const remove = useDeletePackage();
  const rows = list.data?.data ?? [];
  const newButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ kind: 'new' })}>
      New package
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Token packages"
        description="Bundles of tokens fans can buy on their wallet page. Inactive packages are hidden from fans."
        actions={newButton}
      />
      {list.isPending ? (
        <ListSkeleton label="Loading token packages" />
      ) : rows.length === 0 ? (
        <Card p={{ base: 'lg', sm: 48 }}>
          <EmptyState
            icon={<IconCoins size={28} />}
            variant="light"
            title="No token packages"
            description={
              list.isError
                ? 'The packages could not be loaded. Please try again.'
                : 'Fans can only enter a free amount. Create a package with “New package” to offer ready-made bundles.'
            }
          />
        </Card>
      ) : (
        <Card p={0}>
          {rows.map((p) => (
            <Group
              key={p._id}
              px="md"
              py="sm"
              gap="md"
              justify="space-between"
              style={rowBorder}
              data-testid="admin-package-row"
            >
              <div style={{ minWidth: 0, flex: '1 1 220px' }}>
                <Group gap={6} wrap="nowrap">
                  <Text fw={600} truncate>
                    {p.name}
                  </Text>
                  {p.isActive ? null : (
                    <Badge size="xs" color="gray" variant="light">
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
              </div>
              <Group gap={6} wrap="nowrap">
                <Tooltip label="Edit">
                  <ActionIcon
                    variant="default"
                    size={32}
                    aria-label={`Edit ${p.name}`}
                    onClick={() => setEditing({ kind: 'edit', pkg: p })}
                  >
                    <IconPencil size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Delete">
                  <ActionIcon
                    variant="light"
                    color="red"
                    size={32}
                    aria-label={`Delete ${p.name}`}
                    onClick={() => setDeleting(p)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Group>
          ))}
        </Card>
      )}

      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.kind === 'edit' ? `Edit ${editing.pkg.name}` : 'New token package'}
        centered
      >
        {editing ? (
          <PackageForm
            key={editing.kind === 'edit' ? editing.pkg._id : 'new'}
            pkg={editing.kind === 'edit' ? editing.pkg : null}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Modal>

      <ConfirmDialog
        opened={deleting !== null}
        title="Delete token package"
        confirmLabel="Delete package"
        isPending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting._id, {
            onSuccess: () => {
              notifySuccess(`${deleting.name} was deleted.`);
              setDeleting(null);
            },
            onError: (err) => notifyError(err),
          });
        }}
      >
        {deleting?.name} disappears from the wallet page. Top-ups already paid keep their tokens. To hide it
        for a while instead, edit it and switch “Shown to fans” off.
      </ConfirmDialog>
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
              <NumberInput
                label="Tokens"
                placeholder="100"
                decimalScale={2}
                allowNegative={false}
                hideControls
                value={field.value}
                onChange={(v) => field.onChange(v === '' ? '' : Number(v))}
                onBlur={field.onBlur}
                error={errors.tokens?.message}
              />
            )}
          />
          <Controller
            control={form.control}
            name="price"
            render={({ field }) => (
              <NumberInput
                label="Price"
                placeholder="9.99"
                prefix="$"
                decimalScale={2}
                allowNegative={false}
                hideControls
                value={field.value}
                onChange={(v) => field.onChange(v === '' ? '' : Number(v))}
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
            <NumberInput
              label="Position"
              description="Packages are shown from the lowest number."
              min={0}
              max={10_000}
              allowDecimal={false}
              allowNegative={false}
              w={{ base: '100%', xs: 200 }}
              value={field.value}
              onChange={(v) => field.onChange(v === '' ? '' : Number(v))}
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
