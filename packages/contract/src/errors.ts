/*
 * Error codes, their HTTP statuses and the messages the spec fixes, without zod (every page of the web
 * app carries them); the error body's schema is in error-response.ts.
 */

/**
 * Every error the API can answer with. The code is stable (clients may switch on it);
 * the message that goes with it is a sentence for people.
 */
export const ErrorCode = {
  /** The request body, query or params do not match the route's schema. */
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  /** Input is well-formed but breaks a rule (a limit, a state). */
  UNPROCESSABLE: 'UNPROCESSABLE',
  /** Login failed: unknown account or wrong password (one message for both). */
  INCORRECT_CREDENTIALS: 'INCORRECT_CREDENTIALS',
  /** No valid session. */
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  /** Logged in but not allowed (wrong role, inactive account, unverified email). */
  FORBIDDEN: 'FORBIDDEN',
  /** The account is deactivated. */
  ACCOUNT_INACTIVE: 'ACCOUNT_INACTIVE',
  /** Email must be verified before logging in. */
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  /** A cookie-authenticated write came without the anti-CSRF header. */
  CSRF_HEADER_MISSING: 'CSRF_HEADER_MISSING',
  /** The thing does not exist, or it is not yours: both answer the same. */
  NOT_FOUND: 'NOT_FOUND',
  /** Unique value already taken (username, email) or an action already done. */
  CONFLICT: 'CONFLICT',
  /** The token (reset, verification) is unknown, used or expired. */
  INVALID_TOKEN: 'INVALID_TOKEN',
  /** The upload is not of an accepted kind, is corrupt or too large. */
  UNSUPPORTED_MEDIA: 'UNSUPPORTED_MEDIA',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  /** Too many requests from this client in a window. */
  RATE_LIMITED: 'RATE_LIMITED',
  /** The wallet cannot pay for this. */
  INSUFFICIENT_BALANCE: 'INSUFFICIENT_BALANCE',
  /** An Idempotency-Key was used before for a different request. */
  IDEMPOTENCY_KEY_REUSED: 'IDEMPOTENCY_KEY_REUSED',
  /** The site is closed to the requester's country (admin's site-wide geo-block). */
  GEO_BLOCKED: 'GEO_BLOCKED',
  /** The site is in maintenance mode. */
  MAINTENANCE: 'MAINTENANCE',
  /** A dependency (database) is not reachable. */
  UNAVAILABLE: 'UNAVAILABLE',
  /** Anything unexpected: logged with the request id, never detailed to clients. */
  INTERNAL: 'INTERNAL',
} as const;
export type TErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const errorStatus: Record<TErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNPROCESSABLE: 422,
  INCORRECT_CREDENTIALS: 422,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  ACCOUNT_INACTIVE: 403,
  EMAIL_NOT_VERIFIED: 403,
  CSRF_HEADER_MISSING: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  INVALID_TOKEN: 422,
  UNSUPPORTED_MEDIA: 415,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INSUFFICIENT_BALANCE: 422,
  IDEMPOTENCY_KEY_REUSED: 422,
  GEO_BLOCKED: 403,
  MAINTENANCE: 503,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

/** The messages the spec fixes word for word. */
export const Messages = {
  incorrectCredentials: 'Incorrect credentials!',
  insufficientBalance: 'You have an insufficient wallet balance. Please top up.',
  forbiddenInAction: 'Forbidden in the action!',
  genericError: 'Something went wrong, please try again later',
  updateError: 'Error occurred, please try again later',
  changesSaved: 'Changes saved',
  copied: 'Copied to clipboard',
} as const;
