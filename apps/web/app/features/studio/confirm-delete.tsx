import { useState } from 'react';
import { notifyError, notifySuccess } from '../../lib/notify';
import { kindWords, type StudioKind } from './studio-kinds';
import { ConfirmDelete } from './studio-ui';

/** The delete mutation of one kind (`useDeleteGallery`, …): it takes the item's id. */
interface DeleteMutation {
  isPending: boolean;
  mutate(id: string, options: { onSuccess: () => void; onError: (error: Error) => void }): void;
}

/** How one kind is deleted: its words, what deleting an item means, and its delete mutation. */
export interface Deletion<T> {
  kind: StudioKind;
  consequence: (item: T) => string;
  useRemove: () => DeleteMutation;
}

export interface ConfirmDeletion<T> {
  deletion: Deletion<T>;
  /** The item waiting for the creator's answer; null while the dialog is closed. */
  target: T | null;
  isPending: boolean;
  ask: (item: T) => void;
  cancel: () => void;
  confirm: () => void;
}

/**
 * Asks before deleting an item, then deletes it and says so. Without `onDeleted` the dialog closes;
 * with it (an edit page leaving for its list) the dialog stays until the page goes.
 */
export function useConfirmDelete<T extends { _id: string }>(
  deletion: Deletion<T>,
  onDeleted?: () => void,
): ConfirmDeletion<T> {
  const [target, setTarget] = useState<T | null>(null);
  const remove = deletion.useRemove();
  return {
    deletion,
    target,
    isPending: remove.isPending,
    ask: setTarget,
    cancel: () => setTarget(null),
    confirm: () => {
      if (!target) return;
      remove.mutate(target._id, {
        onSuccess: () => {
          notifySuccess(kindWords(deletion.kind).deleted);
          if (onDeleted) onDeleted();
          else setTarget(null);
        },
        onError: (err) => notifyError(err),
      });
    },
  };
}

/** "Delete this …?" for the item a `useConfirmDelete` is asking about. */
export function ConfirmDeleteDialog<T>({ confirmation }: { confirmation: ConfirmDeletion<T> }) {
  const { deletion, target } = confirmation;
  return (
    <ConfirmDelete
      opened={target !== null}
      title={kindWords(deletion.kind).deleteQuestion}
      isPending={confirmation.isPending}
      onCancel={confirmation.cancel}
      onConfirm={confirmation.confirm}
    >
      {target ? deletion.consequence(target) : null}
    </ConfirmDelete>
  );
}
