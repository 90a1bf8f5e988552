import type { TCurrentUser } from '@fanstage/contract';
import { Avatar, Badge, Button, Card, FileButton, Group, RingProgress, Stack, Text } from '@mantine/core';
import { IconCamera, IconExternalLink } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { apiUpload } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { ResendVerification } from '../auth/resend-verification';
import { currentUserKey } from '../auth/use-current-user';
import classes from './avatar-card.module.css';

const maxAvatarBytes = 10 * 1024 * 1024;

/** The user's photo with an upload button (progress shown on the photo), name and account status. */
export function AvatarCard({ user }: { user: TCurrentUser }) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);

  const upload = async (file: File | null) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) return notifyError('Please choose an image (JPEG, PNG, WebP, …).');
    if (file.size > maxAvatarBytes) return notifyError('The image must be at most 10 MB.');
    const body = new FormData();
    body.set('file', file);
    setProgress(0);
    try {
      const res = await apiUpload<{ data: { url: string } }>('/users/avatar/upload', body, {
        onProgress: setProgress,
      });
      queryClient.setQueryData<TCurrentUser | null>(currentUserKey, (old) =>
        old ? { ...old, avatar: res.data.url } : old,
      );
      notifySuccess();
    } catch (err) {
      notifyError(err);
    } finally {
      setProgress(null);
    }
  };

  return (
    <Card>
      <Stack align="center" gap="sm" ta="center">
        <div className={classes.avatarWrap}>
          <Avatar src={user.avatar} alt={user.name} size={112} radius={999} className={classes.avatar} />
          {progress !== null ? (
            <div className={classes.overlay}>
              <RingProgress
                size={88}
                thickness={6}
                roundCaps
                sections={[{ value: progress, color: 'brand' }]}
                label={
                  <Text c="white" fw={700} ta="center" size="sm">
                    {progress}%
                  </Text>
                }
              />
            </div>
          ) : null}
        </div>
        <FileButton onChange={(file) => void upload(file)} accept="image/*">
          {(props) => (
            <Button
              {...props}
              variant="light"
              size="xs"
              leftSection={<IconCamera size={14} />}
              loading={progress !== null}
            >
              Change photo
            </Button>
          )}
        </FileButton>
        <div style={{ minWidth: 0, maxWidth: '100%' }}>
          <Text fw={700} fz="lg" truncate>
            {user.name}
          </Text>
          <Text c="dimmed" size="sm" truncate>
            {user.username ? `@${user.username}` : 'No username yet'}
          </Text>
        </div>
        <Group gap={6} justify="center">
          <Badge variant="light" color={user.isPerformer ? 'violet' : user.isAdmin ? 'dark' : 'brand'}>
            {user.isPerformer ? 'Creator' : user.isAdmin ? 'Admin' : 'Fan'}
          </Badge>
          {user.email ? (
            <Badge variant="light" color={user.verifiedEmail ? 'teal' : 'yellow'}>
              {user.verifiedEmail ? 'Email verified' : 'Email not verified'}
            </Badge>
          ) : null}
          {user.isPerformer ? (
            <Badge variant="light" color={user.verifiedDocument ? 'teal' : 'gray'}>
              {user.verifiedDocument ? 'ID verified' : 'ID check pending'}
            </Badge>
          ) : null}
        </Group>
        {user.email && !user.verifiedEmail ? (
          <ResendVerification email={user.email} variant="subtle" size="xs" />
        ) : null}
        {user.isPerformer && user.username ? (
          <Button
            component={Link}
            to={`/${user.username}`}
            variant="default"
            fullWidth
            rightSection={<IconExternalLink size={14} />}
          >
            View my page
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}
