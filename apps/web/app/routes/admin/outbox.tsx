import {
  Anchor,
  Badge,
  Card,
  EmptyState,
  Group,
  Modal,
  Pagination,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { api } from '../../lib/api';
import { splitLinks } from '../../lib/linkify';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import { placeholderKeys } from '../../lib/placeholders';
import type { Route } from './+types/outbox';
import classes from './admin.module.css';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'admin');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Email outbox', matches);

interface OutboxEmail {
  _id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: string;
}

const pageSize = 20;

export default function OutboxPage() {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<OutboxEmail | null>(null);
  const outbox = useQuery({
    queryKey: ['admin', 'outbox', page],
    queryFn: () =>
      api.get<{ data: OutboxEmail[]; total: number }>('/admin/outbox', {
        query: { offset: (page - 1) * pageSize, limit: pageSize },
      }),
    placeholderData: keepPreviousData,
  });
  const total = outbox.data?.total ?? 0;

  return (
    <>
      <PageHeader
        title="Email outbox"
        description={
          <>
            Emails the site sent while no mail server is configured. Open one to follow its links. Their words
            are set in the{' '}
            <Anchor component={Link} to="/admin/email-templates">
              email templates
            </Anchor>
            .
          </>
        }
        actions={
          total > 0 ? (
            <Badge variant="light" size="lg" style={{ flexShrink: 0 }}>
              {total} emails
            </Badge>
          ) : null
        }
      />
      <Card p={0}>
        {outbox.isPending ? (
          <Stack gap={0}>
            {placeholderKeys(5).map((key) => (
              <Stack key={key} gap={8} px="lg" py="md">
                <Skeleton h={14} w="50%" />
                <Skeleton h={10} w="30%" />
              </Stack>
            ))}
          </Stack>
        ) : total === 0 ? (
          <EmptyState
            py={56}
            icon={<IconInbox size={28} />}
            variant="light"
            title="No emails yet"
            description="Sign-up verifications and password resets will show up here."
          />
        ) : (
          outbox.data?.data.map((mail) => (
            <UnstyledButton key={mail._id} className={classes.mailRow} onClick={() => setOpen(mail)}>
              <Group justify="space-between" wrap="nowrap" gap="md">
                <div style={{ minWidth: 0, textAlign: 'left' }}>
                  <Text fw={600} truncate>
                    {mail.subject}
                  </Text>
                  <Text size="sm" c="dimmed" truncate>
                    To {mail.to}
                  </Text>
                </div>
                <Text
                  size="xs"
                  c="dimmed"
                  style={{ whiteSpace: 'nowrap' }}
                  title={dayjs(mail.createdAt).format('D MMM YYYY HH:mm:ss')}
                >
                  {dayjs(mail.createdAt).format('D MMM, HH:mm')}
                </Text>
              </Group>
            </UnstyledButton>
          ))
        )}
      </Card>
      {total > pageSize ? (
        <Group justify="center" mt="lg">
          <Pagination total={Math.ceil(total / pageSize)} value={page} onChange={setPage} />
        </Group>
      ) : null}

      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        title={<Text fw={700}>{open?.subject}</Text>}
        size="lg"
        radius="lg"
      >
        {open ? (
          <Stack gap="md">
            <Group gap="xs">
              <Badge variant="light" color="gray">
                To {open.to}
              </Badge>
              <Badge variant="light" color="gray">
                {dayjs(open.createdAt).format('D MMM YYYY, HH:mm')}
              </Badge>
            </Group>
            <pre className={`${classes.mailText} linkify`}>
              {splitLinks(open.text).map((part) =>
                part.kind === 'link' ? (
                  <a key={part.at} href={part.href} target="_blank" rel="noopener noreferrer">
                    {part.href}
                  </a>
                ) : (
                  <span key={part.at}>{part.text}</span>
                ),
              )}
            </pre>
          </Stack>
        ) : null}
      </Modal>
    </>
  );
}
