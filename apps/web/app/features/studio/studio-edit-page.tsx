import type { THiddenState } from '@fanstage/contract';
import { Box, Button, Grid, Skeleton } from '@mantine/core';
import { IconArrowLeft, IconTrash } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { HiddenNotice } from '../moderation/hidden-notice';
import { ConfirmDeleteDialog, type Deletion, useConfirmDelete } from './confirm-delete';
import { kindWords, type StudioKind } from './studio-kinds';
import { StudioEmpty, StudioNav } from './studio-ui';

/** "My galleries", "My videos", …: back to the list of a kind. */
export function StudioBackButton({ kind }: { kind: StudioKind }) {
  return (
    <Button component={Link} to={kind.listPath} variant="subtle" leftSection={<IconArrowLeft size={16} />}>
      {kindWords(kind).back}
    </Button>
  );
}

/** A studio page about one item: the studio's sections, its title, and the way back to its list. */
export function StudioItemPage(props: {
  kind: StudioKind;
  title: ReactNode;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <StudioNav />
      <PageHeader
        title={props.title}
        description={props.description}
        actions={<StudioBackButton kind={props.kind} />}
      />
      {props.children}
    </>
  );
}

/** The two columns of an edit page while it loads: the left one `span` of 12 wide. */
interface EditSkeleton {
  span: number;
  left: ReactNode;
  right: ReactNode;
}

/**
 * The edit page of one item: a skeleton while it loads, "not found" (with the way back) when it is
 * gone or not the creator's, else its title, description, whether moderators hid it, and its editor.
 */
export function StudioEditFrame<T extends { hidden?: THiddenState }>(props: {
  kind: StudioKind;
  item: UseQueryResult<T>;
  notFoundIcon: ReactNode;
  skeleton: EditSkeleton;
  title: (item: T) => ReactNode;
  description: (item: T) => ReactNode;
  children: (item: T) => ReactNode;
}) {
  const { item, kind, skeleton } = props;
  if (item.isPending)
    return (
      <>
        <StudioNav />
        <Skeleton h={34} w={260} mb="xl" />
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: skeleton.span }}>{skeleton.left}</Grid.Col>
          <Grid.Col span={{ base: 12, md: 12 - skeleton.span }}>{skeleton.right}</Grid.Col>
        </Grid>
      </>
    );
  if (item.isError) {
    const words = kindWords(kind);
    return (
      <>
        <StudioNav />
        <StudioEmpty
          icon={props.notFoundIcon}
          title={words.notFoundTitle}
          description={words.notFoundHelp}
          action={<StudioBackButton kind={kind} />}
        />
      </>
    );
  }
  return (
    <StudioItemPage kind={kind} title={props.title(item.data)} description={props.description(item.data)}>
      {item.data.hidden ? (
        <Box mb="lg">
          <HiddenNotice hidden={item.data.hidden} noun={kind.one} />
        </Box>
      ) : null}
      {props.children(item.data)}
    </StudioItemPage>
  );
}

/** "Delete this …" under an item's editor: asks first, then leaves for the list. */
export function DeleteItemButton<T extends { _id: string }>(props: { item: T; deletion: Deletion<T> }) {
  const navigate = useNavigate();
  const { kind } = props.deletion;
  const confirmation = useConfirmDelete(props.deletion, () => void navigate(kind.listPath));
  return (
    <>
      <Button
        mt="md"
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={16} />}
        onClick={() => confirmation.ask(props.item)}
      >
        {kindWords(kind).deleteButton}
      </Button>
      <ConfirmDeleteDialog confirmation={confirmation} />
    </>
  );
}
