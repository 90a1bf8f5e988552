/* A call's clocks, shared by the API and the call page (no zod: the site's layout carries them). */

/** How often the in-call page says it is still there, and how long the server waits before ending. */
export const callHeartbeatEveryMs = 15_000;
export const callHeartbeatTimeoutMs = 45_000;
/** How long a call rings before it is missed. */
export const callRingTimeoutMs = 30_000;
