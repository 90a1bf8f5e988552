import type { TGallery } from '@fanstage/contract';
import { Badge } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { plural } from '../../lib/format';
import { type Deletion, useConfirmDelete } from './confirm-delete';
import { useDeleteGallery } from './studio-api';
import { ActiveBadge, StudioCardGrid, StudioItemCard } from './studio-card';
import { galleryKind } from './studio-kinds';
import { accessLabel, imageOf } from './studio-values';

export const galleryDeletion: Deletion<TGallery> = {
  kind: galleryKind,
  consequence: (gallery) =>
    `“${gallery.title}” and its ${plural(gallery.numPhotos, 'photo')} are removed for good. Fans who bought it lose access.`,
  useRemove: useDeleteGallery,
};

/** Gallery cards: cover, title, photo count, who can see it, status; edit or delete each. */
export function GalleryList({ galleries }: { galleries: TGallery[] }) {
  const confirmation = useConfirmDelete(galleryDeletion);
  return (
    <StudioCardGrid confirmation={confirmation}>
      {galleries.map((gallery) => (
        <StudioItemCard
          key={gallery._id}
          testId="studio-gallery"
          to={`/creator/galleries/${gallery._id}`}
          name={gallery.title}
          picture={imageOf(gallery.cover)}
          placeholderIcon={<IconPhoto size={32} />}
          badges={
            <>
              <ActiveBadge status={gallery.status} />
              <Badge size="sm" variant="filled" color="grape">
                {accessLabel(gallery)}
              </Badge>
            </>
          }
          details={plural(gallery.numPhotos, 'photo')}
          editLabel="Edit and add photos"
          hidden={gallery.hidden}
          onDelete={() => confirmation.ask(gallery)}
        />
      ))}
    </StudioCardGrid>
  );
}
