import { useEffect } from 'react';
import { useLocation } from 'react-router';

declare global {
  interface Window {
    gtag?: (...args: unknown[]) => void;
  }
}

/** The Google Analytics tag, only rendered when the site has an analytics code (gaCode). */
export function AnalyticsScripts({ gaCode }: { gaCode: string }) {
  const id = JSON.stringify(gaCode);
  return (
    <>
      <script async src={`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(gaCode)}`} />
      <script
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the standard gtag bootstrap; gaCode is validated by the API.
        dangerouslySetInnerHTML={{
          __html: `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}window.gtag=gtag;gtag('js',new Date());gtag('config',${id},{send_page_view:false});`,
        }}
      />
    </>
  );
}

/** Reports every route change (the first page too) as a page_view. */
export function usePageViews(enabled: boolean) {
  const location = useLocation();
  useEffect(() => {
    if (!enabled) return;
    window.gtag?.('event', 'page_view', {
      page_path: location.pathname + location.search,
      page_location: window.location.href,
      page_title: document.title,
    });
  }, [enabled, location.pathname, location.search]);
}
