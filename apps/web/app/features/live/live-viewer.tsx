import type { TLiveSession } from '@fanstage/contract';
import { Anchor, Avatar, Badge, Button, Card, Group, Skeleton, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBroadcastOff, IconLock, IconStar } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { EmptyNotice } from '../../components/empty-notice';
import { newIdempotencyKey } from '../../lib/api';
import { errorCode, errorMessage } from '../../lib/errors';
import { formatPrice } from '../../lib/format';
import { lazyDialog } from '../../lib/lazy-dialog';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useCurrentUser } from '../auth/use-current-user';
import { profilePath } from '../performers/profile-path';
import { useMySubscription } from '../subscriptions/subscriptions-api';
import { refreshWallet } from '../wallet/wallet-api';
import classes from './live.module.css';

// The payment dialog is downloaded when a viewer presses Join (lib/lazy-dialog.tsx).
const PayToJoinDialog = lazyDialog(() => import('./pay-to-join-dialog').then((m) => m.PayToJoinDialog));

import { liveKeys, liveStudioPath, payForShow, prefetchMediaGrant, useLiveSession } from './live-api';
import { LiveChat } from './live-chat';
import { LiveWatcher } from './live-video';

/** One live show for a fan: its video when they may watch, or what they must do first. */
export function LiveViewer({ id }: { id: string }) {
  const session = useLiveSession(id);
  const queryClient = useQueryClient();
  const isLoggedIn = !!useCurrentUser();
  useEffect(() => {
    if (isLoggedIn) void prefetchMediaGrant(queryClient, id);
  }, [queryClient, id, isLoggedIn]);
  if (session.isPending) return <ViewerSkeleton />;
  if (session.isError)
    return (
      <Card py={48}>
        <EmptyNotice
          icon={<IconBroadcastOff size={28} />}
          title="This show cannot be found"
          description={errorMessage(session.error)}
        >
          <Button component={Link} to="/explore" variant="default">
            Explore creators
          </Button>
        </EmptyNotice>
      </Card>
    );
  return <ViewerBody session={session.data} />;
}

function ViewerSkeleton() {
  return (
    <Stack gap="md" data-testid="live-skeleton">
      <Skeleton h={28} w="60%" />
      <Skeleton className={classes.video} />
    </Stack>
  );
}

function ViewerBody({ session }: { session: TLiveSession }) {
  const queryClient = useQueryClient();
  const creator = session.performer;
  // The same people may read the chat as may watch; an ended show's chat stays readable to them.
  const showChat = session.canReadChat && !!session.conversationId;
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap">
        <Avatar src={creator.avatar} alt="" radius="xl" component={Link} to={profilePath(creator)} />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Group gap="xs">
            {session.status === 'live' ? (
              <Badge color="red" variant="filled">
                LIVE
              </Badge>
            ) : null}
            <Title order={1} fz={{ base: 20, sm: 26 }} lh={1.2} style={{ overflowWrap: 'anywhere' }}>
              {session.title}
            </Title>
          </Group>
          <Anchor component={Link} to={profilePath(creator)} size="sm" c="dimmed">
            {creator.name}
          </Anchor>
        </Stack>
      </Group>
      <div className={showChat ? classes.stage : undefined}>
        <ViewerState
          session={session}
          onChanged={() => void queryClient.invalidateQueries({ queryKey: liveKeys.session(session._id) })}
        />
        {showChat ? <LiveChat session={session} /> : null}
      </div>
    </Stack>
  );
}

function ViewerState({ session, onChanged }: { session: TLiveSession; onChanged: () => void }) {
  const user = useCurrentUser();
  const needsSubscriptionCheck = session.status === 'live' && !session.canJoin && !session.isOwner && !!user;
  const mine = useMySubscription(session.performer._id, needsSubscriptionCheck);
  if (session.status === 'ended')
    return (
      <Notice
        icon={<IconBroadcastOff size={28} />}
        title="This show has ended"
        description={`Follow ${session.performer.name} to hear about the next one.`}
        action={
          <Button component={Link} to={profilePath(session.performer)} variant="default">
            See {session.performer.name}'s page
          </Button>
        }
      />
    );
  if (session.isRemoved)
    return (
      <Notice
        icon={<IconBroadcastOff size={28} />}
        title="You were removed from this show"
        description={`${session.performer.name} removed you from this live show, so you cannot watch it or chat in it.`}
        action={
          <Button component={Link} to={profilePath(session.performer)} variant="default">
            See {session.performer.name}'s page
          </Button>
        }
      />
    );
  if (session.isOwner)
    return (
      <Notice
        title="This is your show"
        description="Your camera and the End show button are in your live studio."
        action={
          <Button component={Link} to={liveStudioPath} variant="gradient">
            Open live studio
          </Button>
        }
      />
    );
  if (session.canJoin) return <LiveWatcher sessionId={session._id} onEnded={onChanged} />;
  if (needsSubscriptionCheck && mine.isPending) return <Skeleton className={classes.video} />;
  const isSubscriber = !!mine.data?.isActive;
  if (isSubscriber && session.price > 0 && !session.isPaid)
    return <PayToJoin session={session} onPaid={onChanged} />;
  return (
    <Notice
      icon={<IconStar size={28} />}
      title={`For ${session.performer.name}'s subscribers`}
      description={
        session.price > 0
          ? `Subscribe to ${session.performer.name}, then join this show for ${formatPrice(session.price)}.`
          : `Subscribe to ${session.performer.name} to watch this show for free.`
      }
      action={
        <Button component={Link} to={profilePath(session.performer)} variant="gradient">
          Subscribe to {session.performer.name}
        </Button>
      }
    />
  );
}

function Notice(props: { icon?: ReactNode; title: string; description: string; action: ReactNode }) {
  return (
    <Card py={{ base: 32, sm: 56 }}>
      <EmptyNotice icon={props.icon} title={props.title} description={props.description}>
        {props.action}{' '}
      </EmptyNotice>
    </Card>
  );
}

/** "Join for $x": the price and the fan's balance, then one wallet charge per session. */
function PayToJoin({ session, onPaid }: { session: TLiveSession; onPaid: () => void }) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [isOpen, setOpen] = useState(false);
  const [isBusy, setBusy] = useState(false);
  // One attempt, one key: a retry after a lost answer is charged once.
  const attemptKey = useRef<string | null>(null);
  const isPaying = useRef(false);
  const balance = user?.balance ?? 0;
  const price = formatPrice(session.price);

  function open() {
    attemptKey.current = newIdempotencyKey();
    setOpen(true);
  }

  async function handlePay() {
    if (isPaying.current) return;
    isPaying.current = true;
    setBusy(true);
    try {
      await payForShow(session._id, attemptKey.current ?? newIdempotencyKey());
      notifySuccess('Paid: enjoy the show.');
      setOpen(false);
      await refreshWallet(queryClient);
      onPaid();
    } catch (error) {
      if (errorCode(error) === 'CONFLICT') {
        setOpen(false);
        onPaid();
      } else if (errorCode(error) === 'INSUFFICIENT_BALANCE') {
        notifications.show({
          color: 'red',
          autoClose: 3000,
          message: (
            <span>
              {errorMessage(error)}{' '}
              <Anchor component={Link} to="/user/wallet" size="sm" fw={600}>
                Top up your wallet
              </Anchor>
            </span>
          ),
        });
      } else {
        notifyError(error);
      }
    } finally {
      isPaying.current = false;
      setBusy(false);
    }
  }

  return (
    <>
      <Notice
        icon={<IconLock size={28} />}
        title="A paid show"
        description={`Pay ${price} once from your wallet to watch this show.`}
        action={
          <Button variant="gradient" onClick={open}>
            Join for {price}
          </Button>
        }
      />
      <PayToJoinDialog
        opened={isOpen}
        onClose={() => setOpen(false)}
        price={session.price}
        balance={balance}
        isBusy={isBusy}
        onPay={() => void handlePay()}
      />
    </>
  );
}
