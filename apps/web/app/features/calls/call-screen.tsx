import type { TCallSession } from '@fanstage/contract';
import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../lib/errors';
import { formatPrice } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import { useCurrentUser } from '../auth/use-current-user';
import { CallVideo } from './call-video';
import {
  answerCall,
  finishSession,
  refreshCalls,
  useCallEvents,
  useCallGrant,
  useCallSession,
  useHeartbeat,
} from './calls-api';

/** "m:ss" (or "h:mm:ss") of a number of seconds. */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const [h, m, sec] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(sec)}` : `${m}:${pad(sec)}`;
}

function useNow(isRunning: boolean) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!isRunning) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [isRunning]);
  return now;
}

const endWords: Record<NonNullable<TCallSession['endReason']>, { fan: string; creator: string }> = {
  ended_by_fan: { fan: 'You ended the call.', creator: 'The fan ended the call.' },
  ended_by_creator: { fan: 'The creator ended the call.', creator: 'You ended the call.' },
  insufficient_balance: {
    fan: 'The call ended because your wallet cannot pay the next minute. Top up to call again.',
    creator: "The call ended because the fan's wallet could not pay the next minute.",
  },
  fan_gone: {
    fan: 'The call ended because your page stopped answering for 45 seconds.',
    creator: "The call ended because the fan's connection was lost.",
  },
  blocked: {
    fan: 'The call ended because the creator blocked you.',
    creator: 'You blocked this fan, so the call ended.',
  },
  account_deactivated: {
    fan: 'The call ended because one of the accounts was deactivated.',
    creator: 'The call ended because one of the accounts was deactivated.',
  },
};

/**
 * The in-call screen of a call or a private show: who, timer, running cost (what the server billed),
 * a low-balance warning, hang up, and once it ends the reason (with a top-up for the fan whose money
 * ran out). The page beats every 15 s while live, so the server stops billing a closed tab.
 */
export function CallScreen({ kind, id }: { kind: TCallSession['kind']; id: string }) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const ended = useCallEvents();
  const session = useCallSession(kind, id);
  const call = session.data;
  const isLive = call?.status === 'live';
  useHeartbeat(kind, id, isLive);
  const now = useNow(isLive);
  const grant = useCallGrant(kind, id, isLive && (call?.billedMinutes ?? 0) > 0);

  if (session.isPending) return <Text c="dimmed">Loading…</Text>;
  if (session.isError || !call) return <Alert color="red">{errorMessage(session.error)}</Alert>;

  const isFan = user?._id === call.fan._id;
  const other = isFan ? call.performer : call.fan;
  const seconds = call.startedAt
    ? ((call.endedAt ? new Date(call.endedAt).getTime() : now) - new Date(call.startedAt).getTime()) / 1000
    : 0;
  const balance = user?.balance ?? 0;
  const isLow = isFan && isLive && balance < call.price * 2;
  const reason =
    ended?.call._id === id
      ? ended.message
      : call.endReason
        ? endWords[call.endReason][isFan ? 'fan' : 'creator']
        : null;
  const offerTopUp =
    isFan && (ended?.call._id === id ? ended.offerTopUp : call.endReason === 'insufficient_balance');

  const handleHangUp = async () => {
    try {
      if (call.status === 'ringing') await answerCall(id, isFan ? 'cancel' : 'decline');
      else await finishSession(kind, id);
    } catch (error) {
      notifyError(error);
    } finally {
      await refreshCalls(queryClient);
    }
  };

  return (
    <Card withBorder padding="lg" maw={grant.data && isLive ? 880 : 520} mx="auto">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3}>
            {kind === 'call' ? `Call with ${other.name}` : `Private show with ${other.name}`}
          </Title>
          <Badge color={isLive ? 'red' : 'gray'}>{call.status}</Badge>
        </Group>
        {call.status === 'ringing' && <Text>Ringing… {isFan ? 'waiting for an answer.' : ''}</Text>}
        {(isLive || call.status === 'finished') && (
          <Group gap="xl">
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                Time
              </Text>
              <Text fw={700} data-testid="call-timer">
                {formatDuration(call.status === 'finished' ? call.totalSeconds : seconds)}
              </Text>
            </Stack>
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                {isFan ? 'Cost so far' : 'Earned so far (before commission)'}
              </Text>
              <Text fw={700} data-testid="call-cost">
                {formatPrice(call.totalSpent)}
              </Text>
            </Stack>
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                Price
              </Text>
              <Text>{formatPrice(call.price)} a minute</Text>
            </Stack>
          </Group>
        )}
        {isLow && (
          <Alert color="yellow" role="status">
            Your balance ({formatPrice(balance)}) is running low: the call ends when it cannot pay the next
            minute. <Link to="/user/wallet">Top up</Link>
          </Alert>
        )}
        {isLive && grant.isError && <Alert color="gray">{errorMessage(grant.error)}</Alert>}
        {isLive && grant.data && (
          <CallVideo grant={grant.data} callId={id} otherName={other.name} display={user?.name ?? ''} />
        )}
        {reason && call.status === 'finished' && (
          <Alert color={call.endReason === 'insufficient_balance' ? 'orange' : 'blue'} role="alert">
            {reason}
            {offerTopUp && (
              <>
                {' '}
                <Link to="/user/wallet">Top up your wallet</Link>
              </>
            )}
          </Alert>
        )}
        {['declined', 'missed', 'cancelled', 'rejected'].includes(call.status) && (
          <Alert color="gray">
            {call.status === 'declined'
              ? `${call.performer.name} declined the call.`
              : call.status === 'missed'
                ? 'Nobody answered the call.'
                : 'This was cancelled.'}
          </Alert>
        )}
        {(isLive || call.status === 'ringing') && (
          <Button color="red" onClick={handleHangUp}>
            Hang up
          </Button>
        )}
      </Stack>
    </Card>
  );
}
