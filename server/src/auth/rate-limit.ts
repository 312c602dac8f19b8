import { sql } from 'drizzle-orm';
import { normalizeEmail } from '../../../contracts/auth';
import { isIPv6 } from 'node:net';
import type { Db } from '../db/client';
import { selectOne } from '../db/rows';
import { z } from 'zod';
import { rateLimitMessage } from '../../../contracts/errors';
import { AppError } from '../lib/errors';

export type Limit = { key: string; max: number; windowSeconds: number };
const ZLimitRow = z.object({ count: z.number(), retry_after: z.number() });

/**
 * Counts one attempt against each limit (fixed windows, stored in PostgreSQL) and throws
 * a 429 with Retry-After, and the wait in words, once any of them is exceeded. One statement
 * per limit keeps concurrent attempts exact.
 */
export async function consumeLimits(db: Db, limits: Limit[]): Promise<void> {
  for (const limit of limits) {
    const row = await selectOne(
      db,
      ZLimitRow,
      sql`
      insert into rate_limits (key, window_start, count) values (${limit.key}, now(), 1)
      on conflict (key) do update set
        count = case when rate_limits.window_start <= now() - make_interval(secs => ${limit.windowSeconds})
                     then 1 else rate_limits.count + 1 end,
        window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${limit.windowSeconds})
                     then now() else rate_limits.window_start end
      returning count,
        ceil(extract(epoch from (window_start + make_interval(secs => ${limit.windowSeconds}) - now())))::int as retry_after`,
    );
    if (row.count > limit.max) {
      const seconds = Math.max(1, row.retry_after);
      throw new AppError('RATE_LIMITED', rateLimitMessage(seconds), undefined, { 'Retry-After': String(seconds) });
    }
  }
}

/** Gives back attempts counted by consumeLimits, for calls that turned out not to count (a right password). */
export async function refundLimits(db: Db, limits: Limit[]): Promise<void> {
  if (limits.length === 0) return;
  const keys = limits.map((limit) => limit.key);
  await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key in ${keys}`);
}

/**
 * The key a client address is limited under: an IPv4 address as it is (an IPv4-mapped IPv6
 * address included), an IPv6 address by its /64, the block one subscriber is usually given, so
 * walking through the addresses of one's own network buys no extra attempts.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = address.includes('::') ? 8 - headGroups.length - tailGroups.length : 0;
  const groups = [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

const MINUTES_15 = 15 * 60;
/** The key of the per-account limit on guesses from strangers' addresses and devices. */
export const STRANGERS_KEY = 'sign-in:email-strangers:';
const HOUR = 60 * 60;

/** Wrong passwords one address may try for one account in 15 minutes. */
export const SIGN_IN_PER_ACCOUNT_AND_ADDRESS = 5;
/**
 * Wrong passwords for one account from addresses and devices it has never signed in from, all
 * together, per hour: the slow bound on a guesser who rotates addresses. The member's own
 * addresses and devices are not held back by it, so strangers cannot lock the owner out.
 */
export const SIGN_IN_PER_ACCOUNT_FROM_STRANGERS = 30;

/**
 * The limits on one password sign-in. Every attempt is counted when it starts (so a burst of
 * simultaneous guesses cannot overrun a budget) and a right password is given back afterwards:
 * only failures count.
 */
export function signInLimits(address: string, email: string, knownToAccount: boolean, ipMax: number): Limit[] {
  const who = normalizeEmail(email);
  const from = addressKey(address);
  return [
    { key: `sign-in:ip:${from}`, max: ipMax, windowSeconds: MINUTES_15 },
    { key: `sign-in:email-ip:${who}|${from}`, max: SIGN_IN_PER_ACCOUNT_AND_ADDRESS, windowSeconds: MINUTES_15 },
    ...(knownToAccount
      ? []
      : [{ key: `${STRANGERS_KEY}${who}`, max: SIGN_IN_PER_ACCOUNT_FROM_STRANGERS, windowSeconds: HOUR }]),
  ];
}

/** Codes (app, mail or backup) tried at the second-factor step from new devices, per account and hour. */
export const SECOND_FACTOR_FROM_STRANGERS = 10;
/** Codes tried from one of the member's own devices or addresses, per 15 minutes. */
export const SECOND_FACTOR_FROM_OWN = 10;

/**
 * The limits on one code tried at the second-factor step of a sign-in (the password was right).
 * As for passwords, new devices share one slow allowance per account, and the member's own
 * devices and addresses have theirs: whoever holds her password cannot lock her out.
 */
export function secondFactorLimits(userId: string, address: string, knownToAccount: boolean): Limit[] {
  return knownToAccount
    ? [
        {
          key: `second-factor:own:${userId}|${addressKey(address)}`,
          max: SECOND_FACTOR_FROM_OWN,
          windowSeconds: MINUTES_15,
        },
      ]
    : [{ key: `second-factor:strangers:${userId}`, max: SECOND_FACTOR_FROM_STRANGERS, windowSeconds: HOUR }];
}

/** The limits for one mail-sending auth call (each sends a mail, so every call counts), or none. */
export function mailLimits(path: string, address: string, email: string | undefined, ipMax: number): Limit[] {
  const normalized = email === undefined ? undefined : normalizeEmail(email);
  const from = addressKey(address);
  const byEmail = (name: string, max: number, windowSeconds: number): Limit[] =>
    normalized ? [{ key: `${name}:email:${normalized}`, max, windowSeconds }] : [];
  const byIp = (name: string, max: number, windowSeconds: number): Limit => ({
    key: `${name}:ip:${from}`,
    max,
    windowSeconds,
  });
  switch (path) {
    case '/sign-up/email':
      return [byIp('sign-up', ipMax, HOUR), ...byEmail('sign-up', 3, HOUR)];
    case '/sign-in/magic-link':
      return [byIp('magic-link', ipMax, MINUTES_15), ...byEmail('magic-link', 5, MINUTES_15)];
    case '/request-password-reset':
      return [byIp('reset', ipMax, MINUTES_15), ...byEmail('reset', 5, MINUTES_15)];
    case '/reset-password':
      return [byIp('reset-confirm', ipMax, MINUTES_15)];
    case '/send-verification-email':
      return [byIp('verify-mail', ipMax, MINUTES_15), ...byEmail('verify-mail', 5, MINUTES_15)];
    default:
      return [];
  }
}
