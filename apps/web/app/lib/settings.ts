import { defaultSettings, publicSettingKeys, type TPublicSettings } from '@fanstage/contract';
import { useRouteLoaderData } from 'react-router';

const fallback = Object.fromEntries(publicSettingKeys.map((k) => [k, defaultSettings[k]])) as TPublicSettings;

interface RootData {
  settings: TPublicSettings;
}

/** The public site settings the root loader read for this page. */
export function usePublicSettings(): TPublicSettings {
  const data = useRouteLoaderData('root') as RootData | undefined;
  return data?.settings ?? fallback;
}
