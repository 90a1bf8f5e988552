import type { TMassMessage } from '@fanstage/contract';
import { Badge, Button, Card, Group, Modal, Pagination, Stack, Text, Title } from '@mantine/core';
import { IconMessages, IconPhoto } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { formatPrice, plural } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { ListSkeleton } from '../admin-money/money-ui';
import classes from './creator-messages.module.css';
import { massMessagesPageSize, useCancelMassMessage, useMassMessages } from './creator-messages-api';
import { audienceLabel, massStatusLabels } from './mass-message-values';

const when = (iso: string) => dayjs(iso).format('D MMM YYYY, HH:mm');

/** What happened to a mass message, in one line: when it goes or went, and to how many fans. */
export function massMessageTiming(m: TMassMessage): string {
  switch (m.status) {
    case 'scheduled':
      return m.scheduledAt ? `Goes out ${when(m.scheduledAt)}` : 'Scheduled';
    case 'sending':
      return `Sending… ${plural(m.recipientsCount, 'fan')} so far`;
    case 'sent':
      return `Sent ${when(m.sentAt ?? m.createdAt)} to ${plural(m.recipientsCount, 'fan')}`;
    case 'cancelled':
      return m.scheduledAt ? `Cancelled; was due ${when(m.scheduledAt)}` : 'Cancelled';
  }
}

/** The creator's mass messages, newest first, with cancel for the scheduled ones. */
export function MassMessageList() {
  const [page, setPage] = useState(1);
  const list = useMassMessages((page - 1) * massMessagesPageSize);
  const cancel = useCancelMassMessage();
  const [toCancel, setToCancel] = useState<TMassMessage | null>(null);
  const rows = list.data?.data ?? [];
  const total = list.data?.total ?? 0;

  useEffect(() => {
    if (list.error) notifyError(list.error);
  }, [list.error]);

  function handleCancel() {
    if (!toCancel) return;
    cancel.mutate(toCancel._id, {
      onSuccess: () => {
        notifySuccess('The scheduled message is cancelled; no one will get it.');
        setToCancel(null);
      },
      onError: (error) => {
        notifyError(error);
        setToCancel(null);
      },
    });
  }

  return (
    <Stack gap="sm">
      <Title order={2} fz="lg">
        Sent and scheduled
      </Title>
      {list.isLoading ? (
        <ListSkeleton label="Loading your mass messages" rows={3} />
      ) : list.isError ? (
        <Card>
          <Text c="dimmed" size="sm">
            We could not load your mass messages. Reload the page to try again.
          </Text>
        </Card>
      ) : rows.length === 0 ? (
        <Card data-testid="mass-empty">
          <Stack align="center" gap={6} py="lg" ta="center">
            <IconMessages size={40} stroke={1.4} color="var(--mantine-color-dimmed)" />
            <Text fw={600}>No mass messages yet</Text>
            <Text size="sm" c="dimmed" maw={360}>
              Write one above to reach your subscribers or followers all at once, now or at a time you choose.
            </Text>
          </Stack>
        </Card>
      ) : (
        <Card p={0}>
          {rows.map((m) => (
            <Group
              key={m._id}
              className={classes.row}
              p="md"
              gap="sm"
              wrap="nowrap"
              align="flex-start"
              data-testid="mass-row"
            >
              <Stack gap={4} className={classes.rowText}>
                <Group gap={6}>
                  <Badge color={massStatusLabels[m.status].color} variant="light">
                    {massStatusLabels[m.status].label}
                  </Badge>
                  <Badge color="gray" variant="outline">
                    {audienceLabel(m.audience)}
                  </Badge>
                  {m.filesCount > 0 ? (
                    <Badge color="gray" variant="outline" leftSection={<IconPhoto size={12} />}>
                      {m.filesCount}
                      {m.price > 0 ? ` · ${formatPrice(m.price)}` : ''}
                    </Badge>
                  ) : null}
                </Group>
                <Text size="sm" lineClamp={2}>
                  {m.text || (
                    <Text span c="dimmed" size="sm">
                      Photos or videos only
                    </Text>
                  )}
                </Text>
                <Text size="xs" c="dimmed">
                  {massMessageTiming(m)}
                </Text>
              </Stack>
              {m.status === 'scheduled' ? (
                <Button size="xs" variant="light" color="red" onClick={() => setToCancel(m)}>
                  Cancel
                </Button>
              ) : null}
            </Group>
          ))}
        </Card>
      )}
      {total > massMessagesPageSize ? (
        <Pagination
          total={Math.ceil(total / massMessagesPageSize)}
          value={page}
          onChange={setPage}
          size="sm"
          style={{ alignSelf: 'center' }}
        />
      ) : null}
      <Modal
        opened={toCancel !== null}
        onClose={() => setToCancel(null)}
        title="Cancel this scheduled message?"
        centered
      >
        <Text size="sm">
          {toCancel?.scheduledAt ? `It was due ${when(toCancel.scheduledAt)}. ` : ''}No one will get it, and
          this cannot be undone.
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="subtle" color="gray" onClick={() => setToCancel(null)} disabled={cancel.isPending}>
            Keep it
          </Button>
          <Button color="red" loading={cancel.isPending} onClick={handleCancel} data-autofocus>
            Cancel message
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
