import { sql } from 'drizzle-orm';
import { PROFILE_DEFAULTS } from '../../../../contracts/profile';
import type { Db } from '../../db/client';

/** The name shown for a member: their profile name, or the display default. */
export const displayName = (name: string | null | undefined) => name?.trim() || PROFILE_DEFAULTS.name;

/** One member's display name (profile first, then the account), for notification texts. */
export async function nameOf(db: Pick<Db, 'execute'>, userId: string): Promise<string> {
  const { rows } = await db.execute<{ name: string | null }>(
    sql`select coalesce(p.name, u.name) as name from "user" u left join profiles p on p.user_id = u.id where u.id = ${userId}`,
  );
  return displayName(rows[0]?.name);
}
