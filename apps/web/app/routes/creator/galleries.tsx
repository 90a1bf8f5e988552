import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPhotoPlus, IconPlus } from '@tabler/icons-react';
import { PageHeader } from '../../components/page-header';
import { CreateGalleryModal } from '../../features/studio/gallery-form';
import { GalleryList } from '../../features/studio/gallery-list';
import { useMyGalleries } from '../../features/studio/studio-api';
import { StudioEmpty, StudioListBody, StudioNav } from '../../features/studio/studio-ui';
import { itemsOf } from '../../features/studio/studio-values';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/galleries';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'creator');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('My galleries', matches);

export default function MyGalleriesPage() {
  const galleries = useMyGalleries();
  const [createOpen, create] = useDisclosure(false);
  const items = itemsOf(galleries.data);
  const newButton = (
    <Button variant="gradient" leftSection={<IconPlus size={16} />} onClick={create.open}>
      New gallery
    </Button>
  );

  return (
    <>
      <StudioNav />
      <PageHeader
        title="My galleries"
        description="Photo sets for your subscribers or for sale. Open one to add photos."
        actions={items.length > 0 ? newButton : null}
      />
      <StudioListBody
        list={galleries}
        empty={
          <StudioEmpty
            icon={<IconPhotoPlus size={28} />}
            title="No galleries yet"
            description="Create a gallery, then drop your photos into it. Choose whether subscribers see it or fans buy it."
            action={newButton}
          />
        }
      >
        {(loaded) => <GalleryList galleries={loaded} />}
      </StudioListBody>
      <CreateGalleryModal opened={createOpen} onClose={create.close} />
    </>
  );
}
