import { ActionIcon, Button, Card, EmptyState, Group, Modal, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { Fragment, type ReactNode, useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { notifyError, notifySuccess } from '../../lib/notify';
import { ConfirmDialog, ListSkeleton, rowBorder } from './money-ui';

type Editing<T> = { kind: 'new' } | { kind: 'edit'; item: T } | null;

/** The delete mutation of one admin list: takes the id of the item to delete. */
type DeleteMutation = {
  isPending: boolean;
  mutate: (id: string, options: { onSuccess: () => void; onError: (err: Error) => void }) => void;
};

export type AdminCrudListProps<T extends { _id: string }> = {
  title: string;
  description: string;
  list: { isPending: boolean; isError: boolean; isPlaceholderData?: boolean; data?: { data: T[] } };
  /** Above the rows: the search box. */
  toolbar?: ReactNode;
  /** Under the rows: the count and the pages. */
  footer?: ReactNode;
  /** "Loading coupons": the accessible label of the skeleton. */
  loadingLabel: string;
  empty: { icon: ReactNode; title: string; loadError: string; hint: string };
  /** The data-testid of each row, which the browser tests count. */
  rowTestId: string;
  /** What the admin calls an item in labels and messages: a code, a name. */
  nameOf: (item: T) => string;
  renderSummary: (item: T) => ReactNode;
  newLabel: string;
  newTitle: string;
  renderForm: (item: T | null, onDone: () => void) => ReactNode;
  /** The width of the form modal (Mantine size); long forms such as a page body want 'xl'. */
  modalSize?: string;
  remove: DeleteMutation;
  deleteTitle: string;
  deleteLabel: string;
  /** The warning in the delete dialog; null while the dialog closes. */
  renderDeleteWarning: (item: T | null) => ReactNode;
};

/** An admin list of editable items: header with a "new" button, rows with edit and delete, the form modal and the delete dialog. */
export function AdminCrudList<T extends { _id: string }>(props: AdminCrudListProps<T>) {
  const { list, nameOf, remove } = props;
  const [editing, setEditing] = useState<Editing<T>>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const rows = list.data?.data ?? [];

  return (
    <>
      <PageHeader
        title={props.title}
        description={props.description}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ kind: 'new' })}>
            {props.newLabel}
          </Button>
        }
      />
      {props.toolbar}
      {list.isPending ? (
        <ListSkeleton label={props.loadingLabel} />
      ) : rows.length === 0 ? (
        <Card p={{ base: 'lg', sm: 48 }}>
          <EmptyState
            icon={props.empty.icon}
            variant="light"
            title={props.empty.title}
            description={list.isError ? props.empty.loadError : props.empty.hint}
          />
        </Card>
      ) : (
        <Card p={0} style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
          {rows.map((item) => (
            <Group
              key={item._id}
              px="md"
              py="sm"
              gap="md"
              justify="space-between"
              style={rowBorder}
              data-testid={props.rowTestId}
            >
              <div style={{ minWidth: 0, flex: '1 1 220px' }}>{props.renderSummary(item)}</div>
              <Group gap={6} wrap="nowrap">
                <Tooltip label="Edit">
                  <ActionIcon
                    variant="default"
                    size={32}
                    aria-label={`Edit ${nameOf(item)}`}
                    onClick={() => setEditing({ kind: 'edit', item })}
                  >
                    <IconPencil size={16} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label="Delete">
                  <ActionIcon
                    variant="light"
                    color="red"
                    size={32}
                    aria-label={`Delete ${nameOf(item)}`}
                    onClick={() => setDeleting(item)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Group>
          ))}
        </Card>
      )}
      {props.footer}

      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.kind === 'edit' ? `Edit ${nameOf(editing.item)}` : props.newTitle}
        size={props.modalSize}
        centered
      >
        {editing ? (
          <Fragment key={editing.kind === 'edit' ? editing.item._id : 'new'}>
            {props.renderForm(editing.kind === 'edit' ? editing.item : null, () => setEditing(null))}
          </Fragment>
        ) : null}
      </Modal>

      <ConfirmDialog
        opened={deleting !== null}
        title={props.deleteTitle}
        confirmLabel={props.deleteLabel}
        isPending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting._id, {
            onSuccess: () => {
              notifySuccess(`${nameOf(deleting)} was deleted.`);
              setDeleting(null);
            },
            onError: (err) => notifyError(err),
          });
        }}
      >
        {props.renderDeleteWarning(deleting)}
      </ConfirmDialog>
    </>
  );
}
