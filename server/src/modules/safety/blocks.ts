import { sql, type SQLWrapper } from 'drizzle-orm';

/**
 * True when either of two members blocked the other: every read that shows a member to
 * another one excludes such a pair. Members are columns or ids.
 */
export const blockedBetween = (a: SQLWrapper | string, b: SQLWrapper | string) =>
  sql`exists (select 1 from blocks blk where (blk.blocker_id = ${a} and blk.blocked_id = ${b}) or (blk.blocker_id = ${b} and blk.blocked_id = ${a}))`;
