import type { TAdminHealth } from '@fanstage/contract';
import { Badge, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../components/page-header';
import { api } from '../../lib/api';
import { formatDuration } from '../../lib/dates';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import { placeholderKeys } from '../../lib/placeholders';
import type { Route } from './+types/health';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'admin');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Health', matches);

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

const checkNames: Record<keyof TAdminHealth['checks'], string> = {
  database: 'Database',
  redis: 'Redis',
  storage: 'File storage',
  mail: 'Mail',
  ledger: 'Ledger',
};

function CheckCard({
  name,
  ok,
  detail,
  extra,
}: {
  name: string;
  ok: boolean;
  detail: string;
  extra?: string;
}) {
  return (
    <Card p="md">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" color={ok ? 'teal' : 'red'} radius="xl" size="lg" aria-hidden>
          {ok ? <IconCircleCheck size={20} /> : <IconAlertTriangle size={20} />}
        </ThemeIcon>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={700}>{name}</Text>
            <Badge variant="light" color={ok ? 'teal' : 'red'} size="sm">
              {ok ? 'OK' : 'Needs attention'}
            </Badge>
          </Group>
          <Text size="sm">{detail}</Text>
          {extra ? (
            <Text size="xs" c="dimmed">
              {extra}
            </Text>
          ) : null}
        </Stack>
      </Group>
    </Card>
  );
}

/** The admin health page: refreshed every 10 s; each answer comes from whichever node served it. */
export default function HealthPage() {
  const health = useQuery({
    queryKey: ['admin', 'health'],
    queryFn: () => api.get<{ data: TAdminHealth }>('/admin/health'),
    refetchInterval: 10_000,
  });
  const data = health.data?.data;
  const checks = data?.checks;
  return (
    <>
      <PageHeader
        title="Health"
        description="How the site is doing now, seen from the server that answered. It refreshes every 10 seconds; Prometheus reads the same figures at /api/metrics."
        actions={
          data ? (
            <Badge variant="light" size="lg" style={{ flexShrink: 0 }}>
              {data.node.hostname} · pid {data.node.pid}
            </Badge>
          ) : null
        }
      />
      {!checks || !data ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {placeholderKeys(6).map((key) => (
            <Card key={key} p="md">
              <Skeleton h={16} w="40%" mb="sm" />
              <Skeleton h={12} w="80%" />
            </Card>
          ))}
        </SimpleGrid>
      ) : (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            <CheckCard
              name={checkNames.database}
              ok={checks.database.ok}
              detail={checks.database.detail}
              extra={`${checks.database.engine === 'postgres' ? 'PostgreSQL' : 'Embedded (PGlite)'} · ${checks.database.latencyMs} ms`}
            />
            <CheckCard name={checkNames.redis} ok={checks.redis.ok} detail={checks.redis.detail} />
            <CheckCard
              name={checkNames.storage}
              ok={checks.storage.ok}
              detail={checks.storage.detail}
              extra={checks.storage.kind === 's3' ? 'S3-compatible bucket' : 'Local folder'}
            />
            <CheckCard
              name={checkNames.mail}
              ok={checks.mail.ok}
              detail={checks.mail.detail}
              extra={checks.mail.transport === 'smtp' ? 'SMTP' : 'Outbox'}
            />
            <CheckCard
              name={checkNames.ledger}
              ok={checks.ledger.ok}
              detail={checks.ledger.detail}
              extra={`Checked ${formatDuration(checks.ledger.checkedSecondsAgo)} ago`}
            />
            <CheckCard
              name="This server"
              ok
              detail={`Up for ${formatDuration(data.node.uptimeSeconds)}, using ${data.node.memoryMb} MB.`}
              extra={`Node.js ${data.node.nodeVersion} · ${plural(data.sockets, 'live connection')} · ${plural(data.liveShows, 'show')} live on the site`}
            />
          </SimpleGrid>
          <Card p="md">
            <Text fw={700} mb="xs">
              Background jobs waiting
            </Text>
            {data.queues.length === 0 ? (
              <Text size="sm" c="dimmed">
                No job is waiting: every queue is empty.
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={280}>
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Queue</Table.Th>
                      <Table.Th ta="right">Waiting</Table.Th>
                      <Table.Th ta="right">Oldest</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.queues.map((q) => (
                      <Table.Tr key={q.name}>
                        <Table.Td>{q.name}</Table.Td>
                        <Table.Td ta="right">{q.waiting}</Table.Td>
                        <Table.Td ta="right">{formatDuration(q.oldestSeconds)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Card>
        </Stack>
      )}
    </>
  );
}
