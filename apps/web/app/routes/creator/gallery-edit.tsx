import type { TGallery } from '@fanstage/contract';
import { Card, Grid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { GalleryForm } from '../../features/studio/gallery-form';
import { galleryDeletion } from '../../features/studio/gallery-list';
import { PhotoGrid } from '../../features/studio/photo-grid';
import { PhotoUploader } from '../../features/studio/photo-uploader';
import { useMyGallery, useMyPhotos, useUpdateGallery } from '../../features/studio/studio-api';
import { DeleteItemButton, StudioEditFrame } from '../../features/studio/studio-edit-page';
import { galleryKind } from '../../features/studio/studio-kinds';
import { GridSkeleton, StudioListBody } from '../../features/studio/studio-ui';
import { galleryFormOf } from '../../features/studio/studio-values';
import { plural } from '../../lib/format';
import { pageTitle } from '../../lib/meta';
import { notifyError, notifySuccess } from '../../lib/notify';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/gallery-edit';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'creator');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Edit gallery', matches);

export default function GalleryEditPage({ params }: Route.ComponentProps) {
  const gallery = useMyGallery(params.id);
  return (
    <StudioEditFrame
      kind={galleryKind}
      item={gallery}
      notFoundIcon={<IconPhoto size={28} />}
      skeleton={{
        span: 5,
        left: <Skeleton h={420} radius="md" />,
        right: <GridSkeleton cols={{ base: 2, sm: 3 }} count={6} />,
      }}
      title={(gallery) => gallery.title}
      description={(gallery) => plural(gallery.numPhotos, 'photo')}
    >
      {(gallery) => <GalleryEditor key={gallery._id} gallery={gallery} />}
    </StudioEditFrame>
  );
}

function GalleryEditor({ gallery }: { gallery: TGallery }) {
  const update = useUpdateGallery(gallery._id);
  const photos = useMyPhotos(gallery._id);

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Card>
          <Title order={2} fz="lg" mb="md">
            Details
          </Title>
          <GalleryForm
            initial={galleryFormOf(gallery)}
            submitLabel="Save changes"
            isPending={update.isPending}
            onSubmit={(payload, form) =>
              update.mutate(payload, {
                onSuccess: (saved) => {
                  form.reset(galleryFormOf(saved));
                  notifySuccess();
                },
                onError: (err) => {
                  form.setServerError(err);
                  notifyError(err);
                },
              })
            }
          />
        </Card>
        <DeleteItemButton item={gallery} deletion={galleryDeletion} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Card>
          <Stack gap="md">
            <div>
              <Title order={2} fz="lg">
                Photos
              </Title>
              <Text size="sm" c="dimmed">
                The first photo becomes the cover; use a photo’s menu to choose another or delete it.
              </Text>
            </div>
            <PhotoUploader galleryId={gallery._id} />
            <StudioListBody
              list={photos}
              skeleton={<GridSkeleton cols={{ base: 2, sm: 3 }} count={6} />}
              empty={
                <Text size="sm" c="dimmed" ta="center" py="lg">
                  No photos in this gallery yet. Drop some above.
                </Text>
              }
            >
              {(items) => <PhotoGrid photos={items} />}
            </StudioListBody>
          </Stack>
        </Card>
      </Grid.Col>
    </Grid>
  );
}
