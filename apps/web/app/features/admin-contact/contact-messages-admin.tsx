import type { TContactMessage } from '@fanstage/contract';
import { Badge, Button, Card, EmptyState, Group, Pagination, Skeleton, Stack, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { api } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { placeholderKeys } from '../../lib/placeholders';

const pageSize = 20;

/** /admin/contact: what visitors wrote through the contact form, newest first, with "mark handled". */
export function ContactMessagesAdmin() {
  const [page, setPage] = useState(1);
  const queryClient = useQueryClient();
  const messages = useQuery({
    queryKey: ['admin', 'contact-messages', page],
    queryFn: () =>
      api.get<{ data: TContactMessage[]; total: number }>('/admin/contact-messages', {
        query: { offset: (page - 1) * pageSize, limit: pageSize },
      }),
    placeholderData: keepPreviousData,
  });
  const handle = useMutation({
    mutationFn: (id: string) => api.post<{ data: TContactMessage }>(`/admin/contact-messages/${id}/handled`),
    onSuccess: () => {
      notifySuccess('Marked handled');
      void queryClient.invalidateQueries({ queryKey: ['admin', 'contact-messages'] });
    },
    onError: (error) => notifyError(error),
  });
  const total = messages.data?.total ?? 0;

  return (
    <>
      <PageHeader
        title="Contact messages"
        description="What visitors wrote through the contact form. Answer by email, then mark the message handled."
        actions={
          total > 0 ? (
            <Badge variant="light" size="lg" style={{ flexShrink: 0 }}>
              {total} messages
            </Badge>
          ) : null
        }
      />
      <Card p={0}>
        {messages.isPending ? (
          <Stack gap={0}>
            {placeholderKeys(4).map((key) => (
              <Stack key={key} gap={8} px="lg" py="md">
                <Skeleton h={14} w="50%" />
                <Skeleton h={10} w="80%" />
              </Stack>
            ))}
          </Stack>
        ) : messages.isError ? (
          <Text c="red" p="lg">
            The messages could not be loaded. Please reload the page.
          </Text>
        ) : total === 0 ? (
          <EmptyState
            py={56}
            icon={<IconMail size={28} />}
            variant="light"
            title="No messages yet"
            description="Messages from the contact form will show up here."
          />
        ) : (
          messages.data?.data.map((m) => (
            <Stack
              key={m.id}
              gap={6}
              px="lg"
              py="md"
              data-testid="contact-message-row"
              style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
            >
              <Group justify="space-between" wrap="nowrap" gap="md">
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} truncate>
                    {m.subject || '(no subject)'}
                  </Text>
                  <Text size="sm" c="dimmed" truncate>
                    {m.name} · <a href={`mailto:${m.email}`}>{m.email}</a>
                  </Text>
                </div>
                <Group gap="sm" wrap="nowrap">
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {dayjs(m.createdAt).format('D MMM YYYY, HH:mm')}
                  </Text>
                  {m.handledAt ? (
                    <Badge color="teal" variant="light" style={{ flexShrink: 0 }}>
                      Handled
                    </Badge>
                  ) : (
                    <Button
                      size="xs"
                      variant="light"
                      loading={handle.isPending && handle.variables === m.id}
                      onClick={() => handle.mutate(m.id)}
                    >
                      Mark handled
                    </Button>
                  )}
                </Group>
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {m.message}
              </Text>
            </Stack>
          ))
        )}
      </Card>
      {total > pageSize ? (
        <Group justify="center" mt="lg">
          <Pagination total={Math.ceil(total / pageSize)} value={page} onChange={setPage} />
        </Group>
      ) : null}
    </>
  );
}
