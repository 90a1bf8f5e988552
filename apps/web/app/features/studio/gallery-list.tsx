import type { TGallery } from '@fanstage/contract';
import { ActionIcon, Badge, Card, Group, Menu, SimpleGrid, Text } from '@mantine/core';
import { IconDots, IconPencil, IconPhoto, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { plural } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import classes from './studio.module.css';
import { useDeleteGallery } from './studio-api';
import { ConfirmDelete, cardCols } from './studio-ui';
import { accessLabel, imageOf } from './studio-values';

/** Gallery cards: cover, title, photo count, who can see it, status; edit or delete each. */
export function GalleryList({ galleries }: { galleries: TGallery[] }) {
  const [deleting, setDeleting] = useState<TGallery | null>(null);
  const remove = useDeleteGallery();

  return (
    <>
      <SimpleGrid cols={cardCols} spacing="md">
        {galleries.map((gallery) => {
          const cover = imageOf(gallery.cover);
          const to = `/creator/galleries/${gallery._id}`;
          return (
            <Card key={gallery._id} padding={0} data-testid="studio-gallery">
              <Link to={to} className={classes.tileLink} aria-label={`Edit ${gallery.title}`}>
                <div className={`${classes.tile} ${classes.wide}`} style={{ borderRadius: 0 }}>
                  {cover ? (
                    <img src={cover} alt="" loading="lazy" />
                  ) : (
                    <div className={classes.tileEmpty}>
                      <IconPhoto size={32} />
                    </div>
                  )}
                  <div className={classes.topLeft}>
                    <Badge size="sm" variant="filled" color={gallery.status === 'active' ? 'teal' : 'gray'}>
                      {gallery.status === 'active' ? 'Active' : 'Draft'}
                    </Badge>
                    <Badge size="sm" variant="filled" color="grape">
                      {accessLabel(gallery)}
                    </Badge>
                  </div>
                </div>
              </Link>
              <Group className={classes.cardBody} justify="space-between" wrap="nowrap" gap="xs">
                <div className={classes.grow}>
                  <Text fw={600} truncate component={Link} to={to} c="inherit" td="none" display="block">
                    {gallery.title}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {plural(gallery.numPhotos, 'photo')}
                  </Text>
                </div>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon variant="subtle" color="gray" aria-label={`Options for ${gallery.title}`}>
                      <IconDots size={18} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item component={Link} to={to} leftSection={<IconPencil size={16} />}>
                      Edit and add photos
                    </Menu.Item>
                    <Menu.Divider />
                    <Menu.Item
                      color="red"
                      leftSection={<IconTrash size={16} />}
                      onClick={() => setDeleting(gallery)}
                    >
                      Delete
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Group>
            </Card>
          );
        })}
      </SimpleGrid>
      <DeleteGalleryDialog
        gallery={deleting}
        isPending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={(gallery) =>
          remove.mutate(gallery._id, {
            onSuccess: () => {
              setDeleting(null);
              notifySuccess('Gallery deleted');
            },
            onError: (err) => notifyError(err),
          })
        }
      />
    </>
  );
}

export function DeleteGalleryDialog(props: {
  gallery: TGallery | null;
  isPending: boolean;
  onCancel: () => void;
  onConfirm: (gallery: TGallery) => void;
}) {
  const { gallery } = props;
  return (
    <ConfirmDelete
      opened={gallery !== null}
      title="Delete this gallery?"
      isPending={props.isPending}
      onCancel={props.onCancel}
      onConfirm={() => gallery && props.onConfirm(gallery)}
    >
      {gallery
        ? `“${gallery.title}” and its ${plural(gallery.numPhotos, 'photo')} are removed for good. Fans who bought it lose access.`
        : null}
    </ConfirmDelete>
  );
}
