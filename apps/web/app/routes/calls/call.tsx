import { Box } from '@mantine/core';
import { CallScreen } from '../../features/calls/call-screen';
import { pageTitle } from '../../lib/meta';
import { guardPage } from '../../lib/page-guard';
import type { Route } from './+types/call';

export async function loader(args: Route.LoaderArgs) {
  await guardPage(args, 'auth');
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) => pageTitle('Call', matches);

export default function CallPage({ params }: Route.ComponentProps) {
  return (
    <Box maw={880} mx="auto">
      <CallScreen kind="call" id={params.id} />
    </Box>
  );
}
