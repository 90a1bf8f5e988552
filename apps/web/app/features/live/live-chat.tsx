import { messageMaxLength, type TLiveSession, type TStreamMessage } from '@fanstage/contract';
import {
  ActionIcon,
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconCoin, IconEye, IconMessageCircle, IconSend } from '@tabler/icons-react';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { PlainTextInput } from '../../components/plain-text-input';
import { errorMessage } from '../../lib/errors';
import { formatPrice } from '../../lib/format';
import { useWriteMutation } from '../../lib/use-write-mutation';
import { currentSocket, onServerEvent } from '../realtime/socket-client';
import { LazyTipModal } from '../wallet/lazy-tip-modal';
import { LazyClearChatButton, LazyModerationMenu } from './lazy-owner-chat-controls';
import classes from './live.module.css';
import { chatKeys, liveKeys, postStreamMessage, useStreamMessages } from './live-api';

/** Adds a message to the cached chat once (the sender gets it from the answer and from the room). */
function addMessage(queryClient: QueryClient, conversationId: string, message: TStreamMessage) {
  queryClient.setQueryData<TStreamMessage[]>(chatKeys.messages(conversationId), (old) =>
    old && !old.some((m) => m._id === message._id) ? [...old, message] : (old ?? [message]),
  );
}

/**
 * The show's room on the live connection: joined through the show's access gate after every
 * (re)authentication, so messages, tips, clears and the viewer count arrive as they happen.
 */
function useShowRoom(session: TLiveSession, onViewers: (count: number) => void) {
  const queryClient = useQueryClient();
  const { _id: streamId, conversationId } = session;
  useEffect(() => {
    if (!conversationId) return;
    const join = () =>
      currentSocket()?.emit('stream/join', { streamId }, (result) => {
        if (result.ok) onViewers(result.viewerCount);
      });
    join();
    const offs = [
      onServerEvent('auth/result', (result) => {
        if (!result.authenticated) return;
        // After a reconnect: back into the room first, then read what was said meanwhile.
        join();
        void queryClient.invalidateQueries({ queryKey: chatKeys.messages(conversationId) });
      }),
      onServerEvent('stream/message', (event) => {
        if (event.streamId === streamId) addMessage(queryClient, conversationId, event.message);
      }),
      onServerEvent('stream/cleared', (event) => {
        if (event.streamId === streamId) queryClient.setQueryData(chatKeys.messages(conversationId), []);
      }),
      onServerEvent('stream/viewers', (event) => {
        if (event.streamId === streamId) onViewers(event.viewerCount);
      }),
      onServerEvent('stream/moderated', (event) => {
        if (event.streamId !== streamId) return;
        void queryClient.invalidateQueries({ queryKey: liveKeys.session(streamId) });
        void queryClient.invalidateQueries({ queryKey: chatKeys.messages(conversationId) });
      }),
    ];
    return () => {
      for (const off of offs) off();
      currentSocket()?.emit('stream/leave', { streamId });
    };
  }, [queryClient, streamId, conversationId, onViewers]);
}

/** The live viewer count of a show (from the server's presence in its room). */
export function ViewerCount({ count }: { count: number }) {
  return (
    <Badge variant="light" color="gray" leftSection={<IconEye size={14} />} aria-label="Watching now">
      {count} watching
    </Badge>
  );
}

/** A show's public chat: messages and tips, send box, tip button for fans, moderation for the creator. */
export function LiveChat({
  session,
  onViewerCount,
}: {
  session: TLiveSession;
  /** The viewer count as it changes (the page may show it next to the title). */
  onViewerCount?: (count: number) => void;
}) {
  const [viewers, setViewers] = useState(session.viewerCount ?? 0);
  const report = useRef(onViewerCount);
  report.current = onViewerCount;
  const handleViewers = useRef((count: number) => {
    setViewers(count);
    report.current?.(count);
  }).current;
  useShowRoom(session, handleViewers);
  const messages = useStreamMessages(session.conversationId);
  const isLive = session.status === 'live';

  return (
    <Card className={classes.chat} padding="sm" aria-label="Live chat" component="section">
      <Group justify="space-between" gap="xs" mb="xs" wrap="nowrap">
        <Group gap={6} wrap="nowrap">
          <IconMessageCircle size={18} />
          <Title order={2} fz="md">
            Live chat
          </Title>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <ViewerCount count={viewers} />
          {session.isOwner && isLive && session.conversationId ? (
            <LazyClearChatButton conversationId={session.conversationId} />
          ) : null}
        </Group>
      </Group>
      <MessageList session={session} query={messages} />
      {session.conversationId ? <SendBox session={session} conversationId={session.conversationId} /> : null}
    </Card>
  );
}

function MessageList({
  session,
  query,
}: {
  session: TLiveSession;
  query: ReturnType<typeof useStreamMessages>;
}) {
  const bottom = useRef<HTMLDivElement>(null);
  const count = query.data?.length ?? 0;
  useEffect(() => {
    if (count > 0) bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [count]);
  if (!session.conversationId)
    return (
      <Text size="sm" c="dimmed" className={classes.chatList}>
        This show has no chat.
      </Text>
    );
  if (query.isPending)
    return (
      <Stack gap="xs" className={classes.chatList} data-testid="chat-skeleton">
        <Skeleton h={18} w="70%" />
        <Skeleton h={18} w="55%" />
        <Skeleton h={18} w="80%" />
      </Stack>
    );
  if (query.isError)
    return (
      <Alert color="red" variant="light" className={classes.chatList}>
        {errorMessage(query.error)}
      </Alert>
    );
  if (query.data.length === 0)
    return (
      <Stack gap={4} align="center" justify="center" className={classes.chatList}>
        <Text fw={600}>No messages yet</Text>
        <Text size="sm" c="dimmed" ta="center">
          {session.status === 'live' ? 'Say hello to get the chat going.' : 'Nobody wrote in this show.'}
        </Text>
      </Stack>
    );
  return (
    <Stack gap={6} className={classes.chatList} role="log" aria-live="polite" aria-label="Chat messages">
      {query.data.map((message) => (
        <ChatLine key={message._id} message={message} session={session} />
      ))}
      <div ref={bottom} />
    </Stack>
  );
}

function ChatLine({ message, session }: { message: TStreamMessage; session: TLiveSession }) {
  const isTip = message.type === 'tip';
  const canModerate =
    session.isOwner && session.status === 'live' && message.senderId !== session.performer._id;
  return (
    <Group
      gap="xs"
      wrap="nowrap"
      align="flex-start"
      className={isTip ? classes.tipLine : undefined}
      data-testid={isTip ? 'chat-tip' : 'chat-message'}
    >
      <Avatar src={message.sender.avatar || null} alt="" size={24} radius="xl" />
      <Text size="sm" style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        <Text span fw={700} size="sm">
          {message.sender.name}
        </Text>{' '}
        {isTip ? (
          <Text span fw={700} size="sm" c="yellow.8">
            <IconCoin size={14} style={{ verticalAlign: 'middle' }} /> tipped{' '}
            {formatPrice(message.tipAmount ?? 0)}
          </Text>
        ) : (
          message.text
        )}
      </Text>
      {canModerate ? <LazyModerationMenu sessionId={session._id} author={message.sender} /> : null}
    </Group>
  );
}

function SendBox({ session, conversationId }: { session: TLiveSession; conversationId: string }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isTipping, setTipping] = useState(false);
  const send = useWriteMutation({
    mutationFn: (value: string) => postStreamMessage(conversationId, value),
    onSuccess: (message) => {
      addMessage(queryClient, conversationId, message);
      setText('');
    },
    onError: (err) => setError(errorMessage(err)),
  });
  const reason =
    session.status !== 'live'
      ? 'This live show has ended; its chat is read-only.'
      : session.isMuted
        ? 'The creator muted you in this show: you can read the chat but not post.'
        : null;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const value = text.trim();
    if (!value) {
      setError('Write a message first.');
      return;
    }
    setError(null);
    send.mutate(value);
  }

  if (reason && session.status !== 'live')
    return (
      <Text size="sm" c="dimmed" mt="xs">
        {reason}
      </Text>
    );
  return (
    <>
      <form onSubmit={handleSubmit} noValidate>
        <Group gap="xs" mt="xs" align="flex-start" wrap="nowrap">
          <PlainTextInput
            aria-label="Message"
            placeholder={reason ? 'You are muted' : 'Say something…'}
            value={text}
            maxLength={messageMaxLength}
            disabled={!!reason}
            onChange={(e) => {
              setText(e.currentTarget.value);
              setError(null);
            }}
            error={error ?? reason}
            style={{ flex: 1, minWidth: 0 }}
          />
          <ActionIcon
            type="submit"
            size={36}
            variant="gradient"
            aria-label="Send message"
            loading={send.isPending}
            disabled={!!reason}
          >
            <IconSend size={18} />
          </ActionIcon>
          {!session.isOwner ? (
            <Button
              variant="default"
              px={10}
              h={36}
              leftSection={<IconCoin size={18} />}
              onClick={() => setTipping(true)}
            >
              Tip
            </Button>
          ) : null}
        </Group>
      </form>
      {isTipping ? (
        <LazyTipModal
          opened={isTipping}
          onClose={() => setTipping(false)}
          performer={session.performer}
          streamId={session._id}
        />
      ) : null}
    </>
  );
}
