/** The parts of Google Identity Services (accounts.google.com/gsi/client) the sign-in uses. */
export interface GoogleIdentityServices {
  initialize(options: {
    client_id: string;
    callback: (answer: { credential?: string }) => void;
    nonce?: string;
    ux_mode?: 'popup' | 'redirect';
    context?: 'signin' | 'signup' | 'use';
  }): void;
  renderButton(
    parent: HTMLElement,
    options: {
      type?: 'standard';
      theme?: 'outline' | 'filled_black';
      size?: 'large';
      text?: 'continue_with';
      width?: number;
    },
  ): void;
}

export const googleScriptUrl = 'https://accounts.google.com/gsi/client';

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleIdentityServices } };
  }
}

let loading: Promise<GoogleIdentityServices> | null = null;

/**
 * Loads Google's script once, only when a page shows the Google button (the site has Google sign-in
 * configured). Nothing of Google's is loaded otherwise.
 */
export function loadGoogleIdentity(): Promise<GoogleIdentityServices> {
  const ready = window.google?.accounts?.id;
  if (ready) return Promise.resolve(ready);
  loading ??= new Promise<GoogleIdentityServices>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = googleScriptUrl;
    script.async = true;
    script.defer = true;
    script.onload = () => {
      const id = window.google?.accounts?.id;
      if (id) resolve(id);
      else reject(new Error('Google sign-in could not start.'));
    };
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('Google sign-in could not be loaded. Please try again later.'));
    };
    document.head.append(script);
  });
  return loading;
}

/** A fresh nonce for one page: Google writes it into the ID token, and the API checks it is the same. */
export const newNonce = () => {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
};
