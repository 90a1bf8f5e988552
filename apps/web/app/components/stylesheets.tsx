import { useContext } from 'react';
import { Links, UNSAFE_FrameworkContext, useMatches } from 'react-router';

/**
 * The stylesheets of the routes on screen, as React stylesheet resources (`precedence`): React writes them
 * at the top of the head, ahead of the scripts' modulepreload hints it also hoists there, so a browser asks
 * for the styles a first paint waits on before the page's scripts (with React Router's `<Links />` they came
 * after 20–50 script hints); on a client navigation React holds the new page until its styles are in.
 * Routes declare no `links()` of their own, so this is all `<Links />` rendered. The development server
 * keeps `<Links />` (it inlines the styles it is still compiling).
 */
export function Stylesheets() {
  const framework = useContext(UNSAFE_FrameworkContext);
  const matches = useMatches();
  if (import.meta.env.DEV || !framework) return <Links />;
  const hrefs = new Set<string>();
  for (const match of matches)
    for (const href of framework.manifest.routes[match.id]?.css ?? []) hrefs.add(href);
  return (
    <>
      {[...hrefs].map((href) => (
        <link key={href} rel="stylesheet" href={href} precedence="default" />
      ))}
    </>
  );
}
