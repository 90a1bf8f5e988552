import type { TAddress } from '@fanstage/contract';
import {
  ActionIcon,
  Button,
  Card,
  EmptyState,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { IconMapPin, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useWriteMutation } from '../../lib/use-write-mutation';
import { AddressFormModal } from './address-form';
import { addressLine, ordersKeys, useAddresses } from './orders-api';

/** The fan's delivery addresses: add, edit, delete. Orders keep the copy they shipped to. */
export function AddressBook() {
  const addresses = useAddresses();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<TAddress | 'new' | null>(null);
  const remove = useWriteMutation({
    mutationFn: (id: string) => api.delete(`/addresses/${id}`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ordersKeys.addresses });
      notifySuccess('Address deleted');
    },
    onError: (error) => notifyError(error),
  });
  useEffect(() => {
    if (addresses.error) notifyError(addresses.error);
  }, [addresses.error]);
  const list = addresses.data?.data ?? [];
  return (
    <Stack>
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          Add an address
        </Button>
      </Group>
      {addresses.isLoading ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Skeleton h={110} />
          <Skeleton h={110} />
        </SimpleGrid>
      ) : list.length === 0 ? (
        <EmptyState
          icon={<IconMapPin size={28} />}
          variant="light"
          title="No addresses yet"
          description="Add where physical products should be delivered; you choose one at checkout."
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {list.map((a) => (
            <Card key={a._id} withBorder radius="md">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Stack gap={2}>
                  <Text fw={700}>{a.name}</Text>
                  <Text size="sm">{a.fullName}</Text>
                  <Text size="sm" c="dimmed">
                    {addressLine(a)}
                  </Text>
                  {a.phone ? (
                    <Text size="sm" c="dimmed">
                      {a.phone}
                    </Text>
                  ) : null}
                </Stack>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon variant="subtle" aria-label={`Edit ${a.name}`} onClick={() => setEditing(a)}>
                    <IconPencil size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete ${a.name}`}
                    loading={remove.isPending && remove.variables === a._id}
                    onClick={() => remove.mutate(a._id)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
      {editing ? (
        <AddressFormModal
          opened
          address={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}
