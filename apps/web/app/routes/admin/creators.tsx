import { documentReviewStatuses, type TAdminPerformer } from '@fanstage/contract';
import {
  Anchor,
  Avatar,
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  Modal,
  Pagination,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Textarea,
} from '@mantine/core';
import { IconCheck, IconUserCheck, IconX } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { CommissionEditor } from '../../features/admin/commission-editor';
import { CreatorDocuments } from '../../features/admin/creator-documents';
import { profilePath } from '../../features/performers/profile-path';
import { useCountries } from '../../features/reference/use-countries';
import { api } from '../../lib/api';
import { pageTitle } from '../../lib/meta';
import { notifyError, notifySuccess } from '../../lib/notify';
import { guardPage } from '../../lib/page-guard';
import { placeholderKeys } from '../../lib/placeholders';
import { useWriteMutation } from '../../lib/use-write-mutation';
import type { Route } from './+types/creators';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'admin');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Creators', matches);

type ReviewStatus = (typeof documentReviewStatuses)[number];
const pageSize = 20;
const adminCreatorsKey = ['admin', 'performers'] as const;

const tabLabels: Record<ReviewStatus, string> = {
  pending: 'Pending',
  verified: 'Verified',
  rejected: 'Rejected',
};

const emptyText: Record<ReviewStatus, string> = {
  pending: 'No creator is waiting for an ID check. New sign-ups appear here once they upload documents.',
  verified: 'No creator is verified yet. Verify one from the Pending tab.',
  rejected: 'No documents were rejected.',
};

export default function AdminCreatorsPage() {
  const [status, setStatus] = useState<ReviewStatus>('pending');
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<TAdminPerformer | null>(null);
  const list = useQuery({
    queryKey: [...adminCreatorsKey, status, page],
    queryFn: () =>
      api.get<{ data: TAdminPerformer[]; total: number }>('/admin/performers', {
        query: { status, offset: (page - 1) * pageSize, limit: pageSize },
      }),
    placeholderData: keepPreviousData,
  });
  const total = list.data?.total ?? 0;

  useEffect(() => {
    if (list.error) notifyError(list.error);
  }, [list.error]);

  return (
    <>
      <PageHeader title="Creators" description="Check identity documents and set per-creator commission." />
      <Tabs
        value={status}
        onChange={(value) => {
          setStatus((value as ReviewStatus | null) ?? 'pending');
          setPage(1);
        }}
        mb="md"
      >
        <Tabs.List>
          {documentReviewStatuses.map((s) => (
            <Tabs.Tab key={s} value={s}>
              {tabLabels[s]}
              {s === status && total > 0 && !list.isPlaceholderData ? (
                <Badge size="xs" variant="light" ml={6} style={{ flexShrink: 0 }}>
                  {total}
                </Badge>
              ) : null}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>

      {list.isPending ? (
        <Card p={0} aria-busy aria-label="Loading creators">
          {placeholderKeys(4).map((key) => (
            <Group key={key} p="md" gap="sm" wrap="nowrap">
              <Skeleton h={44} w={44} circle />
              <Stack gap={6} style={{ flex: 1 }}>
                <Skeleton h={12} w="35%" />
                <Skeleton h={10} w="55%" />
              </Stack>
            </Group>
          ))}
        </Card>
      ) : (list.data?.data.length ?? 0) === 0 ? (
        <Card p={{ base: 'lg', sm: 48 }}>
          <EmptyState
            icon={<IconUserCheck size={28} />}
            variant="light"
            title={`No ${tabLabels[status].toLowerCase()} creators`}
            description={list.isError ? 'The list could not be loaded. Please try again.' : emptyText[status]}
          />
        </Card>
      ) : (
        <Card p={0} style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          {list.data?.data.map((p) => (
            <CreatorRow key={p._id} performer={p} status={status} onReject={() => setRejecting(p)} />
          ))}
        </Card>
      )}

      {total > pageSize ? (
        <Group justify="center" mt="lg">
          <Pagination total={Math.ceil(total / pageSize)} value={page} onChange={setPage} />
        </Group>
      ) : null}

      <RejectModal performer={rejecting} onClose={() => setRejecting(null)} />
    </>
  );
}

function useReviewRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminCreatorsKey });
}

function CreatorRow({
  performer,
  status,
  onReject,
}: {
  performer: TAdminPerformer;
  status: ReviewStatus;
  onReject: () => void;
}) {
  const countries = useCountries();
  const refresh = useReviewRefresh();
  const country = countries.data?.find((c) => c.value === performer.country)?.label ?? performer.country;
  const verify = useWriteMutation({
    mutationFn: () => api.post(`/admin/performers/${performer._id}/verify-documents`),
    onSuccess: () => {
      notifySuccess(`${performer.name} is verified.`);
      void refresh();
    },
    onError: (err) => notifyError(err),
  });

  return (
    <Group
      px="md"
      py="sm"
      gap="md"
      justify="space-between"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)', marginTop: -1 }}
    >
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 260px' }}>
        <Avatar src={performer.avatar} alt="" size={44} radius={999} />
        <div style={{ minWidth: 0 }}>
          <Group gap={6} wrap="nowrap">
            {performer.username ? (
              <Anchor component={Link} to={profilePath(performer)} fw={600} c="inherit" truncate>
                {performer.name}
              </Anchor>
            ) : (
              <Text fw={600} truncate>
                {performer.name}
              </Text>
            )}
            {performer.status === 'inactive' ? (
              <Badge size="xs" color="gray" variant="light" style={{ flexShrink: 0 }}>
                Inactive
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed" truncate>
            {performer.username ? `@${performer.username}` : 'No username'}
            {country ? ` · ${country}` : ''}
          </Text>
          <Text size="xs" c="dimmed" mb={6}>
            Signed up {dayjs(performer.createdAt).format('MMM D, YYYY')} · {performer.documents.length}{' '}
            {performer.documents.length === 1 ? 'document' : 'documents'}
          </Text>
          <CreatorDocuments performer={performer} />
        </div>
      </Group>
      {/* On phones the buttons go under the commission rather than past the card's edge. */}
      <Group gap="sm" wrap="wrap" justify="flex-end" style={{ flex: '1 1 auto' }}>
        <CommissionEditor
          performerId={performer._id}
          name={performer.name}
          commissionPercentage={performer.commissionPercentage}
          onSaved={() => void refresh()}
        />
        {status !== 'verified' ? (
          <Button
            size="xs"
            color="teal"
            leftSection={<IconCheck size={14} />}
            loading={verify.isPending}
            onClick={() => verify.mutate()}
          >
            Verify
          </Button>
        ) : null}
        {status !== 'rejected' ? (
          <Button size="xs" variant="light" color="red" leftSection={<IconX size={14} />} onClick={onReject}>
            Reject
          </Button>
        ) : null}
      </Group>
    </Group>
  );
}

function RejectModal({ performer, onClose }: { performer: TAdminPerformer | null; onClose: () => void }) {
  const refresh = useReviewRefresh();
  const [reason, setReason] = useState('');
  const reject = useWriteMutation({
    mutationFn: (p: TAdminPerformer) =>
      api.post(`/admin/performers/${p._id}/reject-documents`, reason.trim() ? { reason: reason.trim() } : {}),
    onSuccess: (_res, p) => {
      notifySuccess(`The documents of ${p.name} were rejected.`);
      setReason('');
      onClose();
      void refresh();
    },
    onError: (err) => notifyError(err),
  });

  return (
    <Modal opened={performer !== null} onClose={onClose} title="Reject documents" centered>
      <Text size="sm" mb="md">
        {performer?.name} will be told their documents were rejected and asked to upload new ones.
      </Text>
      <Textarea
        label="Reason"
        description="Optional. Included in the email to the creator."
        placeholder="The photo of the ID is blurred."
        autosize
        minRows={3}
        maxLength={1000}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        data-autofocus
      />
      <Group justify="flex-end" mt="lg">
        <Button variant="subtle" color="gray" onClick={onClose} disabled={reject.isPending}>
          Cancel
        </Button>
        <Button
          color="red"
          loading={reject.isPending}
          onClick={() => {
            if (performer) reject.mutate(performer);
          }}
        >
          Reject
        </Button>
      </Group>
    </Modal>
  );
}
