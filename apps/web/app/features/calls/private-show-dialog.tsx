import { Modal } from '@mantine/core';
import { PrivateShowRequestForm } from './private-shows';

/** The request form of a private show in its dialog (request-private-show.tsx loads it when opened). */
export function PrivateShowDialog({
  opened,
  onClose,
  performerId,
  performerName,
}: {
  opened: boolean;
  onClose: () => void;
  performerId: string;
  performerName: string;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Private show with ${performerName}`}>
      {opened && <PrivateShowRequestForm performerId={performerId} />}
    </Modal>
  );
}
