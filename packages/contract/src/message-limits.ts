/* A message's limits and the conversation's page size (no zod: the site's layout carries them). */

export const messageMaxLength = 2000;
/** Messages come 25 per page from offset 0, newest last (spec section 9). */
export const messagesPageSize = 25;
/** Files one message may carry. */
export const messageMaxFiles = 10;
