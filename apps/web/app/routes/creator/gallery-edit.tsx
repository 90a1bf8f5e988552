import type { TGallery } from '@fanstage/contract';
import { Button, Card, Grid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPhoto, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { GalleryForm } from '../../features/studio/gallery-form';
import { DeleteGalleryDialog } from '../../features/studio/gallery-list';
import { PhotoGrid } from '../../features/studio/photo-grid';
import { PhotoUploader } from '../../features/studio/photo-uploader';
import {
  useDeleteGallery,
  useMyGallery,
  useMyPhotos,
  useUpdateGallery,
} from '../../features/studio/studio-api';
import { GridSkeleton, ListError, LoadMore, StudioEmpty, StudioNav } from '../../features/studio/studio-ui';
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

const backButton = (
  <Button component={Link} to="/creator/galleries" variant="subtle" leftSection={<IconArrowLeft size={16} />}>
    My galleries
  </Button>
);

export default function GalleryEditPage({ params }: Route.ComponentProps) {
  const gallery = useMyGallery(params.id);

  if (gallery.isPending)
    return (
      <>
        <StudioNav />
        <Skeleton h={34} w={260} mb="xl" />
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Skeleton h={420} radius="md" />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <GridSkeleton cols={{ base: 2, sm: 3 }} count={6} />
          </Grid.Col>
        </Grid>
      </>
    );
  if (gallery.isError)
    return (
      <>
        <StudioNav />
        <StudioEmpty
          icon={<IconPhoto size={28} />}
          title="Gallery not found"
          description="It may have been deleted. Go back to your galleries to pick another one."
          action={backButton}
        />
      </>
    );
  return <GalleryEditor key={gallery.data._id} gallery={gallery.data} />;
}

function GalleryEditor({ gallery }: { gallery: TGallery }) {
  const update = useUpdateGallery(gallery._id);
  const remove = useDeleteGallery();
  const navigate = useNavigate();
  const [isDeleting, setDeleting] = useState(false);
  const photos = useMyPhotos(gallery._id);
  const items = photos.data?.pages.flatMap((p) => p.data) ?? [];

  return (
    <>
      <StudioNav />
      <PageHeader
        title={gallery.title}
        description={plural(gallery.numPhotos, 'photo')}
        actions={backButton}
      />
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
          <Button
            mt="md"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => setDeleting(true)}
          >
            Delete this gallery
          </Button>
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
              {photos.isPending ? (
                <GridSkeleton cols={{ base: 2, sm: 3 }} count={6} />
              ) : photos.isError ? (
                <ListError onRetry={() => void photos.refetch()} />
              ) : items.length === 0 ? (
                <Text size="sm" c="dimmed" ta="center" py="lg">
                  No photos in this gallery yet. Drop some above.
                </Text>
              ) : (
                <>
                  <PhotoGrid photos={items} />
                  <LoadMore
                    hasMore={photos.hasNextPage}
                    isLoading={photos.isFetchingNextPage}
                    onLoad={() => void photos.fetchNextPage()}
                  />
                </>
              )}
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
      <DeleteGalleryDialog
        gallery={isDeleting ? gallery : null}
        isPending={remove.isPending}
        onCancel={() => setDeleting(false)}
        onConfirm={() =>
          remove.mutate(gallery._id, {
            onSuccess: () => {
              notifySuccess('Gallery deleted');
              void navigate('/creator/galleries');
            },
            onError: (err) => notifyError(err),
          })
        }
      />
    </>
  );
}
