import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { parse } from 'hono/utils/cookie';
import type { Db } from '../db/client';
import { selectRow } from '../db/rows';
import { z } from 'zod';
import { addressKey, consumeLimits, refundLimits, signInLimits } from './rate-limit';

/**
 * A browser that has signed in to an account carries this cookie (HttpOnly, a year), naming the
 * account with the server's signature. A guesser's failures never hold back that browser, and
 * an address the account has signed in from is spared alike: see signInLimits.
 */
export const DEVICE_COOKIE = 'vouch_device';
export const DEVICE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

const deviceSignature = (secret: string, userId: string) =>
  createHmac('sha256', secret).update(`device:${userId}`).digest('base64url');

export const deviceCookieValue = (secret: string, userId: string) => `${userId}.${deviceSignature(secret, userId)}`;

/** The account this browser has signed in to before, when its device cookie is genuine. */
export function deviceAccount(cookieHeader: string | null | undefined, secret: string): string | null {
  if (!cookieHeader?.includes(DEVICE_COOKIE)) return null;
  const value = parse(cookieHeader, DEVICE_COOKIE)[DEVICE_COOKIE];
  const dot = value?.lastIndexOf('.') ?? -1;
  if (!value || dot < 1) return null;
  const userId = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(deviceSignature(secret, userId));
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}

/** Whether this browser or address has signed in to the account with this email before. */
async function knownToAccount(db: Db, email: string, address: string, deviceUserId: string | null): Promise<boolean> {
  const account = await selectRow(
    db,
    z.object({ id: z.string(), ips: z.array(z.string()).nullable() }),
    sql`
    select u.id, (select array_agg(distinct e.ip) from account_events e where e.user_id = u.id and e.kind = 'sign_in' and e.ip is not null) as ips
    from "user" u where u.email = ${email.trim().toLowerCase()}`,
  );
  if (!account) return false;
  if (deviceUserId === account.id) return true;
  const from = addressKey(address);
  return (account.ips ?? []).some((ip) => addressKey(ip) === from);
}

export type SignInAttempt = {
  /** The password was right: this attempt does not count against any limit. */
  succeeded(): Promise<void>;
};

/**
 * Counts a password sign-in before it is checked, and throws 429 (with the wait) when a limit
 * is spent. Used by member and administrator sign-in alike.
 */
export async function beginSignIn(
  db: Db,
  input: { email: string; address: string; cookieHeader: string | null | undefined; secret: string; ipMax: number },
): Promise<SignInAttempt> {
  const known = await knownToAccount(db, input.email, input.address, deviceAccount(input.cookieHeader, input.secret));
  const limits = signInLimits(input.address, input.email, known, input.ipMax);
  await consumeLimits(db, limits);
  return { succeeded: () => refundLimits(db, limits) };
}
