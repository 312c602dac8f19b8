import { PROFILE_DEFAULTS } from '../../../../contracts/profile';
import { selectName } from './profiles.queries';
import type { Db } from '../../db/client';

/** The name shown for a member: their profile name, or the display default. */
export const displayName = (name: string | null | undefined) => name?.trim() || PROFILE_DEFAULTS.name;

/** The other member of a pair, from a row read with db/pairs.ts's otherMemberColumns. */
export const otherMember = (row: { other_id: string; name: string | null }) => ({
  userId: row.other_id,
  name: displayName(row.name),
});

/** One member's display name (profile first, then the account), for notification texts. */
export async function nameOf(db: Pick<Db, 'execute'>, userId: string): Promise<string> {
  return displayName(await selectName(db, userId));
}
