import { Button } from '@mantine/core';
import { IconCoin } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Hint } from '../../components/hint';
import { useCurrentUser } from '../auth/use-current-user';
import { useLoginPath } from '../auth/use-login-path';

// The dialog (amount input, presets, the payment) is downloaded when someone opens it.
const TipModal = lazy(() => import('./tip-modal').then((m) => ({ default: m.TipModal })));

/** The tip button of a creator's page: opens the tip modal (visitors are sent to log in). */
export function TipButton({ performer }: { performer: { _id: string; name: string } }) {
  const user = useCurrentUser();
  const loginPath = useLoginPath();
  const [opened, setOpened] = useState(false);
  if (!user) {
    return (
      <Hint label="Send a tip">
        <Button component={Link} to={loginPath} variant="default" px={10} aria-label="Send a tip">
          <IconCoin size={18} />
        </Button>
      </Hint>
    );
  }
  return (
    <>
      <Hint label="Send a tip">
        <Button variant="default" px={10} aria-label="Send a tip" onClick={() => setOpened(true)}>
          <IconCoin size={18} />
        </Button>
      </Hint>
      {opened ? (
        <Suspense fallback={null}>
          <TipModal opened={opened} onClose={() => setOpened(false)} performer={performer} />
        </Suspense>
      ) : null}
    </>
  );
}
