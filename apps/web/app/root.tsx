import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app.css';

// Every component's CSS module comes in the one stylesheet every page loads (all of them together are
// ~8 KB compressed): a page waits for one stylesheet before its first paint instead of four to eight
// small ones (on a phone's connection each cost a round trip), and a lazily loaded dialog brings no
// stylesheet of its own.
import 'virtual:all-module-styles';
// The charts' and the dropzone's styles come with the screens that use them.

import { Messages } from '@fanstage/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import {
  data,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useNavigate,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import { AnalyticsScripts, usePageViews } from './components/analytics';
import { Stylesheets } from './components/stylesheets';
import { currentUserKey, useCurrentUser } from './features/auth/use-current-user';
import { geoBlockedResponse, geoBlockOf } from './features/geo-blocks/geo-block-page';
import { useRealtime } from './features/realtime/use-realtime';
import { onUnauthorized } from './lib/api';
import { cookieColorSchemeManager } from './lib/color-scheme';
import { themeFromCookie } from './lib/cookies';
import { paths } from './lib/guards';
import { notifyError } from './lib/notify';
import { createQueryClient } from './lib/query-client';
import { keepDataOnViewChange } from './lib/revalidate';
import { loadCurrentUser, loadPublicSettings, loadSiteGeoBlock } from './lib/server-api';
import { usePublicSettings } from './lib/settings';
import { cssVariablesResolver, theme } from './theme';

// The error page of the root (its loader failed: rare) in the site's layout, loaded when needed, so pages
// in the auth layout do not carry the main layout's header, menus and dialogs.
const RootErrorPage = lazy(() => import('./components/layouts/root-error-page'));
// The whole-page notices (maintenance, closed country) likewise: few pages ever show them.
const MaintenanceLayout = lazy(() =>
  import('./components/layouts/maintenance-layout').then((m) => ({ default: m.MaintenanceLayout })),
);
const GeoBlockLayout = lazy(() =>
  import('./components/layouts/geo-block-layout').then((m) => ({ default: m.GeoBlockLayout })),
);
// The toasts' container loads after the page (see components/toasts.tsx).
const Toasts = lazy(() => import('./components/toasts').then((m) => ({ default: m.Toasts })));

// A tab chosen on a page (`?tab=`) reads nothing again.
export const shouldRevalidate = keepDataOnViewChange;

export async function loader(args: Route.LoaderArgs) {
  const [settings, user, isGeoBlocked] = await Promise.all([
    loadPublicSettings(args),
    loadCurrentUser(args),
    loadSiteGeoBlock(args),
  ]);
  const theme = themeFromCookie(args.request.headers.get('cookie'));
  // Every page of a visitor from a country the site is closed to: the geo-block layout, status 451.
  if (isGeoBlocked) throw geoBlockedResponse({ siteName: settings.siteName, theme });
  const payload = { settings, user, theme };
  const pathname = new URL(args.request.url).pathname;
  // The maintenance screen replaces the page (see App): tell crawlers it is temporary.
  const isUnderMaintenance = settings.maintenanceMode && !user?.isAdmin && pathname !== paths.login;
  return isUnderMaintenance ? data(payload, { status: 503 }) : payload;
}

// Pages set their own titles; an error boundary renders its own <title>.
export const meta: Route.MetaFunction = ({ loaderData, error }) =>
  error ? [] : [{ title: loaderData?.settings.siteName ?? 'Fanstage' }];

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  // The geo-block page has no loader data (the root loader threw it): its error carries the theme.
  const geoBlock = geoBlockOf(useRouteError());
  const colorScheme = data?.theme ?? geoBlock?.theme ?? 'light';
  const [colorSchemeManager] = useState(() => cookieColorSchemeManager(colorScheme));
  // The page's scripts load after its first paint (apps/api/src/plugins/page-scripts.ts): this says
  // when they have taken over (the browser journeys wait for it before they type into a form).
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    if (data) client.setQueryData(currentUserKey, data.user);
    return client;
  });
  const favicon = data?.settings.favicon || '/favicon.svg';
  const gaCode = data?.settings.gaCode;

  return (
    <html lang="en" data-mantine-color-scheme={colorScheme} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content={colorScheme} />
        <link rel="icon" href={favicon} />
        <Meta />
        <Stylesheets />
        {gaCode ? <AnalyticsScripts gaCode={gaCode} /> : null}
      </head>
      <body>
        <MantineProvider
          theme={theme}
          colorSchemeManager={colorSchemeManager}
          defaultColorScheme={colorScheme}
          cssVariablesResolver={cssVariablesResolver}
        >
          <QueryClientProvider client={queryClient}>
            <Suspense fallback={null}>
              <Toasts />
            </Suspense>
            {children}
          </QueryClientProvider>
        </MantineProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** After any 401 the API client calls this: forget the user, go to the login page, say why. */
function useUnauthorizedRedirect() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useEffect(
    () =>
      onUnauthorized(() => {
        queryClient.clear();
        queryClient.setQueryData(currentUserKey, null);
        void navigate(paths.login);
        notifyError(Messages.forbiddenInAction);
      }),
    [queryClient, navigate],
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const settings = loaderData.settings;
  const user = useCurrentUser();
  const location = useLocation();
  const queryClient = useQueryClient();
  useUnauthorizedRedirect();
  useRealtime(user);
  usePageViews(Boolean(settings.gaCode));

  // When the root loader runs again (after a settings change, say), keep the cached user in step.
  useEffect(() => {
    queryClient.setQueryData(currentUserKey, loaderData.user);
  }, [queryClient, loaderData.user]);

  const isUnderMaintenance = settings.maintenanceMode && !user?.isAdmin && location.pathname !== paths.login;
  if (isUnderMaintenance)
    return (
      <Suspense fallback={null}>
        <MaintenanceLayout message={settings.maintenanceMessage} />
      </Suspense>
    );
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const settings = usePublicSettings();
  const geoBlock = geoBlockOf(error);
  if (geoBlock) {
    return (
      <>
        <title>{`Not available in your country | ${geoBlock.siteName || settings.siteName}`}</title>
        <Suspense fallback={null}>
          <GeoBlockLayout siteName={geoBlock.siteName || settings.siteName} />
        </Suspense>
      </>
    );
  }
  return (
    <Suspense fallback={null}>
      <RootErrorPage error={error} siteName={settings.siteName} />
    </Suspense>
  );
}
