import { Button, Card, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPhoto, IconPhotoPlus, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { CreateGalleryModal } from '../../features/studio/gallery-form';
import { PhotoGrid } from '../../features/studio/photo-grid';
import { PhotoUploader } from '../../features/studio/photo-uploader';
import { useGalleryOptions, useMyPhotos } from '../../features/studio/studio-api';
import { GridSkeleton, StudioEmpty, StudioListBody, StudioNav } from '../../features/studio/studio-ui';
import { itemsOf } from '../../features/studio/studio-values';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/photos';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'creator');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('My photos', matches);

export default function MyPhotosPage() {
  const galleries = useGalleryOptions();
  const [filter, setFilter] = useState<string | null>(null);
  const [target, setTarget] = useState<string | null>(null);
  const photos = useMyPhotos(filter);
  const [createOpen, create] = useDisclosure(false);
  const items = itemsOf(photos.data);
  const titles = useMemo(
    () => new Map((galleries.data ?? []).map((g) => [g._id, g.title])),
    [galleries.data],
  );
  const options = (galleries.data ?? []).map((g) => ({ value: g._id, label: g.title }));
  // Upload into the gallery chosen, else the one shown, else the only one there is.
  const uploadTo = target ?? filter ?? (options.length === 1 ? (options[0]?.value ?? null) : null);
  const hasNoGallery = galleries.isSuccess && options.length === 0;

  const newGalleryButton = (
    <Button variant="gradient" leftSection={<IconPlus size={16} />} onClick={create.open}>
      New gallery
    </Button>
  );

  return (
    <>
      <StudioNav />
      <PageHeader
        title="My photos"
        description="Every photo of every gallery. Photos live in galleries: choose one to upload into."
      />
      {hasNoGallery ? (
        <StudioEmpty
          icon={<IconPhotoPlus size={28} />}
          title="Create a gallery first"
          description="Photos are sold and shown in galleries. Create one, then drop your photos into it."
          action={newGalleryButton}
        />
      ) : (
        <Stack gap="lg">
          <Card>
            <Stack gap="sm">
              <Title order={2} fz="lg">
                Upload photos
              </Title>
              {galleries.isPending ? (
                <Skeleton h={36} w={280} />
              ) : (
                <Select
                  label="Into the gallery"
                  placeholder="Choose a gallery"
                  data={options}
                  value={uploadTo}
                  onChange={setTarget}
                  searchable
                  allowDeselect={false}
                  w={{ base: '100%', sm: 320 }}
                  nothingFoundMessage="No gallery by that name"
                />
              )}
              <PhotoUploader galleryId={uploadTo} />
            </Stack>
          </Card>

          <div>
            <Select
              aria-label="Show photos of"
              data={[{ value: 'all', label: 'All galleries' }, ...options]}
              value={filter ?? 'all'}
              onChange={(value) => setFilter(!value || value === 'all' ? null : value)}
              allowDeselect={false}
              w={{ base: '100%', sm: 320 }}
              mb="md"
            />
            <StudioListBody
              list={photos}
              skeleton={<GridSkeleton />}
              empty={
                <StudioEmpty
                  icon={<IconPhoto size={28} />}
                  title="No photos yet"
                  description="Drop photos in the box above: they appear here as soon as each upload finishes."
                />
              }
            >
              {(loaded) => <PhotoGrid photos={loaded} galleryTitles={filter ? undefined : titles} />}
            </StudioListBody>
          </div>
          {photos.data && items.length > 0 ? (
            <Text size="xs" c="dimmed" ta="center">
              {items.length} of {photos.data.pages[0]?.total ?? items.length} shown
            </Text>
          ) : null}
        </Stack>
      )}
      <CreateGalleryModal opened={createOpen} onClose={create.close} />
    </>
  );
}
