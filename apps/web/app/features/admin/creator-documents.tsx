import type { TAdminPerformer } from '@fanstage/contract';
import { Group, Modal, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import classes from './creator-documents.module.css';

type Document = TAdminPerformer['documents'][number];

const documentLabels: Record<string, string> = {
  'performer-document:idVerification': 'ID document',
  'performer-document:documentVerification': 'Selfie with ID',
};

/** What a document is, as the sign-up form asked for it. */
export const documentLabel = (doc: Pick<Document, 'kind'>) => documentLabels[doc.kind] ?? 'Document';

/** A creator's identity documents as thumbnails; a click opens one full size. */
export function CreatorDocuments({ performer }: { performer: TAdminPerformer }) {
  const [open, setOpen] = useState<Document | null>(null);
  if (performer.documents.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        No documents uploaded.
      </Text>
    );
  }
  return (
    <>
      <Group gap="xs" wrap="wrap">
        {performer.documents.map((doc) => (
          <UnstyledButton
            key={doc._id}
            className={classes.thumb}
            onClick={() => setOpen(doc)}
            aria-label={`Open ${documentLabel(doc)} of ${performer.name} full size`}
          >
            <img src={doc.url} alt="" loading="lazy" />
            <span className={classes.caption}>{documentLabel(doc)}</span>
          </UnstyledButton>
        ))}
      </Group>
      <Modal
        opened={open !== null}
        onClose={() => setOpen(null)}
        size="auto"
        centered
        title={open ? `${documentLabel(open)} of ${performer.name}` : ''}
      >
        {open ? (
          <img className={classes.full} src={open.url} alt={`${documentLabel(open)} of ${performer.name}`} />
        ) : null}
      </Modal>
    </>
  );
}
