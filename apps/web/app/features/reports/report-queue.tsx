import type { TReport } from '@fanstage/contract';
import {
  Anchor,
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  Paper,
  ScrollArea,
  SegmentedControl,
  Select,
  Text,
} from '@mantine/core';
import { IconExternalLink, IconFlag, IconGavel } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { api } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { ListPager, ListSkeleton, rowBorder } from '../admin-money/money-ui';
import { pageQueryOf } from '../admin-money/money-values';
import { HiddenBadge } from '../moderation/hidden-notice';
import { adminUserPath } from '../moderation/moderation-values';
import { reportActionDone } from './report-actions';
import { reportReasons } from './report-reasons';
import { reportQueueKey } from './reports-api';
import { ResolveReportDialog } from './resolve-report-dialog';

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
 * involved" among them), each with the reported item as an admin sees it (its owner, whether it is
 * hidden, a link to it). An admin resolves one with an action and a reason; a closed report shows
 * what was done and the note.
 */
export function ReportQueue() {
  const [status, setStatus] = useState<StatusFilter>('open');
  const [category, setCategory] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [resolving, setResolving] = useState<TReport | null>(null);
  const list = useReportQueue({ status, category, page });
  const rows = list.data?.data ?? [];

  return (
    <>
      <PageHeader
        title="Reports"
        description="What fans reported. Check the item, then resolve the report with an action: its owner is told why, the fan who filed it what was done."
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
          {rows.map((r) => (
            <ReportRow key={r._id} report={r} onResolve={() => setResolving(r)} />
          ))}
        </Card>
      )}
      <ListPager total={list.data?.total ?? 0} page={page} onChange={setPage} noun="report" />
      <ResolveReportDialog report={resolving} onClose={() => setResolving(null)} />
    </>
  );
}

function ReportRow({ report: r, onResolve }: { report: TReport; onResolve: () => void }) {
  return (
    <Group px="md" py="sm" gap="md" justify="space-between" style={rowBorder} data-testid="report-row">
      <div style={{ minWidth: 0, flex: '1 1 260px' }}>
        <Group gap={6} wrap="nowrap">
          <Text fw={600} truncate>
            {reasonLabel(r.category)}
          </Text>
          <Badge size="xs" variant="light" color={statusColors[r.status]} style={{ flexShrink: 0 }}>
            {r.status}
          </Badge>
          {r.category === 'underage' ? (
            <Badge size="xs" color="red" style={{ flexShrink: 0 }}>
              urgent
            </Badge>
          ) : null}
        </Group>
        {r.description ? (
          <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
            {r.description}
          </Text>
        ) : null}
        <ReportedItem report={r} />
        <Text size="xs" c="dimmed">
          Reported by{' '}
          {r.reporter
            ? r.reporter.username
              ? `@${r.reporter.username}`
              : r.reporter.name
            : 'a deleted account'}{' '}
          · {dayjs(r.createdAt).format('MMM D, YYYY HH:mm')}
          {r.resolvedAt ? ` · closed ${dayjs(r.resolvedAt).format('MMM D, YYYY')}` : ''}
        </Text>
        {r.status !== 'open' && r.action ? (
          <Text size="sm" mt={4} data-testid="report-outcome" style={{ overflowWrap: 'anywhere' }}>
            <Badge size="sm" variant="light" color={statusColors[r.status]} style={{ flexShrink: 0 }}>
              {reportActionDone[r.action]}
            </Badge>{' '}
            {r.resolutionNote ? (
              r.resolutionNote
            ) : (
              <Text span size="sm" c="dimmed">
                No note.
              </Text>
            )}
          </Text>
        ) : null}
      </div>
      {r.status === 'open' ? (
        <Button
          size="xs"
          variant="light"
          color="teal"
          leftSection={<IconGavel size={14} />}
          onClick={onResolve}
        >
          Resolve
        </Button>
      ) : null}
    </Group>
  );
}

/**
 * The reported item as an admin sees it: its kind and title (a link to open it, when it has a page
 * of its own), its owner (a link to their admin page) and, when moderators hid it, the reason.
 */
function ReportedItem({ report }: { report: TReport }) {
  const kind = reportedItemOf(report);
  const { item } = report;
  if (!item) {
    return (
      <Text size="xs" c="dimmed" my={4}>
        {kind.to ? (
          <Anchor component={Link} to={kind.to} size="xs" target="_blank">
            {kind.label}
          </Anchor>
        ) : (
          kind.label
        )}
        {report.target === 'performer' ? '' : ' · deleted'}
      </Text>
    );
  }
  return (
    <Paper withBorder radius="sm" px="sm" py={6} my={6} data-testid="reported-item">
      <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
        <Badge size="xs" variant="default" style={{ flexShrink: 0 }}>
          {kind.label}
        </Badge>
        {item.url ? (
          <Anchor
            component={Link}
            to={item.url}
            target="_blank"
            size="sm"
            fw={500}
            truncate
            aria-label={`Open the ${kind.label.toLowerCase()}: ${item.title}`}
          >
            {item.title || 'Untitled'}
            <IconExternalLink size={12} style={{ marginLeft: 4, verticalAlign: -1 }} />
          </Anchor>
        ) : (
          <Text size="sm" fw={500} truncate>
            {item.title || 'Untitled'}
          </Text>
        )}
      </Group>
      <Group gap={6} wrap="wrap" mt={2}>
        <Text size="xs" c="dimmed">
          by{' '}
          <Anchor component={Link} to={adminUserPath(item.owner._id)} size="xs">
            {item.owner.name}
          </Anchor>
          {item.owner.username ? ` (@${item.owner.username})` : ''}
        </Text>
        <HiddenBadge hidden={item.hidden} />
        {item.hidden ? (
          <Text size="xs" c="red" style={{ overflowWrap: 'anywhere' }}>
            {item.hidden.reason}
          </Text>
        ) : null}
      </Group>
    </Paper>
  );
}
