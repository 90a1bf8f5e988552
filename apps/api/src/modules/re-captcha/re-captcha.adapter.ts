import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';

/**
 * The one door to Google's reCAPTCHA siteverify endpoint (RECAPTCHA_VERIFY_URL; tests point it at a
 * local stand-in). Answers with a sentence for people; Google being unreachable is a 503.
 */
const requestTimeoutMs = 5000;

/** Google's error codes, in words a visitor can act on. */
const reasons: Record<string, string> = {
  'missing-input-response': 'Please tick "I am not a robot".',
  'invalid-input-response': 'The "I am not a robot" check failed. Please tick it again.',
  'timeout-or-duplicate':
    'The "I am not a robot" check has expired or was already used. Please tick it again.',
};
const fallback = 'The "I am not a robot" check failed. Please tick it again.';

export async function verifyReCaptchaToken(
  config: Pick<Config, 'RECAPTCHA_SECRET' | 'RECAPTCHA_VERIFY_URL'>,
  token: string,
  remoteIp?: string,
): Promise<void> {
  const unreachable = () =>
    new AppError(
      'UNAVAILABLE',
      'The "I am not a robot" check cannot be reached right now. Please try again in a minute.',
    );
  const body = new URLSearchParams({ secret: config.RECAPTCHA_SECRET ?? '', response: token });
  if (remoteIp) body.set('remoteip', remoteIp);
  let res: Response;
  try {
    res = await fetch(config.RECAPTCHA_VERIFY_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
      signal: AbortSignal.timeout(requestTimeoutMs),
    });
  } catch {
    throw unreachable();
  }
  const answer = (await res.json().catch(() => null)) as {
    success?: unknown;
    'error-codes'?: unknown;
  } | null;
  if (!res.ok || answer === null || typeof answer.success !== 'boolean') throw unreachable();
  if (answer.success) return;
  const codes = Array.isArray(answer['error-codes']) ? answer['error-codes'].map(String) : [];
  // A wrong secret is our fault, not the visitor's: say the check is out of order.
  if (codes.some((c) => c.includes('secret'))) throw unreachable();
  const reason = codes.map((c) => reasons[c]).find((r) => r !== undefined) ?? fallback;
  throw new AppError('UNPROCESSABLE', reason);
}
