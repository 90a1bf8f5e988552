/** True when an API error says the form needs (another) reCAPTCHA answer. */
export function needsReCaptcha(error: unknown): boolean {
  const details = (error as { details?: { path?: string }[] } | null)?.details;
  return Array.isArray(details) && details.some((d) => d.path === 'reCaptchaToken');
}
