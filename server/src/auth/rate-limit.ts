import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { RATE_LIMIT_MESSAGE } from '../../../contracts/errors';
import { AppError } from '../lib/errors';

export type Limit = { key: string; max: number; windowSeconds: number };

/**
 * Counts one attempt against each limit (fixed windows, stored in PostgreSQL) and throws
 * a 429 with Retry-After once any of them is exceeded. One statement per limit keeps
 * concurrent attempts exact.
 */
export async function consumeLimits(db: Db, limits: Limit[]): Promise<void> {
  for (const limit of limits) {
    const result = await db.execute<{ count: number; retry_after: number }>(sql`
      insert into rate_limits (key, window_start, count) values (${limit.key}, now(), 1)
      on conflict (key) do update set
        count = case when rate_limits.window_start <= now() - make_interval(secs => ${limit.windowSeconds})
                     then 1 else rate_limits.count + 1 end,
        window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${limit.windowSeconds})
                     then now() else rate_limits.window_start end
      returning count,
        ceil(extract(epoch from (window_start + make_interval(secs => ${limit.windowSeconds}) - now())))::int as retry_after`);
    const row = result.rows[0]!;
    if (row.count > limit.max) {
      throw new AppError('RATE_LIMITED', RATE_LIMIT_MESSAGE, undefined, {
        'Retry-After': String(Math.max(1, row.retry_after)),
      });
    }
  }
}

const MINUTES_15 = 15 * 60;
const HOUR = 60 * 60;

/** The limits for one auth call, or none when the path is not limited. */
export function authLimits(path: string, ip: string, email: string | undefined, ipMax: number): Limit[] {
  const normalized = email?.trim().toLowerCase();
  const byEmail = (name: string, max: number, windowSeconds: number): Limit[] =>
    normalized ? [{ key: `${name}:email:${normalized}`, max, windowSeconds }] : [];
  const byIp = (name: string, max: number, windowSeconds: number): Limit => ({
    key: `${name}:ip:${ip}`,
    max,
    windowSeconds,
  });
  switch (path) {
    case '/sign-in/email':
      return [byIp('sign-in', ipMax, MINUTES_15), ...byEmail('sign-in', 5, MINUTES_15)];
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
