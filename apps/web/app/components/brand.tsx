import { Box, Group, Text } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { usePublicSettings } from '../lib/settings';
import classes from './brand.module.css';

/** The gradient mark used when the site has no logo of its own. */
export function BrandMark({ size = 32, inverted = false }: { size?: number; inverted?: boolean }) {
  return (
    <span
      className={inverted ? classes.markInverted : classes.mark}
      style={{ width: size, height: size }}
      aria-hidden
    >
      <IconSparkles size={size * 0.6} stroke={2} />
    </span>
  );
}

/** The site logo (light and dark variants from settings) or the mark with the site name. */
export function Brand({ size = 'md', inverted = false }: { size?: 'sm' | 'md' | 'lg'; inverted?: boolean }) {
  const settings = usePublicSettings();
  const height = size === 'lg' ? 40 : size === 'sm' ? 26 : 32;
  if (settings.logoUrl) {
    const dark = settings.darkmodeLogoUrl || settings.logoUrl;
    if (inverted) return <Box component="img" src={dark} alt={settings.siteName} h={height} />;
    return (
      <>
        <Box component="img" src={settings.logoUrl} alt={settings.siteName} h={height} darkHidden />
        <Box component="img" src={dark} alt={settings.siteName} h={height} lightHidden />
      </>
    );
  }
  return (
    <Group gap={10} wrap="nowrap">
      <BrandMark size={height} inverted={inverted} />
      <Text
        component="span"
        fw={800}
        fz={size === 'lg' ? 26 : size === 'sm' ? 18 : 21}
        lh={1}
        className={inverted ? classes.nameInverted : classes.name}
      >
        {settings.siteName}
      </Text>
    </Group>
  );
}
