import type { TMediaView } from '@fanstage/contract';
import { ActionIcon, Group, Modal, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import classes from './content.module.css';

/** Full-size photos one at a time: arrows, arrow keys, and the position in the set. */
export function PhotoLightbox({
  photos,
  index,
  onIndexChange,
  onClose,
  alt,
}: {
  photos: TMediaView[];
  /** The open photo, or null when closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  alt: string;
}) {
  const count = photos.length;
  const current = index === null ? undefined : photos[index];
  const go = (next: number) => onIndexChange(Math.min(count - 1, Math.max(0, next)));
  return (
    <Modal
      opened={current !== undefined}
      onClose={onClose}
      size="auto"
      centered
      title={index !== null && count > 1 ? `Photo ${index + 1} of ${count}` : 'Photo'}
      onKeyDown={(e) => {
        if (index === null) return;
        if (e.key === 'ArrowLeft') go(index - 1);
        if (e.key === 'ArrowRight') go(index + 1);
      }}
    >
      {current && index !== null ? (
        <div className={classes.lightbox}>
          <img
            className={classes.lightboxImage}
            src={current.urls?.full ?? current.urls?.feed ?? current.urls?.thumbnail}
            alt={`${alt} (${index + 1}/${count})`}
          />
          {count > 1 ? (
            <Group justify="space-between" mt="sm">
              <ActionIcon
                variant="default"
                radius="xl"
                size="lg"
                aria-label="Previous photo"
                disabled={index === 0}
                onClick={() => go(index - 1)}
              >
                <IconChevronLeft size={20} />
              </ActionIcon>
              <Text size="sm" c="dimmed">
                {index + 1} / {count}
              </Text>
              <ActionIcon
                variant="default"
                radius="xl"
                size="lg"
                aria-label="Next photo"
                disabled={index === count - 1}
                onClick={() => go(index + 1)}
              >
                <IconChevronRight size={20} />
              </ActionIcon>
            </Group>
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
