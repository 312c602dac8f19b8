import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { FREE_DAILY_LIKES } from '../../../../contracts/discovery';
import type { Db } from '../../db/client';
import { otherMemberOf, storedPair } from '../../db/pairs';
import { column, selectOne, selectRow, selectRows, ZCount, ZId } from '../../db/rows';
import { passes, profiles } from '../../db/schema';
import { blockedBetween } from '../safety/blocks';
import { cardColumns, cardExtras, ZCardRow } from './discovery.queries';

/** The SQL of likes, passes and matches, each statement's rows checked against their shape (db/rows.ts). */

/** The member's matches, newest first, without anyone either of them has blocked. */
export const selectMatches = (db: Pick<Db, 'execute'>, viewerId: string) =>
  selectRows(
    db,
    ZCardRow.extend({
      match_id: z.string(),
      conversation_id: z.string().nullable(),
      matched_at: column.timestamp,
      announced: z.boolean(),
      date_verified: z.boolean().nullable(),
      rated_by_me: z.boolean(),
    }),
    sql`
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
    order by m.created_at desc`,
  );

/** Records that the viewer has been shown 'It's a match!'; false when the match is not theirs. */
export async function markMatchSeen(
  db: Pick<Db, 'execute'>,
  { viewerId, matchId }: { viewerId: string; matchId: string },
) {
  const rows = await selectRows(
    db,
    ZId,
    sql`
    update matches set
      announced_to_a = announced_to_a or user_a = ${viewerId},
      announced_to_b = announced_to_b or user_b = ${viewerId}
    where id = ${matchId} and (user_a = ${viewerId} or user_b = ${viewerId})
    returning id`,
  );
  return rows.length > 0;
}

/** The members who liked the viewer and still wait for an answer (not matched, not passed on, not blocked). */
const likesWaiting = (viewerId: string) => sql`
    from likes l join profiles p on p.user_id = l.user_id
    where l.target_id = ${viewerId} and p.hidden = false
      and not exists (select 1 from likes mine where mine.user_id = ${viewerId} and mine.target_id = l.user_id)
      and not exists (select 1 from passes s where s.user_id = ${viewerId} and s.target_id = l.user_id)
      and not ${blockedBetween(viewerId, sql`l.user_id`)}`;

export async function countLikesWaiting(db: Pick<Db, 'execute'>, viewerId: string): Promise<number> {
  const row = await selectRow(db, ZCount, sql`select count(*)::int as n ${likesWaiting(viewerId)}`);
  return row?.n ?? 0;
}

/** The first 100 of them as cards, super likes first. */
export const selectLikesWaiting = (db: Pick<Db, 'execute'>, viewerId: string) =>
  selectRows(
    db,
    ZCardRow.extend({ super_like: z.boolean(), liked_at: column.timestamp }),
    sql`
    select ${cardColumns(null)}, ${cardExtras(viewerId)}, l.super_like, l.created_at as liked_at ${likesWaiting(viewerId)}
    order by l.super_like desc, l.created_at desc limit 100`,
  );

export type LikePair = { viewerId: string; targetId: string };

/** The day a free member's like quota counts from: midnight UTC. */
export const startOfUtcDay = (now = new Date()) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

export type LikeInput = LikePair & { superLike: boolean; premium: boolean; dayStart: Date };

/**
 * A like in one round trip: record_like (migration 0028) takes the pair's and the liker's
 * locks, checks the target may be liked (a visible profile, no block either way), counts
 * today's likes, finds the like already given and the like back, stores the like when the
 * plan allows it (answering an earlier like is never refused), clears an earlier pass, and
 * makes the match with its conversation when the like is mutual.
 */
export function likeStatement({ viewerId, targetId, superLike, premium, dayStart }: LikeInput) {
  const [userA, userB] = storedPair(viewerId, targetId);
  return sql`select * from record_like(${viewerId}, ${targetId}, ${userA}, ${userB}, ${superLike}, ${premium}, ${dayStart}, ${FREE_DAILY_LIKES})`;
}

const ZLikeOutcome = z.object({
  likeable: z.boolean(),
  used: z.number(),
  already: z.boolean(),
  liked_back: z.boolean(),
  inserted: z.boolean(),
  match_id: z.string().nullable(),
  conversation_id: z.string().nullable(),
});

export async function recordLike(db: Pick<Db, 'execute'>, like: LikeInput) {
  return selectOne(db, ZLikeOutcome, likeStatement(like), { prepare: true });
}

/** A pass, or a pass renewed, when the target may be passed on (a row answered); none when not. */
export const passUpsertStatement = ({ viewerId, targetId }: LikePair) => sql`
    insert into ${passes} (user_id, target_id)
    select ${viewerId}, ${targetId} from ${profiles} p
    where p.user_id = ${targetId} and not p.hidden and not ${blockedBetween(viewerId, targetId)}
    on conflict (user_id, target_id) do update set created_at = now()
    returning 1 as ok`;

const ZPassed = z.object({ ok: z.number() });

/** A pass, or a pass renewed, when the target may be passed on; false when not. */
export async function upsertPass(db: Pick<Db, 'execute'>, pair: LikePair): Promise<boolean> {
  const rows = await selectRows(db, ZPassed, passUpsertStatement(pair), { prepare: true });
  return rows.length > 0;
}
