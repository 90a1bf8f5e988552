import { maxFeedPrice, type TFeed, ZFeedUpdateRequest } from '@fanstage/contract';
import { ActionIcon, Button, Group, Menu, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDots, IconPencil, IconPin, IconPinnedOff, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { AmountInput, amountProblem } from '../../components/amount-input';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useDeletePost, useUpdatePost } from './feed-api';

/** The owner's controls on a post: pin or unpin, edit text and price, delete (after a confirmation). */
export function PostOwnerMenu({ post }: { post: TFeed }) {
  const [editOpen, edit] = useDisclosure(false);
  const [deleteOpen, confirmDelete] = useDisclosure(false);
  const update = useUpdatePost();
  const remove = useDeletePost();

  const togglePin = () =>
    update.mutate(
      { id: post._id, input: { isPinned: !post.isPinned } },
      {
        onSuccess: () => notifySuccess(post.isPinned ? 'Post unpinned' : 'Post pinned to your page'),
        onError: (err) => notifyError(err),
      },
    );

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label="Post options">
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconPencil size={16} />} onClick={edit.open}>
            Edit
          </Menu.Item>
          <Menu.Item
            leftSection={post.isPinned ? <IconPinnedOff size={16} /> : <IconPin size={16} />}
            onClick={togglePin}
          >
            {post.isPinned ? 'Unpin' : 'Pin to my page'}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={confirmDelete.open}>
            Delete
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>

      {editOpen ? <EditPostModal post={post} onClose={edit.close} /> : null}

      <Modal opened={deleteOpen} onClose={confirmDelete.close} title="Delete this post?" centered>
        <Text>The post and its files are removed for good. Fans who bought it lose access.</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={confirmDelete.close}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(post._id, {
                onSuccess: () => {
                  confirmDelete.close();
                  notifySuccess('Post deleted');
                },
                onError: (err) => notifyError(err),
              })
            }
          >
            Delete
          </Button>
        </Group>
      </Modal>
    </>
  );
}

function EditPostModal({ post, onClose }: { post: TFeed; onClose: () => void }) {
  const update = useUpdatePost();
  const [text, setText] = useState(post.text);
  const [previewText, setPreviewText] = useState(post.previewText);
  const previewCheck = ZFeedUpdateRequest.shape.previewText.safeParse(previewText);
  const previewError = previewCheck.success ? null : (previewCheck.error.issues[0]?.message ?? null);
  const [price, setPrice] = useState<number | ''>(post.isSale && post.price > 0 ? post.price : '');
  const isPayPerView = post.isSale && post.price > 0;
  const priceError = !isPayPerView
    ? null
    : price === '' || price <= 0
      ? 'Set a price above $0.'
      : amountProblem(price, { mode: 'money', noun: 'price', min: 0, max: maxFeedPrice });

  const save = () => {
    if (priceError || previewError) return;
    update.mutate(
      {
        id: post._id,
        input: { text, previewText, ...(isPayPerView && typeof price === 'number' ? { price } : {}) },
      },
      {
        onSuccess: () => {
          notifySuccess();
          onClose();
        },
        onError: (err) => notifyError(err),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title="Edit post" centered size="lg">
      <Stack gap="md">
        <Textarea
          label="Text"
          autosize
          minRows={4}
          maxRows={12}
          maxLength={5000}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
        />
        <TextInput
          label="Public teaser line (optional)"
          description="Everyone sees this line, also while the post is locked."
          value={previewText}
          onChange={(e) => setPreviewText(e.currentTarget.value)}
          error={previewError}
        />
        {isPayPerView ? (
          <AmountInput
            mode="money"
            noun="price"
            isOptional
            label="Price"
            min={0}
            max={maxFeedPrice}
            w={200}
            value={price}
            onChange={setPrice}
            error={priceError}
          />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
