import { z } from 'zod';

/** Every error the API returns has this one shape. */
export const ZErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type TErrorBody = z.infer<typeof ZErrorBody>;

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
  INTERNAL: 500,
  UNAVAILABLE: 503,
  STORAGE_FULL: 507,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

/** A wait in words: "40 seconds", "1 minute", "14 minutes". */
export function waitInWords(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  const whole = Math.max(1, Math.ceil(seconds));
  return whole < 60 ? plural(whole, 'second') : plural(Math.ceil(whole / 60), 'minute');
}

/** The message of every 429, with the wait in words; worded so the login page picks its 'rate limit' hint. */
export function rateLimitMessage(retryAfterSeconds: number): string {
  return `Too many attempts: rate limit reached. Please try again in ${waitInWords(retryAfterSeconds)}.`;
}

/** Message for a file that could not be stored because the disk (or bucket quota) is full. */
export const STORAGE_FULL_MESSAGE = "We couldn't save your file because our storage is full. Nothing was saved; please try again later.";

/** What a banned or suspended member is told when their session or sign-in is refused. */
export const ACCOUNT_SUSPENDED = 'This account is suspended.';
