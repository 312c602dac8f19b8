import type { TMatch } from '../../../../contracts/discovery';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { toCard, viewerInterests } from './cards';
import { markMatchSeen, selectMatches } from './likes.queries';

/** The member's matches, newest first, without anyone either of them has blocked. */
export async function listMatches(db: Db, viewerId: string): Promise<TMatch[]> {
  const rows = await selectMatches(db, viewerId);
  const mine = await viewerInterests(db, viewerId);
  return rows.map((row) => ({
    matchId: row.match_id,
    conversationId: row.conversation_id,
    createdAt: row.matched_at,
    announced: row.announced,
    dateVerified: !!row.date_verified,
    ratedByMe: row.rated_by_me,
    profile: toCard(row, mine),
  }));
}

/** Records that the member has been shown 'It's a match!' for this match. */
export async function markMatchAnnounced(db: Db, viewerId: string, matchId: string): Promise<void> {
  if (!(await markMatchSeen(db, { viewerId, matchId }))) throw new AppError('NOT_FOUND', 'That match does not exist.');
}
