import { Button } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatPrice } from '../../lib/format';
import { notifyError } from '../../lib/notify';

/** "Call" on a creator's profile when they take calls: rings them and opens the call screen. */
export function CallButton({
  performer,
}: {
  performer: { _id: string; name: string; acceptsCalls: boolean; privateCallPrice: number };
}) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (!performer.acceptsCalls) return null;
  const handleClick = async () => {
    setBusy(true);
    try {
      // The calls API (and the socket it listens on) is downloaded on the press: few visitors call.
      const { callScreenPath, startCall } = await import('./calls-api');
      const call = await startCall(performer._id);
      void navigate(callScreenPath(call));
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="default" onClick={handleClick} loading={busy}>
      {performer.privateCallPrice > 0
        ? `Call (${formatPrice(performer.privateCallPrice)}/min)`
        : 'Call (free)'}
    </Button>
  );
}
