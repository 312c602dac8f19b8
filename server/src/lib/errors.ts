import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ERROR_CODES, STORAGE_FULL_MESSAGE, type ErrorCode, type TErrorBody } from '../../../contracts/errors';
import type { Logger } from './logger';

/** The one error type: a code that picks the HTTP status and a message fit to show a user. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
  get status(): ContentfulStatusCode {
    return ERROR_CODES[this.code] as ContentfulStatusCode;
  }
}

export function errorBody(code: string, message: string, fields?: Record<string, string>): TErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

const STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
};

/** PostgreSQL's codes for a server going down or not yet up, and connection failures. */
const DATABASE_DOWN_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
]);
const DATABASE_DOWN_MESSAGE =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect/i;

/** Whether an error (or one it wraps) says the database cannot be reached right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if ((typeof code === 'string' && DATABASE_DOWN_CODES.has(code)) || DATABASE_DOWN_MESSAGE.test(current.message))
      return true;
  }
  return false;
}

/** A disk with no room left (or a file-size or quota limit), on the way to local storage. */
const isStorageFull = (error: unknown) =>
  ['ENOSPC', 'EDQUOT', 'EFBIG'].includes(String((error as { code?: unknown } | null)?.code));

/** How long a client should wait before retrying while the database is away. */
export const DATABASE_RETRY_AFTER_SECONDS = 2;
export const UNAVAILABLE_MESSAGE = 'Vouch is briefly unavailable. Please try again in a moment.';
export const INTERNAL_MESSAGE = 'Something went wrong. Please try again.';

/** Turns anything thrown into the JSON error shape; never leaks a stack trace. */
export function handleError(error: unknown, c: Context, logger: Logger): Response {
  if (isDatabaseUnavailable(error)) {
    // A restart or failover of PostgreSQL: the pool reconnects by itself, so ask to retry.
    logger.warn({ reqId: c.get('requestId'), err: error }, 'database unavailable');
    c.header('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
    return c.json(errorBody('UNAVAILABLE', UNAVAILABLE_MESSAGE), 503);
  }
  if (isStorageFull(error)) {
    logger.error({ reqId: c.get('requestId'), err: error }, 'storage full: an upload was refused');
    return c.json(errorBody('STORAGE_FULL', STORAGE_FULL_MESSAGE), 507);
  }
  if (error instanceof AppError) {
    for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
    return c.json(errorBody(error.code, error.message, error.fields), error.status);
  }
  if (error instanceof HTTPException && error.status < 500) {
    const code = STATUS_CODES[error.status] ?? 'BAD_REQUEST';
    return c.json(errorBody(code, error.message || 'Bad request'), error.status as ContentfulStatusCode);
  }
  logger.error({ err: error, reqId: c.get('requestId') }, 'unhandled error');
  return c.json(errorBody('INTERNAL', INTERNAL_MESSAGE), 500);
}
