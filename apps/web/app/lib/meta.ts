import type { TPublicSettings } from '@fanstage/contract';

type MatchLike = { id: string; loaderData?: unknown } | undefined;

/** The site name from the root loader's data, inside a route's meta function. */
export function siteNameOf(matches: ReadonlyArray<MatchLike>): string {
  const root = matches.find((m) => m?.id === 'root');
  return (root?.loaderData as { settings?: TPublicSettings } | undefined)?.settings?.siteName ?? 'Fanstage';
}

/** `<title>Page | Site</title>` for a route's meta function. */
export const pageTitle = (page: string, matches: ReadonlyArray<MatchLike>) => [
  { title: `${page} | ${siteNameOf(matches)}` },
];
