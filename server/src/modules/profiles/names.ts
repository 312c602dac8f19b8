import { displayName } from '../../../../contracts/profile';
import { selectName } from './profiles.queries';
import type { Db } from '../../db/client';

export { displayName };

/** The other member of a pair, from a row read with db/pairs.ts's otherMemberColumns. */
export const otherMember = (row: { other_id: string; name: string | null }) => ({
  userId: row.other_id,
  name: displayName(row.name),
});

/** One member's display name (profile first, then the account), for notification texts. */
export async function nameOf(db: Pick<Db, 'execute'>, userId: string): Promise<string> {
  return displayName(await selectName(db, userId));
}
