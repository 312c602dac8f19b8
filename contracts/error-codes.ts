// Every code an error may carry, and the messages several places share. No zod here: the web
// app's first load reads this file.

export const ERROR_CODES = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  BLOCKED: 403,
  /** A Premium feature asked for on the free plan; the client shows the upgrade path. */
  PREMIUM_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  FILE_TOO_LARGE: 413,
  INVALID_FILE_TYPE: 415,
  UNSUPPORTED_MEDIA_TYPE: 415,
  MAX_PHOTOS: 409,
  LIMIT_REACHED: 429,
  RATE_LIMITED: 429,
  /**
   * A sign-in from a new device to an account strangers have been guessing at: whatever the
   * password, the owner is mailed a link that makes this device known (when it was right).
   */
  DEVICE_CHECK: 403,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  STORAGE_FULL: 507,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

/**
 * better-auth's own codes that the browser is told under /api/auth and branches on (sign-in,
 * second factors). The server passes these on as they are, and answers any other of
 * better-auth's codes as AUTH_ERROR, with its message.
 */
export const AUTH_ERROR_CODES = [
  'INVALID_EMAIL_OR_PASSWORD',
  'EMAIL_NOT_VERIFIED',
  'BANNED_USER',
  'EMAIL_CODES_OFF',
  'INVALID_CODE',
  'OTP_HAS_EXPIRED',
  'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE',
  'INVALID_TWO_FACTOR_COOKIE',
  'AUTH_ERROR',
] as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];

/** Errors the browser makes itself: the server could not be reached, or answered no error body. */
export type ClientErrorCode = 'NETWORK' | 'UNKNOWN';

/** Every code an error may carry in the web app. It branches on these, never on an error's words. */
export type ApiErrorCode = ErrorCode | AuthErrorCode | ClientErrorCode;

/** Whether the browser may be told this code: the server passes on better-auth's only when it is. */
export const isApiErrorCode = (code: string): code is ErrorCode | AuthErrorCode =>
  code in ERROR_CODES || (AUTH_ERROR_CODES as readonly string[]).includes(code);

/**
 * An error body's code in the web app. The server answers only codes of ApiErrorCode, so the
 * browser does not check them again (the list would weigh on every page's first load).
 */
export const asApiErrorCode = (code: string | undefined): ApiErrorCode =>
  (code as ApiErrorCode | undefined) ?? 'UNKNOWN';

/** A wait in words: "40 seconds", "1 minute", "14 minutes". */
export function waitInWords(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  const whole = Math.max(1, Math.ceil(seconds));
  return whole < 60 ? plural(whole, 'second') : plural(Math.ceil(whole / 60), 'minute');
}

/** The message of every 429 (code RATE_LIMITED), with the wait in words. */
export function rateLimitMessage(retryAfterSeconds: number): string {
  return `Too many attempts. Please try again in ${waitInWords(retryAfterSeconds)}.`;
}

/** Message for a file that could not be stored because the disk (or bucket quota) is full. */
export const STORAGE_FULL_MESSAGE =
  "We couldn't save your file because our storage is full. Nothing was saved; please try again later.";

/** What a banned or suspended member is told when their session or sign-in is refused. */
export const ACCOUNT_SUSPENDED = 'This account is suspended.';
