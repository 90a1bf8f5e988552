import { IconWorldOff } from '@tabler/icons-react';
import { usePublicSettings } from '../../lib/settings';
import { StatusScreen } from './status-screen';

/**
 * Shown instead of every page to visitors from a country the site is closed to (the root error
 * boundary, status 451), and at /geo-blocked. `siteName` when the root loader had no settings to give.
 */
export function GeoBlockLayout({ siteName }: { siteName?: string }) {
  const settings = usePublicSettings();
  return (
    <StatusScreen icon={<IconWorldOff size={40} stroke={1.6} />} title="Not available in your country">
      {`Sorry, ${siteName ?? settings.siteName} is not available in your country or region.`}
    </StatusScreen>
  );
}
