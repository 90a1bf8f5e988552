import type { THiddenState } from '@fanstage/contract';
import { ActionIcon, Badge, Card, Group, Menu, SimpleGrid, Text } from '@mantine/core';
import { IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { HiddenBadge } from '../moderation/hidden-notice';
import { ConfirmDeleteDialog, type ConfirmDeletion } from './confirm-delete';
import classes from './studio.module.css';
import { cardCols } from './studio-ui';

/** The cards of one studio list, with the dialog that confirms deleting one of them. */
export function StudioCardGrid<T>(props: { confirmation: ConfirmDeletion<T>; children: ReactNode }) {
  return (
    <>
      <SimpleGrid cols={cardCols} spacing="md">
        {props.children}
      </SimpleGrid>
      <ConfirmDeleteDialog confirmation={props.confirmation} />
    </>
  );
}

/**
 * One item of a studio list: its 16:9 picture (or an icon) with badges, its name and one line of
 * details, both leading to its edit page, and a menu to edit or delete it. Content moderators hid
 * says so in red, with their reason.
 */
export function StudioItemCard(props: {
  testId: string;
  to: string;
  name: string;
  picture: string | null;
  placeholderIcon: ReactNode;
  badges: ReactNode;
  /** Over the bottom of the picture (a video's length). */
  caption?: ReactNode;
  details: ReactNode;
  editLabel?: string;
  hidden?: THiddenState;
  onDelete: () => void;
}) {
  const { to } = props;
  return (
    <Card padding={0} data-testid={props.testId}>
      <Link to={to} className={classes.tileLink} aria-label={`Edit ${props.name}`}>
        <div className={`${classes.tile} ${classes.wide}`} style={{ borderRadius: 0 }}>
          {props.picture ? (
            <img src={props.picture} alt="" loading="lazy" />
          ) : (
            <div className={classes.tileEmpty}>{props.placeholderIcon}</div>
          )}
          <div className={classes.topLeft}>
            <HiddenBadge hidden={props.hidden} />
            {props.badges}
          </div>
          {props.caption}
        </div>
      </Link>
      <Group className={classes.cardBody} justify="space-between" wrap="nowrap" gap="xs">
        <div className={classes.grow}>
          <Text fw={600} truncate component={Link} to={to} c="inherit" td="none" display="block">
            {props.name}
          </Text>
          <Text size="sm" c="dimmed" truncate>
            {props.details}
          </Text>
          {props.hidden ? (
            <Text size="xs" c="red" lineClamp={3} mt={2} data-testid="hidden-reason">
              Hidden by moderators: fans cannot see it. Reason: {props.hidden.reason}
            </Text>
          ) : null}
        </div>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={`Options for ${props.name}`}>
              <IconDots size={18} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item component={Link} to={to} leftSection={<IconPencil size={16} />}>
              {props.editLabel ?? 'Edit'}
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={props.onDelete}>
              Delete
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Card>
  );
}

/** Active (fans see it) or Draft (only the creator). */
export function ActiveBadge({ status }: { status: string }) {
  const isActive = status === 'active';
  return (
    <Badge size="sm" variant="filled" color={isActive ? 'teal' : 'gray'}>
      {isActive ? 'Active' : 'Draft'}
    </Badge>
  );
}
