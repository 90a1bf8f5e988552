import type { TTwoFactorChallenge } from '@fanstage/contract';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cleanupScreen,
  click,
  fieldError,
  getButton,
  getByLabel,
  renderScreen,
  stubFetch,
  typeInto,
} from '../../test-utils/screen';
import { TwoFactorStep } from './two-factor-step';

afterEach(cleanupScreen);

const challenge = (twoFactor: 'verify' | 'enrol'): TTwoFactorChallenge => ({
  twoFactor,
  challengeToken: 'challenge-token-of-the-login-step-0000000',
  expiresAt: '2026-06-01T12:05:00.000Z',
  message:
    twoFactor === 'verify'
      ? 'Type the 6-digit code from your authenticator app to finish logging in.'
      : 'This site requires two-factor authentication for admins. Set it up now to finish logging in.',
});

function render(twoFactor: 'verify' | 'enrol') {
  const onSignedIn = vi.fn();
  const onRestart = vi.fn();
  renderScreen(
    <TwoFactorStep challenge={challenge(twoFactor)} onSignedIn={onSignedIn} onRestart={onRestart} />,
  );
  return { onSignedIn, onRestart };
}

/** Answers each API path with a JSON body (and status); `sent(path)` lists the bodies sent there. */
function stubApi(answers: Record<string, { status?: number; body: unknown }>) {
  const fetchMock = stubFetch((url) => {
    const answer = answers[url.replace(/^\/api/, '')];
    if (!answer) return Response.json({ message: `no stub for ${url}` }, { status: 500 });
    return Response.json(answer.body, { status: answer.status ?? 200 });
  });
  return {
    sent: (path: string) =>
      fetchMock.mock.calls
        .filter(([url]) => String(url) === `/api${path}`)
        .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>),
  };
}

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 100)));
const press = async (name: string) => {
  await click(getButton(name));
  await settle();
};
const text = () => document.body.textContent ?? '';

describe('the login second step', () => {
  it('sends the code with the challenge and signs in', async () => {
    const api = stubApi({ '/auth/2fa/verify': { body: { data: { token: 'session' } } } });
    const { onSignedIn, onRestart } = render('verify');
    expect(text()).toContain('Type the 6-digit code from your authenticator app to finish logging in.');
    await typeInto(getByLabel('Authentication code'), '123456');
    await press('Verify and log in');
    expect(api.sent('/auth/2fa/verify')).toEqual([
      { challengeToken: challenge('verify').challengeToken, code: '123456' },
    ]);
    expect(onSignedIn).toHaveBeenCalledTimes(1);
    expect(onRestart).not.toHaveBeenCalled();
  });

  it('shows a refused code as a toast and under the field, and stays on the step', async () => {
    const message =
      'That code is not correct. Type the newest code your authenticator app shows (check that the time on your phone is right).';
    stubApi({
      '/auth/2fa/verify': {
        status: 422,
        body: {
          statusCode: 422,
          code: 'UNPROCESSABLE',
          message,
          details: [{ path: 'code', message: 'Not correct.' }],
        },
      },
    });
    const { onSignedIn, onRestart } = render('verify');
    await typeInto(getByLabel('Authentication code'), '000000');
    await press('Verify and log in');
    expect(text()).toContain(message);
    expect(fieldError(getByLabel('Authentication code'))).toBe('Not correct.');
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(onRestart).not.toHaveBeenCalled();
  });

  it('takes a recovery code instead through "Use a recovery code"', async () => {
    const api = stubApi({ '/auth/2fa/verify': { body: { data: { token: 'session' } } } });
    const { onSignedIn } = render('verify');
    await press('Use a recovery code');
    expect(document.querySelector('input[autocomplete="one-time-code"]')).toBeNull();
    await typeInto(getByLabel('Recovery code'), 'abcde-23456');
    await press('Verify and log in');
    expect(api.sent('/auth/2fa/verify')).toEqual([
      { challengeToken: challenge('verify').challengeToken, recoveryCode: 'abcde-23456' },
    ]);
    expect(onSignedIn).toHaveBeenCalledTimes(1);
    await press('Use the code from your app');
    expect(getByLabel('Authentication code')).toBeTruthy();
  });

  it('goes back to the password when the challenge has expired', async () => {
    const message = 'This sign-in step has expired or was already used. Please log in again.';
    stubApi({
      '/auth/2fa/verify': { status: 422, body: { statusCode: 422, code: 'INVALID_TOKEN', message } },
    });
    const { onSignedIn, onRestart } = render('verify');
    await typeInto(getByLabel('Authentication code'), '123456');
    await press('Verify and log in');
    expect(text()).toContain(message);
    expect(onRestart).toHaveBeenCalledTimes(1);
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('lets an admin who must enrol set up the app, shows the recovery codes once, then goes on', async () => {
    const codes = Array.from({ length: 10 }, (_, i) => `abcd${i}-2345${i}`);
    const api = stubApi({
      '/auth/2fa/enrolment': {
        body: {
          data: {
            secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
            otpauthUri: 'otpauth://totp/Fanstage:admin?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
            qrCodeDataUrl: 'data:image/svg+xml;base64,PHN2Zy8+',
          },
        },
      },
      '/auth/2fa/enrolment/confirm': { body: { data: { token: 'session', recoveryCodes: codes } } },
    });
    const { onSignedIn } = render('enrol');
    await settle();
    expect(text()).toContain('This site requires two-factor authentication for admins.');
    expect(document.querySelector('img[alt="QR code for your authenticator app"]')?.getAttribute('src')).toBe(
      'data:image/svg+xml;base64,PHN2Zy8+',
    );
    expect(text()).toContain('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    await typeInto(getByLabel('2. Type the 6-digit code the app shows'), '654321');
    await press('Turn on two-factor');
    expect(api.sent('/auth/2fa/enrolment/confirm')).toEqual([
      { challengeToken: challenge('enrol').challengeToken, code: '654321' },
    ]);
    for (const code of codes) expect(text()).toContain(code);
    expect(onSignedIn).not.toHaveBeenCalled();
    await press('I saved my codes, continue');
    expect(onSignedIn).toHaveBeenCalledTimes(1);
  });
});
