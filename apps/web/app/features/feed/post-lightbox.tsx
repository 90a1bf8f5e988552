import type { TMediaView } from '@fanstage/contract';
import { Modal } from '@mantine/core';
import classes from './post-media.module.css';

/** A post's photo full size (the carousel of post-media.tsx opens it); arrow keys step through the set. */
export function PostLightbox({
  opened,
  onClose,
  files,
  index,
  onGo,
  alt,
}: {
  opened: boolean;
  onClose: () => void;
  files: TMediaView[];
  index: number;
  onGo: (index: number) => void;
  alt: string;
}) {
  const count = files.length;
  const current = files[index];
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="auto"
      centered
      title={count > 1 ? `Photo ${index + 1} of ${count}` : 'Photo'}
      onKeyDown={(e) => {
        if (e.key === 'ArrowLeft') onGo(index - 1);
        if (e.key === 'ArrowRight') onGo(index + 1);
      }}
    >
      {current ? (
        <img
          className={classes.lightboxImage}
          src={current.urls?.full ?? current.urls?.feed ?? current.preview}
          alt={`${alt} (${index + 1}/${count})`}
        />
      ) : null}
    </Modal>
  );
}
