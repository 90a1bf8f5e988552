import { auditActions, type TAuditEntry } from '@fanstage/contract';
import {
  Anchor,
  Badge,
  Card,
  CloseButton,
  EmptyState,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconArrowRight, IconHistory, IconSearch } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { ListPager, ListSkeleton, rowBorder } from '../admin-money/money-ui';
import { adminPageSize } from '../admin-money/money-values';
import { useAuditLog } from './accounts-api';
import { auditActionLabel, auditChanges, auditTargetLink } from './accounts-values';

const actionOptions = auditActions.map((a) => ({ value: a, label: auditActionLabel(a) }));

/** Before → after, one line per field, readable at phone width. */
export function AuditDiff({ entry }: { entry: Pick<TAuditEntry, 'before' | 'after'> }) {
  const changes = auditChanges(entry);
  if (changes.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No field details.
      </Text>
    );
  return (
    <Stack gap={2}>
      {changes.map((c) => (
        <Group key={c.field} gap={6} wrap="wrap" data-testid="audit-change">
          <Text size="sm" fw={500}>
            {c.label}:
          </Text>
          <Text size="sm" c="dimmed" td={entry.before && entry.after ? 'line-through' : undefined}>
            {c.before}
          </Text>
          <IconArrowRight size={12} aria-label="became" />
          <Text size="sm">{c.after}</Text>
        </Group>
      ))}
    </Stack>
  );
}

function Who({ entry }: { entry: TAuditEntry }) {
  if (!entry.actor) return <Text size="sm">A removed admin</Text>;
  return (
    <Anchor component={Link} to={`/admin/audit?actorId=${entry.actor._id}`} size="sm">
      {entry.actor.username ? `@${entry.actor.username}` : entry.actor.name}
    </Anchor>
  );
}

function Target({ entry }: { entry: TAuditEntry }) {
  const link = auditTargetLink(entry);
  const text = `${entry.targetType} ${entry.targetId.length > 12 ? `${entry.targetId.slice(0, 8)}…` : entry.targetId}`;
  return link ? (
    <Anchor component={Link} to={link} size="sm" title={entry.targetId}>
      {text}
    </Anchor>
  ) : (
    <Text size="sm" title={entry.targetId}>
      {text}
    </Text>
  );
}

/** A page of the log: a table on wide screens, cards on phones. */
export function AuditList(props: {
  query: { action?: string; actorId?: string; targetId?: string; limit?: number; offset?: number };
  compact?: boolean;
}) {
  const list = useAuditLog(props.query);
  const rows = list.data?.data ?? [];
  if (list.isPending) return <ListSkeleton label="Loading the audit log" rows={props.compact ? 2 : 4} />;
  if (rows.length === 0) {
    return props.compact ? (
      <Text size="sm" c="dimmed">
        No admin has changed this account yet.
      </Text>
    ) : (
      <Card p={{ base: 'lg', sm: 48 }}>
        <EmptyState
          icon={<IconHistory size={28} />}
          variant="light"
          title="Nothing logged"
          description={
            list.isError
              ? 'The audit log could not be loaded. Please try again.'
              : 'No admin action matches these filters. Clear them to see everything.'
          }
        />
      </Card>
    );
  }
  return (
    <div style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
      <Card p={0} visibleFrom="sm" withBorder={!props.compact}>
        <Table verticalSpacing="sm" horizontalSpacing="md">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Admin</Table.Th>
              <Table.Th>Action</Table.Th>
              {props.compact ? null : <Table.Th>Target</Table.Th>}
              <Table.Th>Change</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((e) => (
              <Table.Tr key={e._id} data-testid="audit-row" style={{ verticalAlign: 'top' }}>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {dayjs(e.createdAt).format('MMM D, YYYY HH:mm')}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Who entry={e} />
                </Table.Td>
                <Table.Td>
                  {/* The column grows to the whole label ("Site promo created"), never "SITE PROMO CREAT…". */}
                  <Badge variant="light" size="sm" miw="max-content">
                    {auditActionLabel(e.action)}
                  </Badge>
                </Table.Td>
                {props.compact ? null : (
                  <Table.Td>
                    <Target entry={e} />
                  </Table.Td>
                )}
                <Table.Td>
                  <AuditDiff entry={e} />
                  {e.reason ? (
                    <Text size="sm" mt={4} fs="italic">
                      Reason: {e.reason}
                    </Text>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Card>
      <Card p={0} hiddenFrom="sm" withBorder={!props.compact}>
        {rows.map((e) => (
          <Stack key={e._id} gap={4} px="md" py="sm" style={rowBorder} data-testid="audit-card">
            <Group justify="space-between" gap="xs">
              <Badge variant="light" size="sm" style={{ flexShrink: 0 }}>
                {auditActionLabel(e.action)}
              </Badge>
              <Text size="xs" c="dimmed">
                {dayjs(e.createdAt).format('MMM D, HH:mm')}
              </Text>
            </Group>
            <Group gap={6}>
              <Text size="sm" c="dimmed">
                By
              </Text>
              <Who entry={e} />
              {props.compact ? null : (
                <>
                  <Text size="sm" c="dimmed">
                    on
                  </Text>
                  <Target entry={e} />
                </>
              )}
            </Group>
            <AuditDiff entry={e} />
            {e.reason ? (
              <Text size="sm" fs="italic">
                Reason: {e.reason}
              </Text>
            ) : null}
          </Stack>
        ))}
      </Card>
    </div>
  );
}

/** /admin/audit: every admin action, newest first; filters live in the URL so other pages can link here. */
export function AuditAdmin() {
  const [params, setParams] = useSearchParams();
  const action = params.get('action') ?? '';
  const actorId = params.get('actorId') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const targetId = params.get('targetId') ?? '';
  // The box answers each key at once; the URL (and so the list) follows 300 ms after the last one.
  const [target, setTarget] = useState(targetId);

  const update = (changes: Record<string, string>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  const updateTarget = useDebouncedCallback((value: string) => update({ targetId: value.trim() }), 300);
  const typeTarget = (value: string) => {
    setTarget(value);
    updateTarget(value);
  };

  const query = {
    offset: (page - 1) * adminPageSize,
    limit: adminPageSize,
    ...(action ? { action } : {}),
    ...(actorId ? { actorId } : {}),
    ...(targetId ? { targetId } : {}),
  };
  const list = useAuditLog(query);

  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every change an admin made to accounts, creators, money and settings, newest first."
      />
      <Group gap="sm" mb="md" align="flex-end">
        <Select
          label="Action"
          placeholder="Any action"
          data={actionOptions}
          value={action || null}
          onChange={(value) => update({ action: value ?? '' })}
          clearable
          searchable
          w={{ base: '100%', sm: 240 }}
        />
        <TextInput
          label="Target id"
          placeholder="An account, order or payout id"
          value={target}
          onChange={(e) => typeTarget(e.currentTarget.value)}
          leftSection={<IconSearch size={16} />}
          rightSection={
            target ? <CloseButton size="sm" aria-label="Clear target" onClick={() => typeTarget('')} /> : null
          }
          maxLength={100}
          w={{ base: '100%', sm: 320 }}
        />
        {actorId ? (
          <Badge
            size="lg"
            variant="light"
            rightSection={
              <CloseButton size="xs" aria-label="Show every admin" onClick={() => update({ actorId: '' })} />
            }
          >
            One admin
          </Badge>
        ) : null}
      </Group>
      <AuditList query={query} />
      <ListPager
        total={list.data?.total ?? 0}
        page={page}
        onChange={(p) => update({ page: String(p) })}
        noun="logged change"
      />
    </>
  );
}
