import { createHmac, timingSafeEqual } from 'node:crypto';
import { parse } from 'hono/utils/cookie';

/**
 * The session token carried by better-auth's signed session cookie, `<token>.<base64 HMAC-SHA256>`,
 * or null when the cookie is missing or its signature does not match. Checked here with Node's
 * synchronous HMAC: going through better-auth's endpoint pipeline for this cost about a
 * millisecond of CPU on every member request (bench/results).
 */
export function readSessionToken(cookieHeader: string | null, cookieName: string, secret: string): string | null {
  if (!cookieHeader?.includes(cookieName)) return null;
  const value = parse(cookieHeader, cookieName)[cookieName];
  const dot = value?.lastIndexOf('.') ?? -1;
  if (!value || dot < 1) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1), 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}
