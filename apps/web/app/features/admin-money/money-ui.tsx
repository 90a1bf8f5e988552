import {
  Button,
  Card,
  CloseButton,
  Group,
  Modal,
  Pagination,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { plural } from '../../lib/format';
import { placeholderKeys } from '../../lib/placeholders';
import { pageCountOf } from './money-values';

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

/** The search box of an admin list (what it searches in its placeholder). */
export function ListSearch(props: { value: string; onChange: (value: string) => void; placeholder: string }) {
  return (
    <TextInput
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      placeholder={props.placeholder}
      aria-label={props.placeholder}
      leftSection={<IconSearch size={16} />}
      rightSection={
        props.value ? (
          <CloseButton size="sm" aria-label="Clear search" onClick={() => props.onChange('')} />
        ) : null
      }
      maxLength={200}
      maw={{ sm: 360 }}
      mb="md"
    />
  );
}

/** "41 orders" (noun in the singular) and the page numbers under an admin list; nothing while it fits on one page. */
export function ListPager(props: {
  total: number;
  page: number;
  onChange: (page: number) => void;
  noun: string;
}) {
  const pages = pageCountOf(props.total);
  if (props.total === 0) return null;
  return (
    <Group justify="space-between" mt="md" gap="sm">
      <Text size="sm" c="dimmed">
        {plural(props.total, props.noun)}
      </Text>
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={Math.min(props.page, pages)}
          onChange={props.onChange}
          size="sm"
          siblings={1}
          boundaries={1}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
        />
      ) : null}
    </Group>
  );
}
