import { Button } from '@mantine/core';
import { useState } from 'react';
import { lazyDialog } from '../../lib/lazy-dialog';

// The form (time, time zone, note, and the calls API behind it) is downloaded when a fan opens it.
const PrivateShowDialog = lazyDialog(() => import('./private-show-dialog').then((m) => m.PrivateShowDialog));

/** The fan's "Request a private show" button and form, on a creator's profile. */
export function RequestPrivateShowButton({
  performerId,
  performerName,
}: {
  performerId: string;
  performerName: string;
}) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        Request a private show
      </Button>
      <PrivateShowDialog
        opened={opened}
        onClose={() => setOpened(false)}
        performerId={performerId}
        performerName={performerName}
      />
    </>
  );
}
