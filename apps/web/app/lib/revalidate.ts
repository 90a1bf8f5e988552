import type { ShouldRevalidateFunctionArgs } from 'react-router';

/** The address without what only chooses what a page shows of what it has (`?tab=photos`). */
const withoutView = (url: URL) => {
  const params = new URLSearchParams(url.search);
  params.delete('tab');
  params.sort();
  return `${url.pathname}?${params}`;
};

/**
 * A route's `shouldRevalidate` that keeps its data when a navigation changed only the page's tab, which no
 * loader reads (by default React Router reads every loader again when the address's query changes).
 */
export const keepDataOnViewChange = (args: ShouldRevalidateFunctionArgs) =>
  !args.formMethod &&
  args.currentUrl.search !== args.nextUrl.search &&
  withoutView(args.currentUrl) === withoutView(args.nextUrl)
    ? false
    : args.defaultShouldRevalidate;
