import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ERROR_CODES, type ErrorCode, type TErrorBody } from '../../../contracts/errors';
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

/** Turns anything thrown into the JSON error shape; never leaks a stack trace. */
export function handleError(error: unknown, c: Context, logger: Logger): Response {
  if (error instanceof AppError) {
    for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
    return c.json(errorBody(error.code, error.message, error.fields), error.status);
  }
  if (error instanceof HTTPException && error.status < 500) {
    const code = STATUS_CODES[error.status] ?? 'BAD_REQUEST';
    return c.json(errorBody(code, error.message || 'Bad request'), error.status as ContentfulStatusCode);
  }
  logger.error({ err: error, reqId: c.get('requestId') }, 'unhandled error');
  return c.json(errorBody('INTERNAL', 'Something went wrong. Please try again.'), 500);
}
