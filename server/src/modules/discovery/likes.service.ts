import { and, count, eq, gte, sql } from 'drizzle-orm';
import { FREE_DAILY_LIKES, LIKE_LIMIT_MESSAGE, type TLikeResponse } from '../../../../contracts/discovery';
import type { TLikesReceived } from '../../../../contracts/plans';
import type { Db } from '../../db/client';
import { conversations, likes, matches, passes, profiles, subscriptions, user } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { announceStatsChange, publish } from '../../realtime/hub';
import { notify } from '../notifications/notifications.service';
import { PLAN_TEXT } from '../../../../contracts/plans';
import { isPremium, planColumns, planFromColumns, planOf, type PlanColumns } from '../plans/service';
import { cardColumns, cardExtras, toCard, viewerInterests, type CardRow } from './cards';
import { nameOf } from '../profiles/names';
import { blockedBetween } from '../safety/blocks';

const startOfUtcDay = (now = new Date()) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

const SELF_LIKE = 'You cannot like your own profile.';
const UNAVAILABLE = 'That profile is no longer available.';

/** Likes left today, or null when the member's plan has no limit. */
export async function likesLeftToday(
  db: Pick<Db, 'select'>,
  viewerId: string,
): Promise<{ left: number | null; tier: 'free' | 'premium' }> {
  const plan = await planOf(db, viewerId);
  if (plan.tier === 'premium') return { left: null, tier: 'premium' };
  const [{ used } = { used: 0 }] = await db
    .select({ used: count() })
    .from(likes)
    .where(and(eq(likes.userId, viewerId), gte(likes.createdAt, startOfUtcDay())));
  return { left: Math.max(0, FREE_DAILY_LIKES - used), tier: 'free' };
}

/**
 * Records a like and creates the match when it is mutual. Both members of a pair take the
 * same advisory lock, so two likes at the same instant are serialised: the second one sees
 * the first and creates exactly one match (the unique pair index is the last line).
 */
export async function likeProfile(
  db: Db,
  viewerId: string,
  targetId: string,
  superLike = false,
): Promise<TLikeResponse> {
  const result = await recordLike(db, viewerId, targetId, superLike);
  if (result.matchId) await announceMatch(db, viewerId, targetId, result.matchId, result.conversationId);
  else if (superLike && !result.alreadyLiked && !result.matched) {
    await notify(db, targetId, {
      type: 'super_like',
      title: 'You got a super like!',
      message: 'Someone really wants to meet you. They are highlighted in your discovery and under Liked you.',
      link: '/dashboard?tab=matches',
    });
  }
  return result;
}

/**
 * The members who liked the viewer and are still waiting for an answer (not matched, not
 * passed on, not blocked), super likes first. Free members get the count; the list is Premium.
 */
export async function likesReceived(db: Db, viewerId: string): Promise<TLikesReceived> {
  const waiting = sql`
    from likes l join profiles p on p.user_id = l.user_id
    where l.target_id = ${viewerId} and p.hidden = false
      and not exists (select 1 from likes mine where mine.user_id = ${viewerId} and mine.target_id = l.user_id)
      and not exists (select 1 from passes s where s.user_id = ${viewerId} and s.target_id = l.user_id)
      and not ${blockedBetween(viewerId, sql`l.user_id`)}`;
  const [{ n } = { n: 0 }] = (await db.execute<{ n: number }>(sql`select count(*)::int as n ${waiting}`)).rows;
  if (!(await isPremium(db, viewerId))) return { count: n, likes: null };
  type Row = CardRow & { super_like: boolean; liked_at: Date | string };
  const { rows } = await db.execute<Row>(sql`
    select ${cardColumns(null)}, ${cardExtras(viewerId)}, l.super_like, l.created_at as liked_at ${waiting}
    order by l.super_like desc, l.created_at desc limit 100`);
  const mine = await viewerInterests(db, viewerId);
  return {
    count: n,
    likes: rows.map((row) => ({
      profile: toCard(row, mine),
      superLike: row.super_like,
      likedAt: new Date(row.liked_at).toISOString(),
    })),
  };
}

/**
 * After the commit: both members' open tabs refresh their matches, and the member who liked
 * first (and is not looking at 'It's a match!') gets a notification.
 */
async function announceMatch(
  db: Db,
  viewerId: string,
  targetId: string,
  matchId: string,
  conversationId: string | null,
) {
  await publish(db, [viewerId, targetId], { type: 'match', matchId });
  announceStatsChange(db);
  await notify(db, targetId, {
    type: 'match',
    title: "It's a match!",
    message: `You and ${await nameOf(db, viewerId)} liked each other. Say hello!`,
    link: conversationId ? `/messages?conversation=${conversationId}` : '/dashboard?tab=matches',
  });
}

type LikeFacts = PlanColumns & { likeable: boolean | null };
type LikeOutcome = { used: number; already: boolean; reverse: boolean; inserted: boolean };

/**
 * The like itself, in four round trips (BEGIN, two statements, COMMIT) and one more for a match.
 * Each statement after the locks reads a snapshot taken once they are held, so a like back from
 * the other side, or another like by the same member, is either wholly seen or not yet begun.
 */
async function recordLike(db: Db, viewerId: string, targetId: string, superLike: boolean): Promise<TLikeResponse> {
  if (viewerId === targetId) throw new AppError('BAD_REQUEST', SELF_LIKE);
  return db.transaction(async (tx) => {
    const [userA, userB] = viewerId < targetId ? [viewerId, targetId] : [targetId, viewerId];
    // The locks (the pair's: one match per pair; the liker's: the daily quota), whether the
    // target may be liked (a visible profile, no block either way), and the liker's plan.
    const {
      rows: [facts],
    } = await tx.execute<LikeFacts>(sql`
      select pg_advisory_xact_lock(hashtext(${`pair:${userA}:${userB}`})), pg_advisory_xact_lock(hashtext(${`likes:${viewerId}`})),
        (select not p.hidden and not ${blockedBetween(viewerId, targetId)} from ${profiles} p where p.user_id = ${targetId}) as likeable,
        ${planColumns}
      from ${user} u left join ${subscriptions} s on s.user_id = u.id
      where u.id = ${viewerId}`);
    if (!facts) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
    if (!facts.likeable) throw new AppError('NOT_FOUND', UNAVAILABLE);
    const premium = planFromColumns(facts).tier === 'premium';

    // Today's likes, the like already given, the like back; and the like itself when the plan
    // allows it (answering an earlier like is never refused), replacing an earlier pass.
    const {
      rows: [outcome],
    } = await tx.execute<LikeOutcome>(sql`
      with facts as (
        select case when ${premium} then 0 else (select count(*)::int from ${likes} where user_id = ${viewerId} and created_at >= ${startOfUtcDay()}) end as used,
          exists (select 1 from ${likes} where user_id = ${viewerId} and target_id = ${targetId}) as already,
          exists (select 1 from ${likes} where user_id = ${targetId} and target_id = ${viewerId}) as reverse),
      inserted as (
        insert into ${likes} (user_id, target_id, super_like)
        select ${viewerId}, ${targetId}, ${superLike} from facts
        where not already and (${premium} or (used < ${FREE_DAILY_LIKES} and not ${superLike}))
        on conflict do nothing returning 1),
      cleared as (delete from ${passes} where user_id = ${viewerId} and target_id = ${targetId} and exists (select 1 from inserted))
      select used, already, reverse, exists (select 1 from inserted) as inserted from facts`);
    const { used, already, reverse, inserted } = outcome!;
    const left = premium ? null : Math.max(0, FREE_DAILY_LIKES - used);
    if (already) return { matched: false, alreadyLiked: true, matchId: null, conversationId: null, likesLeft: left };
    if (left === 0) throw new AppError('LIMIT_REACHED', LIKE_LIMIT_MESSAGE);
    if (superLike && !premium) throw new AppError('PREMIUM_REQUIRED', PLAN_TEXT.premiumRequired);
    if (!inserted) return { matched: false, alreadyLiked: true, matchId: null, conversationId: null, likesLeft: left };
    const likesLeft = left === null ? null : left - 1;
    if (!reverse) return { matched: false, alreadyLiked: false, matchId: null, conversationId: null, likesLeft };

    // The match and its conversation. 'It's a match!' stays pending for both members until each
    // has been shown it (POST /api/matches/:id/seen): the page that made the like may be gone
    // before it could show the dialog.
    const {
      rows: [made],
    } = await tx.execute<{ match_id: string; conversation_id: string }>(sql`
      with made as (
        insert into ${matches} (user_a, user_b) values (${userA}, ${userB})
        on conflict do nothing returning id),
      opened as (insert into ${conversations} (match_id, user_a, user_b) select id, ${userA}, ${userB} from made returning id)
      select made.id as match_id, opened.id as conversation_id from made, opened`);
    if (!made) return { matched: true, alreadyLiked: false, matchId: null, conversationId: null, likesLeft };
    return {
      matched: true,
      alreadyLiked: false,
      matchId: made.match_id,
      conversationId: made.conversation_id,
      likesLeft,
    };
  });
}

/** A pass, or a pass renewed; in one statement that also checks the target may be passed on. */
export async function passProfile(db: Db, viewerId: string, targetId: string): Promise<void> {
  if (viewerId === targetId) throw new AppError('BAD_REQUEST', SELF_LIKE);
  const { rows } = await db.execute(sql`
    insert into ${passes} (user_id, target_id)
    select ${viewerId}, ${targetId} from ${profiles} p
    where p.user_id = ${targetId} and not p.hidden and not ${blockedBetween(viewerId, targetId)}
    on conflict (user_id, target_id) do update set created_at = now()
    returning 1`);
  if (rows.length === 0) throw new AppError('NOT_FOUND', UNAVAILABLE);
}
