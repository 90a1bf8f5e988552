import { reCaptchaField } from '@fanstage/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { verifyReCaptchaToken } from './re-captcha.adapter';

/** reCAPTCHA is on when the admin set a site key and the server has RECAPTCHA_SECRET. */
export async function reCaptchaEnabled(ctx: AppContext): Promise<boolean> {
  if (!ctx.config.RECAPTCHA_SECRET) return false;
  const { reCaptchaSiteKey } = await ctx.settings.getAll();
  return reCaptchaSiteKey !== '';
}

/**
 * Refuses the request unless reCAPTCHA is off or the token is valid. Call it before changing
 * anything, so a refusal leaves everything as it was.
 */
export async function requireReCaptcha(
  ctx: AppContext,
  token: string | undefined,
  ip?: string,
): Promise<void> {
  if (!(await reCaptchaEnabled(ctx))) return;
  const trimmed = token?.trim() ?? '';
  if (trimmed === '') {
    throw new AppError('UNPROCESSABLE', 'Please tick "I am not a robot" before sending.', [
      { path: reCaptchaField, message: 'Please tick "I am not a robot".' },
    ]);
  }
  await verifyReCaptchaToken(ctx.config, trimmed, ip);
}
