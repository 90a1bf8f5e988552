import { Box, type BoxProps } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './hint.module.css';

/**
 * A short label shown on hover or keyboard focus, drawn by CSS (see hint.module.css for why not
 * Mantine's Tooltip). Wraps its child in an inline span; visibility props (`hiddenFrom`, …) go on that
 * span so a hidden child leaves no gap behind.
 */
export function Hint({
  label,
  position = 'top',
  multiline = false,
  children,
  ...box
}: BoxProps & {
  label: string;
  position?: 'top' | 'bottom';
  /** Wraps a long label (up to 280px wide) instead of one line. */
  multiline?: boolean;
  children: ReactNode;
}) {
  return (
    <Box
      component="span"
      {...box}
      className={classes.hint}
      data-hint={label}
      data-position={position}
      data-multiline={multiline || undefined}
    >
      {children}
    </Box>
  );
}
