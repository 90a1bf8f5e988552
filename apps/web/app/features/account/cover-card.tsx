import type { TPerformerMe } from '@fanstage/contract';
import { Button, Card, FileButton, Image, Progress, Skeleton, Text, Title } from '@mantine/core';
import { IconPhotoUp } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiUpload } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { performerKeys } from '../performers/performers-api';
import classes from './cover-card.module.css';

const maxCoverBytes = 10 * 1024 * 1024;

/** The wide banner on top of the creator page, with an upload button and its progress. */
export function CoverCard({ me }: { me: TPerformerMe | undefined }) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);

  const upload = async (file: File | null) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) return notifyError('Please choose an image (JPEG, PNG, WebP, …).');
    if (file.size > maxCoverBytes) return notifyError('The image must be at most 10 MB.');
    const body = new FormData();
    body.set('file', file);
    setProgress(0);
    try {
      const res = await apiUpload<{ data: { url: string } }>('/performers/cover/upload', body, {
        onProgress: setProgress,
      });
      queryClient.setQueryData<TPerformerMe>(performerKeys.me, (old) =>
        old ? { ...old, cover: res.data.url } : old,
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
      <Title order={2} fz="md">
        Cover image
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        A wide picture across the top of your page (1500 × 500 works best).
      </Text>
      {me ? (
        <div className={classes.banner}>
          {me.cover ? <Image src={me.cover} alt="Your cover image" h="100%" w="100%" fit="cover" /> : null}
          {progress !== null ? (
            <div className={classes.overlay}>
              <Progress value={progress} size="md" radius="xl" animated aria-label="Upload progress" />
              <Text c="white" fw={700} size="sm" ta="center">
                {progress}%
              </Text>
            </div>
          ) : null}
        </div>
      ) : (
        <Skeleton style={{ aspectRatio: '3 / 1' }} radius="md" />
      )}
      <FileButton onChange={(file) => void upload(file)} accept="image/*">
        {(props) => (
          <Button
            {...props}
            mt="sm"
            variant="light"
            size="xs"
            fullWidth
            leftSection={<IconPhotoUp size={14} />}
            loading={progress !== null}
            disabled={!me}
          >
            {me?.cover ? 'Change cover' : 'Upload a cover'}
          </Button>
        )}
      </FileButton>
    </Card>
  );
}
