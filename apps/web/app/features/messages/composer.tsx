import { maximumMoneyAmount, messageMaxLength, type TMessageCreate } from '@fanstage/contract';
import {
  ActionIcon,
  CloseButton,
  FileButton,
  Group,
  Progress,
  Stack,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { IconPaperclip, IconPhoto, IconSend, IconVideo } from '@tabler/icons-react';
import { useState } from 'react';
import { AmountInput, amountProblem } from '../../components/amount-input';
import { notifyError } from '../../lib/notify';
import { isUploadRunning, type SentUpload, type UploadSender, useUploadQueue } from '../feed/use-uploads';
import classes from './messages.module.css';
import { uploadMessageFile } from './messages-api';

const sendFile: UploadSender<'photo' | 'video'> = (kind, file, io) =>
  uploadMessageFile(kind, file, io).then(
    (res): SentUpload => ({ fileId: res.data._id, status: res.data.status }),
  );

/**
 * Plain text (Enter sends, Shift+Enter breaks the line), photos and videos sent as soon as they
 * are attached with their progress, and for creators a price that makes the message paid.
 */
export function Composer({
  canSend,
  cannotSendReason,
  isCreator,
  onSend,
}: {
  canSend: boolean;
  cannotSendReason: string | null;
  isCreator: boolean;
  onSend: (body: TMessageCreate) => Promise<void>;
}) {
  const [text, setText] = useState('');
  const [price, setPrice] = useState<number | ''>('');
  const [isSending, setSending] = useState(false);
  const uploads = useUploadQueue(sendFile);
  const isUploading = uploads.items.some(isUploadRunning);
  const hasFailed = uploads.items.some((i) => i.status === 'failed');
  const fileIds = uploads.items.flatMap((i) => (i.fileId ? [i.fileId] : []));
  const isEmpty = text.trim().length === 0 && fileIds.length === 0;
  const priceProblem =
    isCreator && uploads.items.length > 0
      ? amountProblem(price, {
          mode: 'money',
          noun: 'price',
          min: 0,
          max: maximumMoneyAmount,
          isOptional: true,
        })
      : null;

  if (!canSend) {
    return (
      <Text className={classes.composer} size="sm" c="dimmed" ta="center" data-testid="cannot-send">
        {cannotSendReason ?? 'You cannot send messages in this conversation.'}
      </Text>
    );
  }

  function attach(files: File[]) {
    for (const file of files) {
      const kind = file.type.startsWith('video/') ? 'video' : file.type.startsWith('image/') ? 'photo' : null;
      if (!kind) {
        notifyError({ message: `${file.name} is not a photo or a video.` });
        continue;
      }
      const problem = uploads.add(kind, file);
      if (problem) notifyError({ message: problem });
    }
  }

  async function submit() {
    if (isEmpty || isUploading || hasFailed || isSending || priceProblem) return;
    setSending(true);
    try {
      await onSend({
        text: text.trim(),
        fileIds,
        ...(isCreator && fileIds.length > 0 && typeof price === 'number' && price > 0 ? { price } : {}),
      });
      setText('');
      setPrice('');
      uploads.clear();
    } catch (error) {
      notifyError(error);
    } finally {
      setSending(false);
    }
  }

  return (
    <Stack gap={6} className={classes.composer}>
      {uploads.items.length > 0 ? (
        <Group gap="xs">
          {uploads.items.map((item) => (
            <Group
              key={item.key}
              gap={6}
              wrap="nowrap"
              px={8}
              py={4}
              style={{
                border: '1px solid var(--mantine-color-default-border)',
                borderRadius: 8,
                maxWidth: 220,
              }}
            >
              {item.kind === 'video' ? <IconVideo size={16} /> : <IconPhoto size={16} />}
              <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                <Text size="xs" truncate>
                  {item.name}
                </Text>
                {item.status === 'uploading' ? (
                  <Progress value={item.progress} size="xs" aria-label={`Uploading ${item.name}`} />
                ) : item.status === 'failed' ? (
                  <Text size="10px" c="red">
                    {item.error ?? 'Upload failed'}
                  </Text>
                ) : null}
              </Stack>
              <CloseButton
                size="xs"
                aria-label={`Remove ${item.name}`}
                onClick={() => uploads.remove(item.key)}
              />
            </Group>
          ))}
        </Group>
      ) : null}
      {isCreator && uploads.items.length > 0 ? (
        <AmountInput
          mode="money"
          noun="price"
          isOptional
          label="Price to unlock"
          description="Leave empty to send it free."
          placeholder="e.g. 5.00"
          min={0}
          max={maximumMoneyAmount}
          value={price}
          onChange={setPrice}
          maw={220}
          size="xs"
        />
      ) : null}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <FileButton onChange={attach} accept="image/jpeg,image/png,image/webp,image/gif,video/*" multiple>
          {(props) => (
            <Tooltip label="Attach a photo or video">
              <ActionIcon {...props} variant="subtle" size={36} aria-label="Attach a photo or video">
                <IconPaperclip size={20} />
              </ActionIcon>
            </Tooltip>
          )}
        </FileButton>
        <Textarea
          aria-label="Message"
          placeholder="Write a message"
          autosize
          minRows={1}
          maxRows={5}
          maxLength={messageMaxLength}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              void submit();
            }
          }}
          style={{ flex: 1 }}
        />
        <ActionIcon
          size={36}
          variant="gradient"
          aria-label="Send"
          onClick={() => void submit()}
          loading={isSending}
          disabled={isEmpty || isUploading || hasFailed}
        >
          <IconSend size={18} />
        </ActionIcon>
      </Group>
    </Stack>
  );
}
