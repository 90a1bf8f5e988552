import { Box } from '@mantine/core';
import { LiveViewer } from '../features/live/live-viewer';
import { pageTitle } from '../lib/meta';
import { guardPage } from '../lib/page-guard';
import type { Route } from './+types/live';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'public');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Live show', matches);

export default function LivePage({ params }: Route.ComponentProps) {
  return (
    <Box maw={880} mx="auto">
      <LiveViewer id={params.id} />
    </Box>
  );
}
