import { IconWorldOff } from '@tabler/icons-react';
import { usePublicSettings } from '../../lib/settings';
import { StatusScreen } from './status-screen';

/** Shown to visitors from a country where the site (or a creator) is not available. */
export function GeoBlockLayout() {
  const settings = usePublicSettings();
  return (
    <StatusScreen icon={<IconWorldOff size={40} stroke={1.6} />} title="Not available in your country">
      {`Sorry, ${settings.siteName} is not available in your country or region.`}
    </StatusScreen>
  );
}
