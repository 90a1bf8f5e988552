import { MantineProvider } from '@mantine/core';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { needsReCaptcha, ReCaptchaWidget, reCaptchaScriptUrl } from './re-captcha-widget';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  document.head.innerHTML = '';
  delete window.grecaptcha;
});

function render(siteKey: string, onChange: (t: string | null) => void, resetKey = 0) {
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  const draw = (key: number) =>
    act(() =>
      root?.render(
        <MantineProvider>
          <ReCaptchaWidget siteKey={siteKey} onChange={onChange} resetKey={key} />
        </MantineProvider>,
      ),
    );
  draw(resetKey);
  return draw;
}

const scripts = () => [...document.querySelectorAll('script')].filter((s) => s.src.includes('recaptcha'));

describe('ReCaptchaWidget', () => {
  it('renders nothing and loads no script without a site key', () => {
    render('', () => {});
    expect(document.querySelector('[data-testid="re-captcha"]')).toBeNull();
    expect(scripts()).toHaveLength(0);
  });

  it("adds Google's script (once) when a site key is set", () => {
    render('site-key-123', () => {});
    expect(document.querySelector('[data-testid="re-captcha"]')).not.toBeNull();
    expect(scripts().map((s) => s.src)).toEqual([reCaptchaScriptUrl]);
  });

  it('renders the box with the site key, passes the token on, and resets on request', async () => {
    const onChange = vi.fn();
    let options:
      | { sitekey: string; callback: (t: string) => void; 'expired-callback': () => void }
      | undefined;
    const reset = vi.fn();
    window.grecaptcha = {
      render: vi.fn((_el, o) => {
        options = o;
        return 7;
      }),
      reset,
    };
    const draw = render('site-key-123', onChange);
    await vi.waitFor(() => expect(options?.sitekey).toBe('site-key-123'));
    act(() => options?.callback('token-abc'));
    expect(onChange).toHaveBeenLastCalledWith('token-abc');
    act(() => options?.['expired-callback']());
    expect(onChange).toHaveBeenLastCalledWith(null);
    draw(1);
    expect(reset).toHaveBeenCalledWith(7);
  });
});

describe('needsReCaptcha', () => {
  it('is true only for errors whose details name the reCaptchaToken field', () => {
    expect(needsReCaptcha({ details: [{ path: 'reCaptchaToken', message: 'Tick it.' }] })).toBe(true);
    expect(needsReCaptcha({ details: [{ path: 'password', message: 'Wrong.' }] })).toBe(false);
    expect(needsReCaptcha(new Error('x'))).toBe(false);
    expect(needsReCaptcha(null)).toBe(false);
  });
});
