import { z } from 'zod';
import { sql, type SQL } from 'drizzle-orm';

/**
 * The other member of a pair row, seen from the viewer. Matches, conversations and past matches
 * store a pair as (user_a, user_b) with user_a < user_b, so which column is "them" depends on who
 * asks. `alias` is the row's alias in the query (a fixed word, never input).
 */
export function otherMemberOf(alias: 'm' | 'c' | 'pm', viewerId: string): SQL {
  const row = sql.raw(alias);
  return sql`case when ${row}.user_a = ${viewerId} then ${row}.user_b else ${row}.user_a end`;
}

/** Two members in the order a pair row stores them (user_a < user_b). */
export const storedPair = (a: string, b: string): [string, string] => (a < b ? [a, b] : [b, a]);

/**
 * A row's columns for the other member of a pair: their id (otherMemberOf) and their first name
 * from a left join on profiles, null when the profile is gone.
 */
export const otherMemberColumns = { other_id: z.string(), name: z.string().nullable() };
