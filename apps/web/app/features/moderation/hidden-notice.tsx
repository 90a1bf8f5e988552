import type { THiddenState } from '@fanstage/contract';
import { Alert, Badge, Group, Text } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import { Hint } from '../../components/hint';
import { formatDate } from '../../lib/dates';

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
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconEyeOff size={20} />}
      title="Hidden by moderators"
      data-testid="hidden-notice"
    >
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        Fans cannot see this {noun}. Reason: {hidden.reason}
      </Text>
      <Text size="xs" c="dimmed" mt={4} suppressHydrationWarning>
        Hidden on {when}. Only you and the site’s moderators see it.
      </Text>
    </Alert>
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
