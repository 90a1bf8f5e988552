import { Button, Card, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { placeholderKeys } from '../../lib/placeholders';

/** Rows of grey bars while a list loads. */
export function ListSkeleton({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <Card p={0} aria-busy aria-label={label}>
      {placeholderKeys(rows).map((key) => (
        <Group key={key} p="md" gap="sm" justify="space-between" wrap="nowrap" style={rowBorder}>
          <Stack gap={6} style={{ flex: 1 }}>
            <Skeleton h={12} w="40%" />
            <Skeleton h={10} w="60%" />
          </Stack>
          <Skeleton h={28} w={120} radius="sm" />
        </Group>
      ))}
    </Card>
  );
}

/** The line between list rows (none above the first). */
export const rowBorder = {
  borderTop: '1px solid var(--mantine-color-default-border)',
  marginTop: -1,
} as const;

/** "Are you sure?" for actions that cannot be undone: delete, refund. */
export function ConfirmDialog(props: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  isPending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={props.opened} onClose={props.onClose} title={props.title} centered>
      <Text size="sm">{props.children}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="subtle" color="gray" onClick={props.onClose} disabled={props.isPending}>
          Cancel
        </Button>
        <Button color="red" loading={props.isPending} onClick={props.onConfirm} data-autofocus>
          {props.confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
