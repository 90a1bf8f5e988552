import { maxPrivateRequestNote, type TCallSession } from '@fanstage/contract';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/errors';
import { formatPrice } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import {
  answerPrivateShow,
  callScreenPath,
  deletePrivateShow,
  editPrivateShowPrice,
  fanShowsPath,
  finishSession,
  refreshCalls,
  requestPrivateShow,
  startPrivateShow,
  useCallEvents,
  useCreatorPrivateShows,
  useFanPrivateShows,
} from './calls-api';

const statusLabel: Record<TCallSession['status'], string> = {
  pending: 'Waiting for an answer',
  approved: 'Approved',
  rejected: 'Rejected',
  ringing: 'Ringing',
  live: 'Live now',
  finished: 'Finished',
  cancelled: 'Deleted',
  declined: 'Declined',
  missed: 'Missed',
};

const statusColor: Partial<Record<TCallSession['status'], string>> = {
  pending: 'yellow',
  approved: 'blue',
  live: 'red',
  rejected: 'gray',
  finished: 'green',
};

const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const when = (show: TCallSession) =>
  show.scheduledAt
    ? `${new Date(show.scheduledAt).toLocaleString('en-US', {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: show.timezone ?? undefined,
      })} (${show.timezone})`
    : '';

/** Time, time zone and note; the server's sentence (not enough balance, a past time) is shown as it is. */
export function PrivateShowRequestForm({
  performerId,
  onDone,
}: {
  performerId: string;
  onDone?: () => void;
}) {
  const queryClient = useQueryClient();
  const [time, setTime] = useState('');
  const [timezone, setTimezone] = useState(localTimeZone);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const handleSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const at = new Date(time);
    if (!time || Number.isNaN(at.getTime())) {
      setProblem('Choose the date and time of the show.');
      return;
    }
    setBusy(true);
    try {
      await requestPrivateShow({ performerId, scheduledAt: at.toISOString(), timezone, note });
      setSent(true);
      await refreshCalls(queryClient);
      onDone?.();
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  if (sent)
    return (
      <Alert color="green" role="status">
        Your request was sent. You will see the answer in <Link to={fanShowsPath}>your private shows</Link>.
      </Alert>
    );
  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="sm">
        <TextInput
          type="datetime-local"
          label="Date and time"
          value={time}
          onChange={(e) => setTime(e.currentTarget.value)}
          required
        />
        <TextInput
          label="Time zone"
          value={timezone}
          onChange={(e) => setTimezone(e.currentTarget.value)}
          required
        />
        <Textarea
          label="Note"
          description={`What you would like (at most ${maxPrivateRequestNote} characters).`}
          value={note}
          maxLength={maxPrivateRequestNote}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        {problem && (
          <Alert color="red" role="alert">
            {problem}
            {/top up/i.test(problem) && (
              <>
                {' '}
                <Link to="/user/wallet">Top up your wallet</Link>
              </>
            )}
          </Alert>
        )}
        <Button type="submit" loading={busy}>
          Send request
        </Button>
      </Stack>
    </form>
  );
}

async function run(action: () => Promise<unknown>, queryClient: ReturnType<typeof useQueryClient>) {
  try {
    await action();
  } catch (error) {
    notifyError(error);
  } finally {
    await refreshCalls(queryClient);
  }
}

function ShowCard({ show, who, children }: { show: TCallSession; who: string; children?: React.ReactNode }) {
  return (
    <Card withBorder padding="sm" data-testid="private-show">
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={2}>
          <Text fw={600}>{who}</Text>
          <Text size="sm" c="dimmed">
            {when(show)}
          </Text>
          {show.note && <Text size="sm">{show.note}</Text>}
          <Text size="sm">
            {formatPrice(show.price)} a minute
            {show.billedMinutes > 0 && ` · ${show.billedMinutes} min · ${formatPrice(show.totalSpent)} spent`}
          </Text>
        </Stack>
        <Badge color={statusColor[show.status] ?? 'gray'}>{statusLabel[show.status]}</Badge>
      </Group>
      {children && (
        <Group gap="xs" mt="sm">
          {children}
        </Group>
      )}
    </Card>
  );
}

/** The fan's requests: delete a pending one, join a live one; updated live by the server's events. */
export function FanPrivateShows() {
  useCallEvents();
  const queryClient = useQueryClient();
  const shows = useFanPrivateShows();
  if (shows.isPending) return <Text c="dimmed">Loading…</Text>;
  if (shows.isError) return <Alert color="red">{errorMessage(shows.error)}</Alert>;
  if (shows.data.data.length === 0) {
    return <Text c="dimmed">No private show requests yet. Ask a creator from their profile.</Text>;
  }
  return (
    <Stack gap="sm">
      {shows.data.data.map((show) => (
        <ShowCard key={show._id} show={show} who={show.performer.name}>
          {show.status === 'pending' && (
            <Button
              size="xs"
              variant="default"
              onClick={() => run(() => deletePrivateShow(show._id), queryClient)}
            >
              Delete request
            </Button>
          )}
          {show.status === 'live' && (
            <Button size="xs" component={Link} to={callScreenPath(show)} color="red">
              Join the show
            </Button>
          )}
        </ShowCard>
      ))}
    </Stack>
  );
}

function StartShow({ show }: { show: TCallSession }) {
  const queryClient = useQueryClient();
  const [price, setPrice] = useState<number | string>(show.price > 0 ? show.price : '');
  const label = show.status === 'live' ? 'Change price' : 'Start';
  const handleClick = () =>
    run(
      () =>
        show.status === 'live'
          ? editPrivateShowPrice(show._id, Number(price))
          : startPrivateShow(show._id, Number(price)),
      queryClient,
    );
  return (
    <Group gap="xs" align="flex-end">
      <NumberInput
        size="xs"
        w={130}
        label="Price per minute"
        min={0.01}
        decimalScale={2}
        value={price}
        onChange={setPrice}
      />
      <Button size="xs" onClick={handleClick} disabled={!(Number(price) > 0)}>
        {label}
      </Button>
    </Group>
  );
}

/** The creator's requests: approve, reject, start at a price per minute, finish. */
export function CreatorPrivateShows() {
  useCallEvents();
  const queryClient = useQueryClient();
  const shows = useCreatorPrivateShows();
  if (shows.isPending) return <Text c="dimmed">Loading…</Text>;
  if (shows.isError) return <Alert color="red">{errorMessage(shows.error)}</Alert>;
  if (shows.data.data.length === 0) return <Text c="dimmed">No private show requests yet.</Text>;
  return (
    <Stack gap="sm">
      {shows.data.data.map((show) => (
        <ShowCard key={show._id} show={show} who={show.fan.name}>
          {show.status === 'pending' && (
            <>
              <Button
                size="xs"
                onClick={() => run(() => answerPrivateShow(show._id, 'approve'), queryClient)}
              >
                Approve
              </Button>
              <Button
                size="xs"
                variant="default"
                onClick={() => run(() => answerPrivateShow(show._id, 'reject'), queryClient)}
              >
                Reject
              </Button>
            </>
          )}
          {(show.status === 'approved' || show.status === 'live') && <StartShow show={show} />}
          {show.status === 'live' && (
            <>
              <Button size="xs" component={Link} to={callScreenPath(show)} variant="light">
                Open the show
              </Button>
              <Button
                size="xs"
                color="red"
                onClick={() => run(() => finishSession('private_show', show._id), queryClient)}
              >
                Finish
              </Button>
            </>
          )}
        </ShowCard>
      ))}
    </Stack>
  );
}
