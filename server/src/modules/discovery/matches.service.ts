import { sql } from 'drizzle-orm';
import type { TMatch } from '../../../../contracts/discovery';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { cardColumns, cardExtras, toCard, viewerInterests, type CardRow } from './cards';
import { blockedBetween } from '../safety/blocks';
import { otherMemberOf } from '../../db/pairs';

/** The member's matches, newest first, without anyone either of them has blocked. */
export async function listMatches(db: Db, viewerId: string): Promise<TMatch[]> {
  const { rows } = await db.execute<
    CardRow & {
      match_id: string;
      conversation_id: string | null;
      matched_at: Date | string;
      announced: boolean;
      date_verified: boolean | null;
      rated_by_me: boolean;
    }
  >(sql`
    select m.id as match_id, c.id as conversation_id, m.created_at as matched_at, c.date_verified,
           exists (select 1 from reviews r where r.conversation_id = c.id and r.reviewer_id = ${viewerId}) as rated_by_me,
           case when m.user_a = ${viewerId} then m.announced_to_a else m.announced_to_b end as announced,
           ${cardColumns(null)}, ${cardExtras(viewerId)}
    from matches m
    join profiles p on p.user_id = ${otherMemberOf('m', viewerId)}
    left join conversations c on c.match_id = m.id
    where (m.user_a = ${viewerId} or m.user_b = ${viewerId})
      and p.hidden = false
      and not ${blockedBetween(viewerId, sql`p.user_id`)}
    order by m.created_at desc`);
  const mine = await viewerInterests(db, viewerId);
  return rows.map((row) => ({
    matchId: row.match_id,
    conversationId: row.conversation_id,
    createdAt: new Date(row.matched_at).toISOString(),
    announced: row.announced,
    dateVerified: !!row.date_verified,
    ratedByMe: row.rated_by_me,
    profile: toCard(row, mine),
  }));
}

/** Records that the member has been shown 'It's a match!' for this match. */
export async function markMatchAnnounced(db: Db, viewerId: string, matchId: string): Promise<void> {
  const { rows } = await db.execute<{ id: string }>(sql`
    update matches set
      announced_to_a = announced_to_a or user_a = ${viewerId},
      announced_to_b = announced_to_b or user_b = ${viewerId}
    where id = ${matchId} and (user_a = ${viewerId} or user_b = ${viewerId})
    returning id`);
  if (rows.length === 0) throw new AppError('NOT_FOUND', 'That match does not exist.');
}
