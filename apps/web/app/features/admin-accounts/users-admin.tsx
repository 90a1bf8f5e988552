import { roles, type TAdminUser } from '@fanstage/contract';
import {
  Anchor,
  Avatar,
  Badge,
  Card,
  EmptyState,
  Group,
  ScrollArea,
  SegmentedControl,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { useListParams } from '../admin-money/money-api';
import { ListPager, ListSearch, ListSkeleton, rowBorder } from '../admin-money/money-ui';
import { adminPageSize } from '../admin-money/money-values';
import { useAdminUsers } from './accounts-api';
import { roleLabels, statusColors, statusLabels, userSearchQuery } from './accounts-values';

const roleFilters = [
  { value: 'all', label: 'All roles' },
  ...roles.map((r) => ({ value: r, label: `${roleLabels[r]}s` })),
];
const statusFilters = [
  { value: 'all', label: 'Any status' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Deactivated' },
];

export const userPath = (u: Pick<TAdminUser, '_id'>) => `/admin/users/${u._id}`;

function StatusBadge({ status }: { status: TAdminUser['status'] }) {
  return (
    <Badge size="sm" variant="light" color={statusColors[status]} style={{ flexShrink: 0 }}>
      {statusLabels[status]}
    </Badge>
  );
}

/** Every account: search by name, username or email, filter by role and status; a table, cards on phones. */
export function UsersAdmin() {
  const params = useListParams();
  const [role, setRole] = useState('all');
  const [status, setStatus] = useState('all');
  const list = useAdminUsers(
    userSearchQuery({ q: params.q, role, status, page: params.page }, adminPageSize),
  );
  const rows = list.data?.data ?? [];
  const isFiltered = Boolean(params.q) || role !== 'all' || status !== 'all';

  return (
    <>
      <PageHeader
        title="Users"
        description="Every fan, creator and admin account. Open one to edit it or deactivate it."
      />
      <Stack gap="xs" mb="md">
        <ScrollArea type="never">
          <SegmentedControl
            size="xs"
            value={role}
            onChange={(value) => {
              setRole(value);
              params.setPage(1);
            }}
            data={roleFilters}
            aria-label="Role"
          />
        </ScrollArea>
        <ScrollArea type="never">
          <SegmentedControl
            size="xs"
            value={status}
            onChange={(value) => {
              setStatus(value);
              params.setPage(1);
            }}
            data={statusFilters}
            aria-label="Status"
          />
        </ScrollArea>
      </Stack>
      <ListSearch
        value={params.search}
        onChange={params.setSearch}
        placeholder="Search by name, username or email"
      />

      {list.isPending ? (
        <ListSkeleton label="Loading users" />
      ) : rows.length === 0 ? (
        <Card p={{ base: 'lg', sm: 48 }}>
          <EmptyState
            icon={<IconUsers size={28} />}
            variant="light"
            title={isFiltered ? 'No matching accounts' : 'No accounts yet'}
            description={
              list.isError
                ? 'The accounts could not be loaded. Please try again.'
                : isFiltered
                  ? 'Try another search, or set the role and status back to all.'
                  : 'Accounts appear here as people sign up.'
            }
          />
        </Card>
      ) : (
        <div style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          <Card p={0} visibleFrom="sm">
            <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Account</Table.Th>
                  <Table.Th>Email</Table.Th>
                  <Table.Th>Role</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Joined</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((u) => (
                  <Table.Tr key={u._id} data-testid="admin-user-row">
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <Avatar src={u.avatar} alt="" size={32} radius={999} />
                        <div style={{ minWidth: 0 }}>
                          <Anchor component={Link} to={userPath(u)} fw={600} c="inherit">
                            {u.name}
                          </Anchor>
                          <Text size="xs" c="dimmed">
                            {u.username ? `@${u.username}` : 'No username'}
                          </Text>
                        </div>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" style={{ wordBreak: 'break-all' }}>
                        {u.email ?? '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>{roleLabels[u.role]}</Table.Td>
                    <Table.Td>
                      <StatusBadge status={u.status} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{dayjs(u.createdAt).format('MMM D, YYYY')}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Card>
          <Card p={0} hiddenFrom="sm">
            {rows.map((u) => (
              <Anchor
                key={u._id}
                component={Link}
                to={userPath(u)}
                c="inherit"
                underline="never"
                display="block"
                px="md"
                py="sm"
                style={rowBorder}
                data-testid="admin-user-card"
              >
                <Group gap="sm" wrap="nowrap">
                  <Avatar src={u.avatar} alt="" size={40} radius={999} />
                  <div style={{ minWidth: 0, flex: 1 }}>
                    <Group gap={6} justify="space-between" wrap="nowrap">
                      <Text fw={600} truncate>
                        {u.name}
                      </Text>
                      <StatusBadge status={u.status} />
                    </Group>
                    <Text size="sm" c="dimmed" truncate>
                      {roleLabels[u.role]} · {u.username ? `@${u.username}` : 'no username'}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {u.email ?? 'No email'}
                    </Text>
                  </div>
                </Group>
              </Anchor>
            ))}
          </Card>
        </div>
      )}
      <ListPager total={list.data?.total ?? 0} page={params.page} onChange={params.setPage} noun="account" />
    </>
  );
}
