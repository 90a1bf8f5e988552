import { maxLiveSessionPrice, maxLiveSessionTitleLength, type TLiveSession } from '@fanstage/contract';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconBroadcast, IconPlayerStop } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { AmountInput, type AmountValue, amountProblem } from '../../components/amount-input';
import { formatPrice } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useWriteMutation } from '../../lib/use-write-mutation';
import { useCurrentUser } from '../auth/use-current-user';
import classes from './live.module.css';
import { endLive, goLive, liveKeys, livePath, refreshLive, useCreatorLiveSession } from './live-api';
import { LiveChat } from './live-chat';
import { LivePublisher } from './live-publisher';

const priceLimits = { mode: 'money', min: 0, max: maxLiveSessionPrice, noun: 'price' } as const;

/** The creator's live studio: the go-live form, or the show that is live with its camera and End show. */
export function LiveStudio() {
  const user = useCurrentUser();
  const mine = useCreatorLiveSession(user?._id);
  if (!user || mine.isPending) return <Skeleton h={320} radius="md" />;
  if (mine.data) return <LivePanel session={mine.data} display={user.name} />;
  return <GoLiveForm performerId={user._id} />;
}

function GoLiveForm({ performerId }: { performerId: string }) {
  const queryClient = useQueryClient();
  const [title, setTitle] = useState('');
  const [price, setPrice] = useState<AmountValue>(0);
  const [titleError, setTitleError] = useState<string | null>(null);
  const [priceError, setPriceError] = useState<string | null>(null);
  const start = useWriteMutation({
    mutationFn: goLive,
    onSuccess: async (session) => {
      queryClient.setQueryData(liveKeys.ofCreator(performerId), session);
      notifySuccess('You are live.');
      await refreshLive(queryClient);
    },
    onError: (error) => notifyError(error),
  });

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = title.trim();
    const titleProblem = trimmed ? null : 'Give the live show a title.';
    const problem = amountProblem(price, priceLimits);
    setTitleError(titleProblem);
    setPriceError(problem);
    if (titleProblem || problem || price === '') return;
    start.mutate({ title: trimmed, price });
  }

  return (
    <Card maw={560}>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Title"
            placeholder="Morning workout, Q&A, studio tour…"
            value={title}
            maxLength={maxLiveSessionTitleLength}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={titleError}
            required
          />
          <AmountInput
            {...priceLimits}
            label="Price per session"
            description="0 = free for your subscribers. A price is paid once per show by each subscriber who joins."
            value={price}
            onChange={setPrice}
            error={priceError}
          />
          <Group justify="flex-end">
            <Button
              type="submit"
              variant="gradient"
              leftSection={<IconBroadcast size={18} />}
              loading={start.isPending}
            >
              Go live
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

function LivePanel({ session, display }: { session: TLiveSession; display: string }) {
  const queryClient = useQueryClient();
  const [isConfirming, setConfirming] = useState(false);
  const end = useWriteMutation({
    mutationFn: () => endLive(session._id),
    onSuccess: async () => {
      setConfirming(false);
      queryClient.setQueryData(liveKeys.ofCreator(session.performer._id), null);
      queryClient.removeQueries({ queryKey: liveKeys.grant(session._id) });
      notifySuccess('Your show has ended.');
      await refreshLive(queryClient);
    },
    onError: (error) => notifyError(error),
  });

  return (
    <Card>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Badge color="red" variant="filled">
                LIVE
              </Badge>
              <Title order={2} fz={{ base: 18, sm: 22 }} style={{ overflowWrap: 'anywhere' }}>
                {session.title}
              </Title>
            </Group>
            <Text size="sm" c="dimmed">
              {session.price > 0 ? `${formatPrice(session.price)} per session` : 'Free for your subscribers'}
              {' · '}started at{' '}
              {new Date(session.startedAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}
            </Text>
            <Anchor component={Link} to={livePath(session._id)} size="sm">
              Open the viewers' page
            </Anchor>
          </Stack>
          <Button color="red" leftSection={<IconPlayerStop size={18} />} onClick={() => setConfirming(true)}>
            End show
          </Button>
        </Group>
        <div className={classes.stage}>
          <LivePublisher sessionId={session._id} display={display} />
          <LiveChat session={session} />
        </div>
      </Stack>
      <Modal opened={isConfirming} onClose={() => setConfirming(false)} title="End this show?" centered>
        <Text size="sm">Viewers are disconnected and the show leaves the Live now list.</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(false)}>
            Keep going
          </Button>
          <Button color="red" loading={end.isPending} onClick={() => end.mutate()}>
            End show
          </Button>
        </Group>
      </Modal>
    </Card>
  );
}
