import type { TVideoStatus } from '@fanstage/contract';
import { Button, SegmentedControl } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconUpload, IconVideoPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { useMyVideos } from '../../features/studio/studio-api';
import { StudioEmpty, StudioListBody, StudioNav } from '../../features/studio/studio-ui';
import { VideoList } from '../../features/studio/video-list';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/videos';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'creator');
  return null;
}

// The upload form (its dropzone and fields) loads when someone opens it.
const CreateVideoModal = lazy(() =>
  import('../../features/studio/video-form').then((m) => ({ default: m.CreateVideoModal })),
);

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('My videos', matches);

const filters = [
  { value: 'any', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'processing', label: 'Processing' },
  { value: 'draft', label: 'Drafts' },
  { value: 'failed', label: 'Failed' },
];

export default function MyVideosPage() {
  const [status, setStatus] = useState<TVideoStatus | 'any'>('any');
  const videos = useMyVideos(status === 'any' ? undefined : status);
  const [createOpen, create] = useDisclosure(false);
  const uploadButton = (
    <Button variant="gradient" leftSection={<IconUpload size={16} />} onClick={create.open}>
      Upload a video
    </Button>
  );

  return (
    <>
      <StudioNav />
      <PageHeader
        title="My videos"
        description="Videos for your subscribers or for sale. New uploads are processed before fans see them."
        actions={uploadButton}
      />
      <SegmentedControl
        data={filters}
        value={status}
        onChange={(value) => setStatus(value as TVideoStatus | 'any')}
        mb="md"
        size="sm"
        aria-label="Show videos"
        style={{ maxWidth: '100%', overflowX: 'auto' }}
      />
      <StudioListBody
        list={videos}
        empty={
          <StudioEmpty
            icon={<IconVideoPlus size={28} />}
            title={status === 'any' ? 'No videos yet' : 'No videos here'}
            description={
              status === 'any'
                ? 'Upload your first video: add a thumbnail or a teaser clip so fans know what they get.'
                : 'No video has this status. Choose All to see every video.'
            }
            action={status === 'any' ? uploadButton : undefined}
          />
        }
      >
        {(loaded) => <VideoList videos={loaded} />}
      </StudioListBody>
      {createOpen ? (
        <Suspense fallback={null}>
          <CreateVideoModal opened onClose={create.close} />
        </Suspense>
      ) : null}
    </>
  );
}
