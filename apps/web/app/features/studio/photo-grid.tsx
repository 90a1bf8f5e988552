import type { TPhoto } from '@fanstage/contract';
import { ActionIcon, Badge, Menu, SimpleGrid, Text } from '@mantine/core';
import { IconDots, IconPhoto, IconPhotoStar, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { notifyError, notifySuccess } from '../../lib/notify';
import { HiddenBadge } from '../moderation/hidden-notice';
import { ConfirmDeleteDialog, type Deletion, useConfirmDelete } from './confirm-delete';
import classes from './studio.module.css';
import { useDeletePhoto, useSetCover } from './studio-api';
import { photoKind } from './studio-kinds';
import { tileCols } from './studio-ui';
import { imageOf } from './studio-values';

const photoDeletion: Deletion<TPhoto> = {
  kind: photoKind,
  consequence: () =>
    'The photo is removed from its gallery for good. Fans who bought the gallery no longer see it.',
  useRemove: useDeletePhoto,
};

/**
 * The creator's photos as square tiles, each with a menu: make it its gallery's cover, or delete it
 * (after a confirmation). With `galleryTitles`, each tile also names its gallery (a link to it).
 */
export function PhotoGrid(props: { photos: TPhoto[]; galleryTitles?: Map<string, string> }) {
  const confirmation = useConfirmDelete(photoDeletion);
  const setCover = useSetCover();

  const makeCover = (photo: TPhoto) =>
    setCover.mutate(photo._id, {
      onSuccess: () => notifySuccess('Cover photo changed'),
      onError: (err) => notifyError(err),
    });

  return (
    <>
      <SimpleGrid cols={tileCols} spacing="md">
        {props.photos.map((photo) => {
          const picture = imageOf(photo.media);
          const galleryTitle = props.galleryTitles?.get(photo.galleryId);
          return (
            <div key={photo._id} className={classes.tile} data-testid="studio-photo">
              {picture ? (
                <img src={picture} alt={photo.title} loading="lazy" />
              ) : (
                <div className={classes.tileEmpty}>
                  <IconPhoto size={28} />
                </div>
              )}
              {photo.isCover || photo.hidden ? (
                <div className={classes.topLeft}>
                  <HiddenBadge hidden={photo.hidden} />
                  {photo.isCover ? (
                    <Badge size="sm" variant="filled" leftSection={<IconPhotoStar size={12} />}>
                      Cover
                    </Badge>
                  ) : null}
                </div>
              ) : null}
              <div className={classes.topRight}>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon
                      className={classes.menuButton}
                      variant="filled"
                      radius="xl"
                      aria-label={`Options for ${photo.title || 'this photo'}`}
                    >
                      <IconDots size={16} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item
                      leftSection={<IconPhotoStar size={16} />}
                      disabled={photo.isCover}
                      onClick={() => makeCover(photo)}
                    >
                      {photo.isCover ? 'Gallery cover' : 'Set as gallery cover'}
                    </Menu.Item>
                    <Menu.Divider />
                    <Menu.Item
                      color="red"
                      leftSection={<IconTrash size={16} />}
                      onClick={() => confirmation.ask(photo)}
                    >
                      Delete
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </div>
              {photo.title || galleryTitle || photo.hidden ? (
                <div className={classes.caption}>
                  {photo.hidden ? (
                    <Text size="xs" fw={600} c="red.3" truncate data-testid="hidden-reason">
                      Hidden: {photo.hidden.reason}
                    </Text>
                  ) : null}
                  {photo.title ? (
                    <Text size="xs" fw={600} truncate>
                      {photo.title}
                    </Text>
                  ) : null}
                  {galleryTitle ? (
                    <Text
                      size="xs"
                      opacity={0.85}
                      truncate
                      component={Link}
                      to={`/creator/galleries/${photo.galleryId}`}
                      c="inherit"
                      td="none"
                      display="block"
                    >
                      {galleryTitle}
                    </Text>
                  ) : null}
                </div>
              ) : null}
            </div>
          );
        })}
      </SimpleGrid>
      <ConfirmDeleteDialog confirmation={confirmation} />
    </>
  );
}
