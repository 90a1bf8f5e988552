/* Header and cookie names the API and the web app share (no zod: every page carries them). */

/** Header every cookie-authenticated write must carry (a cross-site form cannot set it). */
export const csrfHeader = 'x-requested-with';
export const sessionCookie = 'token';
export const themeCookie = 'theme';
