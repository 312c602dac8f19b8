import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../lib/context';
import { AppError } from '../lib/errors';
import { uploadBodyLimit } from './upload';

/** The largest API body other than an upload: the longest valid payload is a few kilobytes. */
export const API_BODY_LIMIT_BYTES = 64 * 1024;
export const BODY_TOO_LARGE_MESSAGE = 'This request is too large.';

const isMultipart = (type: string | undefined) => (type ?? '').toLowerCase().startsWith('multipart/form-data');

/**
 * One size limit on every API body, checked from Content-Length and while the body streams in,
 * before anything reads it. Multipart bodies are uploads and keep the upload limit (a photo plus
 * its envelope); the upload routes check it again themselves.
 */
export function apiBodyLimit(): MiddlewareHandler<AppEnv> {
  const small = bodyLimit({
    maxSize: API_BODY_LIMIT_BYTES,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE', BODY_TOO_LARGE_MESSAGE);
    },
  });
  const upload = uploadBodyLimit();
  return (c, next) => {
    // Nothing reads a GET's or HEAD's body (the request the routes see has none; Node discards
    // what a client sends), and asking the raw request for it would build it whole on every call.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    return isMultipart(c.req.header('content-type')) ? upload(c, next) : small(c, next);
  };
}

const NUL_MESSAGE = 'The request contains a NUL character, which no field accepts.';

function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (Array.isArray(value)) return value.some(hasNul);
  if (value !== null && typeof value === 'object')
    return Object.entries(value).some(([key, inner]) => key.includes('\0') || hasNul(inner));
  return false;
}

function decodedHasNul(text: string): boolean {
  if (text.includes('\0')) return true;
  if (!text.includes('%00')) return false;
  try {
    return decodeURIComponent(text).includes('\0');
  } catch {
    return true; // malformed percent-encoding that still spells a NUL
  }
}

/**
 * No text PostgreSQL stores may hold a NUL character, so none is valid input anywhere: a NUL in
 * the path, the query or a JSON body is refused here with a 400, rather than failing in the
 * database. The body is read only when its text mentions one (a raw NUL or the \u0000 escape);
 * what was read stays cached for the route.
 */
export function refuseNul(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = c.req.url;
    if (decodedHasNul(url.slice(url.indexOf('/', url.indexOf('//') + 2))))
      throw new AppError('VALIDATION_FAILED', NUL_MESSAGE);
    const type = (c.req.header('content-type') ?? '').toLowerCase();
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && (type.includes('json') || type.startsWith('text/'))) {
      const text = await c.req.text();
      if (text.includes('\0')) throw new AppError('VALIDATION_FAILED', NUL_MESSAGE);
      if (/\\u0000/i.test(text)) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = null; // not JSON: the route's own validation answers
        }
        if (hasNul(parsed)) throw new AppError('VALIDATION_FAILED', NUL_MESSAGE);
      }
    }
    await next();
  };
}
