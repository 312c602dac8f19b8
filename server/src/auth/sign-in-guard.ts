import { createHmac, timingSafeEqual } from 'node:crypto';
import { normalizeEmail } from '../../../contracts/auth';
import { sql, type SQL } from 'drizzle-orm';
import { parse } from 'hono/utils/cookie';
import type { Db } from '../db/client';
import { selectRow } from '../db/rows';
import { z } from 'zod';
import { AppError } from '../lib/errors';
import { addressKey, consumeLimits, refundLimits, signInLimits, STRANGERS_KEY, type Limit } from './rate-limit';

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
export async function knownToAccount(
  db: Db,
  email: string,
  address: string,
  deviceUserId: string | null,
): Promise<boolean> {
  return isKnown(db, sql`u.email = ${normalizeEmail(email)}`, address, deviceUserId);
}

/** Whether this browser or address has signed in to this member's account before. */
export async function knownToMember(
  db: Db,
  userId: string,
  address: string,
  deviceUserId: string | null,
): Promise<boolean> {
  return isKnown(db, sql`u.id = ${userId}`, address, deviceUserId);
}

async function isKnown(db: Db, which: SQL, address: string, deviceUserId: string | null): Promise<boolean> {
  const account = await selectRow(
    db,
    z.object({ id: z.string(), ips: z.array(z.string()).nullable() }),
    sql`
    select u.id, (select array_agg(distinct e.ip) from account_events e where e.user_id = u.id and e.kind = 'sign_in' and e.ip is not null) as ips
    from "user" u where ${which}`,
  );
  if (!account) return false;
  if (deviceUserId === account.id) return true;
  const from = addressKey(address);
  return (account.ips ?? []).some((ip) => addressKey(ip) === from);
}

export type SignInAttempt = {
  /** The password was right: this attempt does not count against any limit. */
  succeeded(): Promise<void>;
  /**
   * Strangers have spent the account's hourly allowance of guesses from new devices. The
   * password is not refused outright (that would lock the owner out of every new device for an
   * hour): it is checked, and the answer is the same either way, asking for one more proof.
   */
  deviceCheck: boolean;
};

/**
 * Counts a password sign-in before it is checked, and throws 429 (with the wait) when the
 * address has spent its own allowance. Used by member and administrator sign-in alike.
 */
export async function beginSignIn(
  db: Db,
  input: { email: string; address: string; cookieHeader: string | null | undefined; secret: string; ipMax: number },
): Promise<SignInAttempt> {
  const known = await knownToAccount(db, input.email, input.address, deviceAccount(input.cookieHeader, input.secret));
  const limits = signInLimits(input.address, input.email, known, input.ipMax);
  const [ownAddress, strangers] = [limits.filter((l) => !isStrangersLimit(l)), limits.filter(isStrangersLimit)];
  await consumeLimits(db, ownAddress);
  const deviceCheck = await consumeLimits(db, strangers).then(
    () => false,
    (error: unknown) => {
      if (error instanceof AppError && error.code === 'RATE_LIMITED') return true;
      throw error;
    },
  );
  return { succeeded: () => refundLimits(db, limits), deviceCheck };
}

const isStrangersLimit = (limit: Limit) => limit.key.startsWith(STRANGERS_KEY);

/** A link that makes the browser opening it known to the account, for half an hour. */
const APPROVAL_SECONDS = 30 * 60;

const approvalSignature = (secret: string, userId: string, expires: number) =>
  createHmac('sha256', secret).update(`approve-device:${userId}:${expires}`).digest('base64url');

export const deviceApprovalToken = (secret: string, userId: string, now = Date.now()) => {
  const expires = Math.floor(now / 1000) + APPROVAL_SECONDS;
  return `${userId}.${expires}.${approvalSignature(secret, userId, expires)}`;
};

/** The account a device-approval token names, when it is genuine and not expired. */
export function readDeviceApproval(secret: string, token: string): string | null {
  const [userId = '', expires = '', signature = ''] = token.split('.');
  const seconds = Number(expires);
  if (!userId || !Number.isInteger(seconds) || seconds * 1000 < Date.now()) return null;
  const expected = Buffer.from(approvalSignature(secret, userId, seconds));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? userId : null;
}
