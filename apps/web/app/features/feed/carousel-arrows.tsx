import { ActionIcon } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

/** The previous and next buttons of a media carousel (each only where there is somewhere to go). */
export function CarouselArrows({
  index,
  count,
  noun,
  go,
  classNames,
}: {
  index: number;
  count: number;
  /** What is shown, for the labels: "Previous photo", "Next image". */
  noun: string;
  go: (index: number) => void;
  classNames: { arrow?: string; prev?: string; next?: string };
}) {
  const arrow = (to: number, label: string, side: string | undefined, Icon: typeof IconChevronLeft) => (
    <ActionIcon
      className={[classNames.arrow, side].filter(Boolean).join(' ')}
      variant="white"
      color="dark"
      radius="xl"
      size="lg"
      aria-label={`${label} ${noun}`}
      onClick={() => go(to)}
    >
      <Icon size={20} />
    </ActionIcon>
  );
  return (
    <>
      {index > 0 ? arrow(index - 1, 'Previous', classNames.prev, IconChevronLeft) : null}
      {index < count - 1 ? arrow(index + 1, 'Next', classNames.next, IconChevronRight) : null}
    </>
  );
}
