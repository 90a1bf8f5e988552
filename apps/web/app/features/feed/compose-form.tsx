import '@mantine/dropzone/styles.css';
import { maxFeedPrice, type TFeed, type TMediaUploadKind } from '@fanstage/contract';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  Progress,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import {
  IconChartBar,
  IconMusic,
  IconPhoto,
  IconPlus,
  IconTrash,
  IconUpload,
  IconVideo,
  IconX,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type FormEvent, useCallback } from 'react';
import { Controller, type FieldPath, useFieldArray, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { AmountInput } from '../../components/amount-input';
import { api } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useWriteMutation } from '../../lib/use-write-mutation';
import classes from './compose-form.module.css';
import {
  type ComposeValues,
  composePayload,
  emptyCompose,
  maxPollOptions,
  minPollOptions,
} from './compose-values';
import { feedKeys } from './feed-api';
import { isUploadRunning, type UploadItem, useFileStatus, useUploads } from './use-uploads';

const accessOptions = [
  { value: 'subscribers', label: 'Subscribers' },
  { value: 'ppv', label: 'Pay per view' },
  { value: 'free', label: 'Free' },
];

const accessHelp: Record<ComposeValues['access'], string> = {
  subscribers: 'Only your subscribers can see this post.',
  ppv: 'Fans pay this price once to unlock the post (subscribers too).',
  free: 'Everyone who is logged in can see this post, free.',
};

const uploadKindOf = (file: File): TMediaUploadKind | null =>
  file.type.startsWith('image/')
    ? 'photo'
    : file.type.startsWith('video/')
      ? 'video'
      : file.type.startsWith('audio/')
        ? 'audio'
        : null;

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A new post: text, media (uploaded at once with progress), a poll, who may see it, and when. */
export function ComposeForm({ username }: { username: string | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const uploads = useUploads();
  const form = useForm<ComposeValues>({ defaultValues: emptyCompose });
  const poll = useFieldArray({ control: form.control, name: 'pollOptions' });
  const errors = form.formState.errors;
  const access = form.watch('access');
  const isScheduled = form.watch('isScheduled');
  const hasPoll = form.watch('hasPoll');

  const media = uploads.items.filter((i) => i.kind === 'photo' || i.kind === 'video' || i.kind === 'audio');
  const mainKind = media[0]?.kind ?? null;
  const thumbnail = uploads.items.find((i) => i.kind === 'thumbnail') ?? null;
  const teaser = uploads.items.find((i) => i.kind === 'teaser') ?? null;
  const isUploading = uploads.items.some(isUploadRunning);
  const hasFailed = uploads.items.some((i) => i.status === 'failed');

  const publish = useWriteMutation({
    mutationFn: (payload: unknown) =>
      api.post<{ data: TFeed }>('/performer/feeds', payload).then((r) => r.data),
  });

  const handleDrop = (files: File[]) => {
    // A post holds several photos, or one video, or one audio file: check the whole drop first.
    let current = mainKind;
    for (const file of files) {
      const kind = uploadKindOf(file);
      if (!kind) return notifyError('Choose photos, one video or one audio file.');
      if (current && (current !== kind || kind !== 'photo'))
        return notifyError('A post holds several photos, or one video, or one audio file.');
      current = kind;
    }
    for (const file of files) {
      const kind = uploadKindOf(file);
      const problem = kind ? uploads.add(kind, file) : null;
      if (problem) notifyError(problem);
    }
  };

  const addSingle = (kind: 'thumbnail' | 'teaser', file: File | null) => {
    if (!file) return;
    const existing = kind === 'thumbnail' ? thumbnail : teaser;
    if (existing) uploads.remove(existing.key);
    const problem = uploads.add(kind, file);
    if (problem) notifyError(problem);
  };

  const validateAndPublish = form.handleSubmit((values) => {
    const ready = (kind: TMediaUploadKind) =>
      uploads.items
        .filter((i) => i.kind === kind && i.fileId && i.status !== 'failed')
        .map((i) => i.fileId ?? '');
    const result = composePayload(
      values,
      {
        photoIds: ready('photo'),
        videoId: ready('video')[0] ?? null,
        audioId: ready('audio')[0] ?? null,
        thumbnailId: ready('thumbnail')[0] ?? null,
        teaserId: ready('teaser')[0] ?? null,
      },
      new Date(),
    );
    if (!result.ok) {
      Object.entries(result.errors).forEach(([path, message], i) => {
        form.setError(
          path as FieldPath<ComposeValues>,
          { type: 'validate', message },
          { shouldFocus: i === 0 },
        );
      });
      return;
    }
    publish.mutate(result.payload, {
      onSuccess: (post) => {
        void queryClient.invalidateQueries({ queryKey: feedKeys.all });
        notifySuccess(post.status === 'scheduled' ? 'Your post is scheduled' : 'Your post is published');
        uploads.clear();
        void navigate(username ? `/${username}` : '/creator/posts');
      },
      onError: (err) => notifyError(err),
    });
  });

  // Every rule lives in composePayload, which sets its errors by hand; react-hook-form keeps an error
  // that is not tied to a registered field (the poll's "Each option must be different") and would
  // refuse every later submit, so each attempt starts from a clean slate.
  const submit = (e: FormEvent) => {
    form.clearErrors();
    return validateAndPublish(e);
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="lg">
        <Card>
          <Stack gap="md">
            <Textarea
              label="Text"
              placeholder="What would you like to share?"
              autosize
              minRows={4}
              maxRows={14}
              maxLength={5000}
              error={errors.text?.message}
              {...form.register('text')}
            />
            <TextInput
              label="Public teaser line (optional)"
              description="Everyone sees this line, also while the post is locked; the text above is only for those who may view the post."
              placeholder="A line that makes fans curious"
              error={errors.previewText?.message}
              {...form.register('previewText')}
            />

            {hasPoll || mainKind === 'video' || mainKind === 'audio' ? null : (
              <div>
                <Text size="sm" fw={500} mb={6}>
                  Media
                </Text>
                <Dropzone
                  onDrop={handleDrop}
                  onReject={() => notifyError('Choose photos, one video or one audio file.')}
                  accept={['image/*', 'video/*', 'audio/*']}
                  multiple
                  className={classes.dropzone}
                  radius="md"
                >
                  <Group justify="center" gap="sm" mih={110} style={{ pointerEvents: 'none' }} wrap="nowrap">
                    <Dropzone.Accept>
                      <ThemeIcon size={44} radius="xl" variant="light" color="brand">
                        <IconUpload size={22} />
                      </ThemeIcon>
                    </Dropzone.Accept>
                    <Dropzone.Reject>
                      <ThemeIcon size={44} radius="xl" variant="light" color="red">
                        <IconX size={22} />
                      </ThemeIcon>
                    </Dropzone.Reject>
                    <Dropzone.Idle>
                      <ThemeIcon size={44} radius="xl" variant="light">
                        <IconPhoto size={22} />
                      </ThemeIcon>
                    </Dropzone.Idle>
                    <div>
                      <Text size="sm" fw={500}>
                        {mainKind === 'photo'
                          ? 'Drop more photos or click to add them'
                          : 'Drop photos, a video or an audio file, or click to choose'}
                      </Text>
                      <Text size="xs" c="dimmed">
                        Photos up to 20 MB each, video up to 2 GB, audio up to 200 MB
                      </Text>
                    </div>
                  </Group>
                </Dropzone>
              </div>
            )}

            {uploads.items.length > 0 ? (
              <Stack gap="xs" aria-label="Attached files">
                {uploads.items.map((item) => (
                  <UploadRow key={item.key} item={item} onPatch={uploads.patch} onRemove={uploads.remove} />
                ))}
              </Stack>
            ) : null}

            {mainKind === 'video' || mainKind === 'audio' ? (
              <Group gap="xs">
                <FileButton accept="image/*" onChange={(file) => addSingle('thumbnail', file)}>
                  {(props) => (
                    <Button {...props} variant="default" size="xs" leftSection={<IconPhoto size={14} />}>
                      {thumbnail ? 'Change thumbnail' : 'Add a custom thumbnail'}
                    </Button>
                  )}
                </FileButton>
                {mainKind === 'video' ? (
                  <FileButton accept="video/*" onChange={(file) => addSingle('teaser', file)}>
                    {(props) => (
                      <Button {...props} variant="default" size="xs" leftSection={<IconVideo size={14} />}>
                        {teaser ? 'Change teaser' : 'Add a teaser clip'}
                      </Button>
                    )}
                  </FileButton>
                ) : null}
              </Group>
            ) : null}

            {media.length === 0 ? (
              <Controller
                control={form.control}
                name="hasPoll"
                render={({ field }) => (
                  <Switch
                    checked={field.value}
                    onChange={(e) => field.onChange(e.currentTarget.checked)}
                    label="Add a poll"
                    description="Fans pick one answer; you see the results as they come in."
                    thumbIcon={<IconChartBar size={10} />}
                  />
                )}
              />
            ) : null}

            {hasPoll ? (
              <Stack gap="xs">
                {poll.fields.map((field, i) => (
                  <Group key={field.id} gap="xs" wrap="nowrap" align="flex-start">
                    <TextInput
                      style={{ flex: 1 }}
                      placeholder={`Option ${i + 1}`}
                      aria-label={`Poll option ${i + 1}`}
                      maxLength={200}
                      error={errors.pollOptions?.[i]?.text?.message}
                      {...form.register(`pollOptions.${i}.text`)}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size={36}
                      aria-label={`Remove option ${i + 1}`}
                      disabled={poll.fields.length <= minPollOptions}
                      onClick={() => poll.remove(i)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                ))}
                {errors.pollOptions?.root?.message ? (
                  <Text size="xs" c="red">
                    {errors.pollOptions.root.message}
                  </Text>
                ) : null}
                <Group justify="space-between">
                  <Button
                    variant="subtle"
                    size="xs"
                    leftSection={<IconPlus size={14} />}
                    disabled={poll.fields.length >= maxPollOptions}
                    onClick={() => poll.append({ text: '' })}
                  >
                    Add an option
                  </Button>
                  <Controller
                    control={form.control}
                    name="pollDays"
                    render={({ field }) => (
                      <Select
                        aria-label="Poll length"
                        w={160}
                        size="xs"
                        allowDeselect={false}
                        data={[
                          { value: '1', label: 'Ends in 1 day' },
                          { value: '3', label: 'Ends in 3 days' },
                          { value: '7', label: 'Ends in 1 week' },
                          { value: '0', label: 'No end' },
                        ]}
                        value={field.value}
                        onChange={(v) => field.onChange(v ?? '1')}
                      />
                    )}
                  />
                </Group>
              </Stack>
            ) : null}
          </Stack>
        </Card>

        <Card>
          <Stack gap="md">
            <div>
              <Text size="sm" fw={500} mb={6}>
                Who can see it
              </Text>
              <Controller
                control={form.control}
                name="access"
                render={({ field }) => (
                  <SegmentedControl
                    fullWidth
                    data={accessOptions}
                    value={field.value}
                    onChange={field.onChange}
                  />
                )}
              />
              <Text size="xs" c="dimmed" mt={6}>
                {accessHelp[access]}
              </Text>
            </div>
            {access === 'ppv' ? (
              <Controller
                control={form.control}
                name="price"
                render={({ field }) => (
                  <AmountInput
                    mode="money"
                    noun="price"
                    isOptional
                    label="Price"
                    placeholder="4.99"
                    min={0}
                    max={maxFeedPrice}
                    w={{ base: '100%', sm: 200 }}
                    value={field.value}
                    onChange={field.onChange}
                    error={errors.price?.message}
                  />
                )}
              />
            ) : null}
            <Controller
              control={form.control}
              name="isScheduled"
              render={({ field }) => (
                <Switch
                  checked={field.value}
                  onChange={(e) => field.onChange(e.currentTarget.checked)}
                  label="Schedule for later"
                  description="Fans see the post from the time you choose."
                />
              )}
            />
            {isScheduled ? (
              <TextInput
                type="datetime-local"
                label="Goes live at"
                w={{ base: '100%', sm: 260 }}
                min={dayjs().format('YYYY-MM-DDTHH:mm')}
                error={errors.scheduledAt?.message}
                {...form.register('scheduledAt')}
              />
            ) : null}
          </Stack>
        </Card>

        <Group justify="flex-end" gap="sm">
          {isUploading ? (
            <Text size="sm" c="dimmed">
              Waiting for uploads to finish…
            </Text>
          ) : hasFailed ? (
            <Text size="sm" c="red">
              Remove the failed files to publish.
            </Text>
          ) : null}
          <Button
            type="submit"
            variant="gradient"
            size="md"
            loading={publish.isPending}
            disabled={isUploading || hasFailed}
          >
            {isScheduled ? 'Schedule post' : 'Publish'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const kindIcon = {
  photo: IconPhoto,
  thumbnail: IconPhoto,
  video: IconVideo,
  teaser: IconVideo,
  audio: IconMusic,
};
const kindLabel = {
  photo: 'Photo',
  thumbnail: 'Thumbnail',
  video: 'Video',
  teaser: 'Teaser',
  audio: 'Audio',
};

/** One attached file: progress while it is sent, then the server's processing status. */
function UploadRow({
  item,
  onPatch,
  onRemove,
}: {
  item: UploadItem;
  onPatch: (key: string, change: Partial<UploadItem>) => void;
  onRemove: (key: string) => void;
}) {
  const handleChange = useCallback(
    (change: Partial<UploadItem>) => onPatch(item.key, change),
    [onPatch, item.key],
  );
  useFileStatus(item, handleChange);
  const Icon = kindIcon[item.kind];

  return (
    <div className={classes.row}>
      {item.previewUrl ? (
        <img src={item.previewUrl} alt="" className={classes.thumb} />
      ) : (
        <div className={classes.thumb}>
          <Icon size={22} />
        </div>
      )}
      <div className={classes.rowBody}>
        <Group gap={6} wrap="nowrap" justify="space-between">
          <Text size="sm" fw={500} truncate>
            {item.name}
          </Text>
          <Badge size="sm" variant="light" color="gray" style={{ flexShrink: 0 }}>
            {kindLabel[item.kind]}
          </Badge>
        </Group>
        {item.status === 'uploading' ? (
          <>
            <Progress
              value={item.progress}
              size="sm"
              mt={6}
              aria-label={`Uploading ${item.name}`}
              animated
              striped
            />
            <Text size="xs" c="dimmed" mt={4}>
              Uploading… {item.progress}% of {megabytes(item.size)}
            </Text>
          </>
        ) : item.status === 'failed' ? (
          <Text size="xs" c="red" mt={4}>
            {item.kind === 'video' ? 'Video failed' : 'Upload failed'}: {item.error ?? 'please try again.'}
          </Text>
        ) : item.status === 'ready' ? (
          <Text size="xs" c="teal" mt={4}>
            Ready · {megabytes(item.size)}
          </Text>
        ) : (
          <>
            <Progress value={item.processing ?? 100} size="sm" mt={6} color="violet" animated striped />
            <Text size="xs" c="dimmed" mt={4}>
              Processing {item.kind}…{item.processing !== undefined ? ` ${item.processing}%` : ''} You can
              publish now; fans see it when it is ready.
            </Text>
          </>
        )}
      </div>
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={`Remove ${item.name}`}
        onClick={() => onRemove(item.key)}
      >
        <IconX size={16} />
      </ActionIcon>
    </div>
  );
}
