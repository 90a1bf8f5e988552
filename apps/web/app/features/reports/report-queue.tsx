import type { TReport } from '@fanstage/contract';
import {
  Anchor,
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  ScrollArea,
  SegmentedControl,
  Select,
  Text,
} from '@mantine/core';
import { IconCheck, IconFlag, IconX } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { api } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useWriteMutation } from '../../lib/use-write-mutation';
import { ConfirmDialog, ListPager, ListSkeleton, rowBorder } from '../admin-money/money-ui';
import { pageQueryOf } from '../admin-money/money-values';
import { reportReasons } from './report-reasons';

export const reportQueueKey = ['admin', 'reports'] as const;

const statuses = ['open', 'resolved', 'dismissed', 'all'] as const;
type StatusFilter = (typeof statuses)[number];
const statusColors: Record<TReport['status'], string> = {
  open: 'orange',
  resolved: 'teal',
  dismissed: 'gray',
};

/** What was reported, as a person names it, and where an admin sees it (comments have no page of their own). */
export function reportedItemOf(report: Pick<TReport, 'target' | 'targetId'>): {
  label: string;
  to: string | null;
} {
  const id = encodeURIComponent(report.targetId);
  switch (report.target) {
    case 'performer':
      return { label: 'Creator profile', to: `/${id}` };
    case 'feed':
      return { label: 'Post', to: `/post/${id}` };
    case 'video':
      return { label: 'Video', to: `/video/${id}` };
    case 'gallery':
      return { label: 'Gallery', to: `/gallery/${id}` };
    case 'product':
      return { label: 'Product', to: `/product/${id}` };
    default:
      return { label: 'Comment', to: null };
  }
}

const reasonLabel = (category: TReport['category']) =>
  reportReasons.find((r) => r.value === category)?.label ?? category;

function useReportQueue(options: { status: StatusFilter; category: string | null; page: number }) {
  const list = useQuery({
    queryKey: [...reportQueueKey, options.status, options.category, options.page],
    queryFn: ({ signal }) =>
      api.get<{ data: TReport[]; total: number }>('/admin/reports', {
        query: {
          ...pageQueryOf(options.page, ''),
          ...(options.status === 'all' ? {} : { status: options.status }),
          ...(options.category ? { category: options.category } : {}),
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    if (list.error) notifyError(list.error);
  }, [list.error]);
  return list;
}

/**
 * The admins' queue of reports: open ones first (the default filter), by reason ("A minor may be
 * involved" among them), each with a link to what was reported; an admin closes one as resolved
 * (something was done) or dismissed (nothing wrong), after confirming.
 */
export function ReportQueue() {
  const [status, setStatus] = useState<StatusFilter>('open');
  const [category, setCategory] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [closing, setClosing] = useState<{ report: TReport; status: 'resolved' | 'dismissed' } | null>(null);
  const list = useReportQueue({ status, category, page });
  const queryClient = useQueryClient();
  const close = useWriteMutation({
    mutationFn: (v: { id: string; status: 'resolved' | 'dismissed' }) =>
      api.put<{ data: TReport }>(`/admin/reports/${encodeURIComponent(v.id)}`, { status: v.status }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportQueueKey }),
  });
  const rows = list.data?.data ?? [];

  return (
    <>
      <PageHeader
        title="Reports"
        description="What fans reported. Open one to see it, then resolve it or dismiss it."
      />
      <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
        <ScrollArea type="never">
          <SegmentedControl
            size="xs"
            value={status}
            onChange={(value) => {
              setStatus(value as StatusFilter);
              setPage(1);
            }}
            data={[...statuses]}
            aria-label="Report status"
          />
        </ScrollArea>
        <Select
          size="xs"
          placeholder="Every reason"
          aria-label="Reason"
          clearable
          value={category}
          onChange={(value) => {
            setCategory(value);
            setPage(1);
          }}
          data={reportReasons.map((r) => ({ value: r.value, label: r.label }))}
          w={{ base: '100%', xs: 220 }}
        />
      </Group>
      {list.isPending ? (
        <ListSkeleton label="Loading reports" />
      ) : rows.length === 0 ? (
        <Card p={{ base: 'lg', sm: 48 }}>
          <EmptyState
            icon={<IconFlag size={28} />}
            variant="light"
            title={status === 'open' ? 'No open reports' : 'No reports here'}
            description={
              list.isError
                ? 'The reports could not be loaded. Please try again.'
                : status === 'open'
                  ? 'Nothing is waiting: reports fans file from a profile, post or comment appear here.'
                  : 'Choose another status or reason to see more.'
            }
          />
        </Card>
      ) : (
        <Card p={0} style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          {rows.map((r) => {
            const item = reportedItemOf(r);
            return (
              <Group
                key={r._id}
                px="md"
                py="sm"
                gap="md"
                justify="space-between"
                style={rowBorder}
                data-testid="report-row"
              >
                <div style={{ minWidth: 0, flex: '1 1 260px' }}>
                  <Group gap={6} wrap="nowrap">
                    <Text fw={600} truncate>
                      {reasonLabel(r.category)}
                    </Text>
                    <Badge size="xs" variant="light" color={statusColors[r.status]}>
                      {r.status}
                    </Badge>
                    {r.category === 'underage' ? (
                      <Badge size="xs" color="red">
                        urgent
                      </Badge>
                    ) : null}
                  </Group>
                  {r.description ? (
                    <Text size="sm" lineClamp={3}>
                      {r.description}
                    </Text>
                  ) : null}
                  <Text size="xs" c="dimmed">
                    {item.to ? (
                      <Anchor component={Link} to={item.to} size="xs" target="_blank">
                        {item.label}
                      </Anchor>
                    ) : (
                      item.label
                    )}{' '}
                    · reported by{' '}
                    {r.reporter
                      ? r.reporter.username
                        ? `@${r.reporter.username}`
                        : r.reporter.name
                      : 'a deleted account'}{' '}
                    · {dayjs(r.createdAt).format('MMM D, YYYY HH:mm')}
                    {r.resolvedAt ? ` · closed ${dayjs(r.resolvedAt).format('MMM D, YYYY')}` : ''}
                  </Text>
                </div>
                {r.status === 'open' ? (
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="light"
                      color="teal"
                      leftSection={<IconCheck size={14} />}
                      onClick={() => setClosing({ report: r, status: 'resolved' })}
                    >
                      Resolve
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="gray"
                      leftSection={<IconX size={14} />}
                      onClick={() => setClosing({ report: r, status: 'dismissed' })}
                    >
                      Dismiss
                    </Button>
                  </Group>
                ) : null}
              </Group>
            );
          })}
        </Card>
      )}
      <ListPager total={list.data?.total ?? 0} page={page} onChange={setPage} noun="report" />

      <ConfirmDialog
        opened={closing !== null}
        title={closing?.status === 'dismissed' ? 'Dismiss this report?' : 'Resolve this report?'}
        confirmLabel={closing?.status === 'dismissed' ? 'Dismiss' : 'Resolve'}
        isPending={close.isPending}
        onClose={() => setClosing(null)}
        onConfirm={() => {
          if (!closing) return;
          close.mutate(
            { id: closing.report._id, status: closing.status },
            {
              onSuccess: () => {
                notifySuccess(closing.status === 'dismissed' ? 'Report dismissed.' : 'Report resolved.');
                setClosing(null);
              },
              onError: (err) => notifyError(err),
            },
          );
        }}
      >
        {closing?.status === 'dismissed'
          ? 'Nothing was wrong: the report leaves the open queue and the fan who filed it is told by email. This cannot be undone.'
          : 'You dealt with it: the report leaves the open queue and the fan who filed it is told by email. This cannot be undone.'}
      </ConfirmDialog>
    </>
  );
}
