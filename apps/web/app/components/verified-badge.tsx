import { IconRosetteDiscountCheckFilled } from '@tabler/icons-react';

/**
 * The one mark of a creator whose identity an admin checked: one colour (the brand's) and one name
 * everywhere, sized to the text it follows. Its hint is the SVG's own title (the browser's tooltip): the
 * mark is on creator cards and pages a visitor opens first, where Mantine's Tooltip would bring its
 * positioning code into the first load.
 */
export function VerifiedBadge({ size = 16 }: { size?: number }) {
  return (
    <IconRosetteDiscountCheckFilled
      size={size}
      color="var(--mantine-color-brand-6)"
      style={{ flexShrink: 0 }}
      role="img"
      aria-label="Verified creator"
      title="Verified creator"
      data-testid="verified-badge"
    />
  );
}
