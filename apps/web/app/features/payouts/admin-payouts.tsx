import type { TPayoutRequest } from '@fanstage/contract';
import {
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  Modal,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api';
import { formatPrice } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useWriteMutation } from '../../lib/use-write-mutation';
import { ListPager } from '../admin-money/money-ui';
import { pageQueryOf } from '../admin-money/money-values';
import { moneyRequest, newIdempotencyKey, type Page } from '../orders/orders-api';
import { payoutKeys, payoutStatusColors } from './payouts-api';

const money = formatPrice;

/** Admin review of payout requests: approve, reject with a reason, mark paid. */
export function AdminPayouts() {
  const [status, setStatus] = useState('pending');
  const [page, setPage] = useState(1);
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: [...payoutKeys.admin(status), page],
    queryFn: ({ signal }) =>
      api.get<Page<TPayoutRequest>>('/admin/payout-requests/search', {
        query: { ...pageQueryOf(page, ''), status: status === 'all' ? undefined : status },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (list.error) notifyError(list.error);
  }, [list.error]);
  const [rejecting, setRejecting] = useState<TPayoutRequest | null>(null);
  const act = useWriteMutation({
    mutationFn: ({ id, action }: { id: string; action: 'approve' | 'mark-paid' }) =>
      action === 'mark-paid'
        ? moneyRequest('POST', `/admin/payout-requests/${id}/mark-paid`, {}, newIdempotencyKey())
        : api.post(`/admin/payout-requests/${id}/approve`),
    onSuccess: (_res, { action }) => {
      void queryClient.invalidateQueries({ queryKey: payoutKeys.all });
      notifySuccess(action === 'approve' ? 'Request approved' : 'Marked as paid');
    },
    onError: (error) => notifyError(error),
  });
  const rows = list.data?.data ?? [];
  return (
    <Stack>
      <SegmentedControl
        value={status}
        onChange={(value) => {
          setStatus(value);
          setPage(1);
        }}
        data={['pending', 'approved', 'paid', 'rejected', 'all']}
        w="fit-content"
        aria-label="Status"
      />
      <Card withBorder radius="md" padding="md">
        {list.isLoading ? (
          <Skeleton h={160} />
        ) : rows.length === 0 ? (
          <EmptyState
            icon={<IconCash size={28} />}
            variant="light"
            title={`No ${status === 'all' ? '' : `${status} `}requests`}
            description="Creators' payout requests appear here for review."
          />
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Creator</Table.Th>
                  <Table.Th>Amount</Table.Th>
                  <Table.Th>Method</Table.Th>
                  <Table.Th>Requested</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r._id} data-testid="admin-payout-row">
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {r.performer.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        @{r.performer.username}
                      </Text>
                      {r.note ? (
                        <Text size="xs" c="dimmed">
                          “{r.note}”
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{money(r.amount)}</Table.Td>
                    <Table.Td>{r.method}</Table.Td>
                    <Table.Td>{dayjs(r.createdAt).format('MMM D, YYYY')}</Table.Td>
                    <Table.Td>
                      <Badge color={payoutStatusColors[r.status]} variant="light">
                        {r.status}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        {r.status === 'pending' ? (
                          <Button
                            size="xs"
                            loading={act.isPending && act.variables?.id === r._id}
                            onClick={() => act.mutate({ id: r._id, action: 'approve' })}
                          >
                            Approve
                          </Button>
                        ) : null}
                        {r.status === 'approved' ? (
                          <Button
                            size="xs"
                            color="teal"
                            loading={act.isPending && act.variables?.id === r._id}
                            onClick={() => act.mutate({ id: r._id, action: 'mark-paid' })}
                          >
                            Mark paid
                          </Button>
                        ) : null}
                        {r.status === 'pending' || r.status === 'approved' ? (
                          <Button size="xs" variant="light" color="red" onClick={() => setRejecting(r)}>
                            Reject
                          </Button>
                        ) : null}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      <ListPager total={list.data?.total ?? 0} page={page} onChange={setPage} noun="request" />
      {rejecting ? <RejectModal request={rejecting} onClose={() => setRejecting(null)} /> : null}
    </Stack>
  );
}

function RejectModal(props: { request: TPayoutRequest; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const reject = useWriteMutation({
    mutationFn: () =>
      api.post(`/admin/payout-requests/${props.request._id}/reject`, { reason: reason.trim() }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: payoutKeys.all });
      notifySuccess('Request rejected; the amount is back in the creator’s balance');
      props.onClose();
    },
    onError: (error) => notifyError(error),
  });
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={`Reject ${money(props.request.amount)} to ${props.request.performer.name}`}
    >
      <Stack>
        <Textarea
          label="Reason"
          description="The creator reads this in the email and on their payouts page."
          required
          minRows={3}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            disabled={reason.trim().length < 3}
            loading={reject.isPending}
            onClick={() => reject.mutate()}
          >
            Reject request
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
