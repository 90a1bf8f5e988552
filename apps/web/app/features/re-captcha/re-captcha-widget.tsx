import { Text } from '@mantine/core';
import { useEffect, useRef } from 'react';

// Here too for the forms that show the widget; the login page imports it alone (it loads the widget later).
export { needsReCaptcha } from './needs-re-captcha';

/** Google's explicit-render API, the part we use. */
interface GoogleReCaptcha {
  render(
    container: HTMLElement,
    options: {
      sitekey: string;
      callback: (token: string) => void;
      'expired-callback': () => void;
      'error-callback': () => void;
    },
  ): number;
  reset(id?: number): void;
}

declare global {
  interface Window {
    grecaptcha?: GoogleReCaptcha;
    fanstageReCaptchaLoaded?: () => void;
  }
}

export const reCaptchaScriptUrl =
  'https://www.google.com/recaptcha/api.js?onload=fanstageReCaptchaLoaded&render=explicit';

let loading: Promise<GoogleReCaptcha> | null = null;

/** Adds Google's script once per page, and only when a form with a site key asks for it. */
function loadReCaptcha(): Promise<GoogleReCaptcha> {
  if (window.grecaptcha?.render) return Promise.resolve(window.grecaptcha);
  if (!loading) {
    loading = new Promise((resolve, reject) => {
      window.fanstageReCaptchaLoaded = () => {
        if (window.grecaptcha) resolve(window.grecaptcha);
      };
      const script = document.createElement('script');
      script.src = reCaptchaScriptUrl;
      script.async = true;
      script.defer = true;
      script.onerror = () => {
        loading = null;
        reject(new Error('reCAPTCHA could not load'));
      };
      document.head.append(script);
    });
  }
  return loading;
}

/**
 * The "I am not a robot" box. Renders nothing (and loads nothing) without a site key. Tells the
 * form the token, and null when it expires; bump `resetKey` after a refused send for a fresh box.
 */
export function ReCaptchaWidget({
  siteKey,
  onChange,
  resetKey = 0,
}: {
  siteKey: string;
  onChange: (token: string | null) => void;
  resetKey?: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  const widget = useRef<number | null>(null);
  const change = useRef(onChange);
  change.current = onChange;

  useEffect(() => {
    if (!siteKey || !box.current) return;
    let cancelled = false;
    const container = box.current;
    loadReCaptcha()
      .then((g) => {
        if (cancelled || widget.current !== null) return;
        widget.current = g.render(container, {
          sitekey: siteKey,
          callback: (token) => change.current(token),
          'expired-callback': () => change.current(null),
          'error-callback': () => change.current(null),
        });
      })
      .catch(() => change.current(null));
    return () => {
      cancelled = true;
    };
  }, [siteKey]);

  useEffect(() => {
    if (resetKey === 0 || widget.current === null) return;
    window.grecaptcha?.reset(widget.current);
    change.current(null);
  }, [resetKey]);

  if (!siteKey) return null;
  return (
    <div>
      <div ref={box} data-testid="re-captcha" />
      <Text size="xs" c="dimmed" mt={4}>
        Protected by reCAPTCHA.
      </Text>
    </div>
  );
}
