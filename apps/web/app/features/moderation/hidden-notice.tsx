import type { THiddenState } from '@fanstage/contract';
import { Badge, Group, Text } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import { Hint } from '../../components/hint';
import { formatDate } from '../../lib/dates';
import classes from './hidden-notice.module.css';

/**
 * What the owner of hidden content (and an admin) reads on it: moderators hid it, why, and that fans
 * cannot see it. Nothing when it is not hidden (`hidden` is absent for fans and null when shown).
 */
export function HiddenNotice({
  hidden,
  noun,
  isCompact = false,
}: {
  hidden: THiddenState | undefined;
  /** "post", "video", … */
  noun: string;
  /** One small block for a comment, instead of the alert. */
  isCompact?: boolean;
}) {
  if (!hidden) return null;
  const when = formatDate(hidden.at, { year: true });
  if (isCompact) {
    return (
      <Group gap={6} wrap="wrap" mt={4} data-testid="hidden-notice" role="note">
        <HiddenBadge hidden={hidden} />
        <Text size="xs" c="red" style={{ overflowWrap: 'anywhere' }}>
          Others cannot see this {noun}. Reason: {hidden.reason}
        </Text>
      </Group>
    );
  }
  // Drawn like Mantine's light red alert with a CSS module: the notice is on every content page and
  // Alert's script would come with it for the few viewers who ever see one.
  return (
    <div className={classes.notice} role="note" data-testid="hidden-notice">
      <IconEyeOff size={20} className={classes.icon} aria-hidden />
      <div>
        <Text size="sm" fw={700} c="red" mb={4}>
          Hidden by moderators
        </Text>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          Fans cannot see this {noun}. Reason: {hidden.reason}
        </Text>
        <Text size="xs" c="dimmed" mt={4} suppressHydrationWarning>
          Hidden on {when}. Only you and the site’s moderators see it.
        </Text>
      </div>
    </div>
  );
}

/** The red "Hidden" badge of a card or tile, its reason in a tooltip and in its accessible name. */
export function HiddenBadge({ hidden }: { hidden: THiddenState | undefined }) {
  if (!hidden) return null;
  return (
    <Hint label={`Hidden by moderators: ${hidden.reason}`} multiline>
      <Badge
        size="sm"
        variant="filled"
        color="red"
        leftSection={<IconEyeOff size={12} />}
        aria-label={`Hidden by moderators: ${hidden.reason}`}
      >
        Hidden
      </Badge>
    </Hint>
  );
}
