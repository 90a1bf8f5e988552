import type { TUserBlock } from '@fanstage/contract';
import { Avatar, Button, Card, EmptyState, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { notifyError, notifySuccess } from '../../lib/notify';
import { placeholderKeys } from '../../lib/placeholders';
import { useBlockedUsers, useUnblockUser } from './blocks-api';

/** The creator's blocked fans (GET /block/users), each with Unblock after a confirmation. */
export function BlockedUsersList() {
  const list = useBlockedUsers();
  const [confirming, setConfirming] = useState<TUserBlock | null>(null);
  const unblock = useUnblockUser();
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  const total = list.data?.pages.at(-1)?.total ?? rows.length;

  useEffect(() => {
    if (list.error) notifyError(list.error);
  }, [list.error]);

  async function handleUnblock(block: TUserBlock) {
    try {
      await unblock.mutateAsync(block.target._id);
      notifySuccess(`${block.target.name} is unblocked.`);
      setConfirming(null);
    } catch (err) {
      notifyError(err);
    }
  }

  if (list.isPending) {
    return (
      <Card p={0} aria-busy aria-label="Loading blocked users">
        {placeholderKeys(3).map((key) => (
          <Group key={key} p="md" gap="sm" wrap="nowrap">
            <Skeleton h={48} w={48} circle />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton h={12} w="40%" />
              <Skeleton h={10} w="60%" />
            </Stack>
          </Group>
        ))}
      </Card>
    );
  }
  if (rows.length === 0) {
    return (
      <Card p={{ base: 'lg', sm: 48 }}>
        {list.isError ? (
          <EmptyState
            icon={<IconShieldCheck size={28} />}
            variant="light"
            title="The list could not be loaded"
            description="Please try again in a moment."
          >
            <EmptyState.Actions>
              <Button variant="default" onClick={() => void list.refetch()}>
                Try again
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : (
          <EmptyState
            icon={<IconShieldCheck size={28} />}
            variant="light"
            title="You have not blocked anyone"
            description="To block a fan, use Block on their message thread, on one of their comments or in your live chat."
          />
        )}
      </Card>
    );
  }
  return (
    <>
      <Text size="sm" c="dimmed" mb="sm">
        {total === 1 ? '1 blocked person' : `${total.toLocaleString('en-US')} blocked people`}
      </Text>
      <Card p={0}>
        {rows.map((block) => (
          <Group
            key={block._id}
            px="md"
            py="sm"
            gap="sm"
            wrap="nowrap"
            style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
          >
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
              <Avatar src={block.target.avatar} alt="" size={48} radius={999} />
              <div style={{ minWidth: 0 }}>
                <Text fw={600} truncate>
                  {block.target.name}
                </Text>
                <Text size="sm" c="dimmed" truncate>
                  {block.target.username ? `@${block.target.username}` : 'No username'} · blocked{' '}
                  {dayjs(block.createdAt).format('MMM D, YYYY')}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={2}>
                  Reason: {block.reason}
                </Text>
              </div>
            </Group>
            <Button size="xs" variant="default" onClick={() => setConfirming(block)}>
              Unblock
            </Button>
          </Group>
        ))}
      </Card>
      {list.hasNextPage ? (
        <Group justify="center" mt="lg">
          <Button
            variant="default"
            loading={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            Load more
          </Button>
        </Group>
      ) : null}
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={confirming ? `Unblock ${confirming.target.name}?` : 'Unblock'}
        centered
      >
        <Stack gap="sm">
          <Text size="sm">
            They will see your page again and can message you, tip, buy, subscribe and join your shows.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button loading={unblock.isPending} onClick={() => confirming && void handleUnblock(confirming)}>
              Unblock
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
