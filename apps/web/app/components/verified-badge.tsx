import { IconRosetteDiscountCheckFilled } from '@tabler/icons-react';
import { Hint } from './hint';

/**
 * The one mark of a creator whose identity an admin checked: one colour (the brand's) and one name
 * everywhere, sized to the text it follows.
 */
export function VerifiedBadge({ size = 16 }: { size?: number }) {
  return (
    <Hint label="Verified creator">
      <IconRosetteDiscountCheckFilled
        size={size}
        color="var(--mantine-color-brand-6)"
        style={{ flexShrink: 0 }}
        role="img"
        aria-label="Verified creator"
        data-testid="verified-badge"
      />
    </Hint>
  );
}
