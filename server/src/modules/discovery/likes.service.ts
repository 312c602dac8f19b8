import { and, count, eq, gte, sql } from 'drizzle-orm';
import { FREE_DAILY_LIKES, LIKE_LIMIT_MESSAGE, type TLikeResponse } from '../../../../contracts/discovery';
import type { TLikesReceived } from '../../../../contracts/plans';
import type { Db } from '../../db/client';
import { conversations, likes, matches, passes, profiles } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { announceStatsChange, publish } from '../../realtime/hub';
import { notify } from '../notifications/notifications.service';
import { PLAN_TEXT } from '../../../../contracts/plans';
import { isPremium, planOf } from '../plans/service';
import { cardColumns, toCards, viewerInterests, type CardRow } from './cards';
import { nameOf } from '../profiles/names';
import { blockedBetween } from '../safety/blocks';

const startOfUtcDay = (now = new Date()) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/** The target must be another member with a visible profile, and neither may have blocked the other. */
async function requireLikeable(db: Pick<Db, 'select'>, viewerId: string, targetId: string) {
  if (viewerId === targetId) throw new AppError('BAD_REQUEST', 'You cannot like your own profile.');
  const [target] = await db
    .select({ hidden: profiles.hidden, blocked: sql<boolean>`${blockedBetween(viewerId, targetId)}` })
    .from(profiles)
    .where(eq(profiles.userId, targetId))
    .limit(1);
  if (!target || target.hidden || target.blocked) throw new AppError('NOT_FOUND', 'That profile is no longer available.');
}

/** Likes left today, or null when the member's plan has no limit. */
export async function likesLeftToday(db: Pick<Db, 'select'>, viewerId: string): Promise<{ left: number | null; tier: 'free' | 'premium' }> {
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
export async function likeProfile(db: Db, viewerId: string, targetId: string, superLike = false): Promise<TLikeResponse> {
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
    select ${cardColumns(null)}, l.super_like, l.created_at as liked_at ${waiting}
    order by l.super_like desc, l.created_at desc limit 100`);
  const cards = await toCards(db, rows, await viewerInterests(db, viewerId), viewerId);
  return { count: n, likes: rows.map((row, i) => ({ profile: cards[i]!, superLike: row.super_like, likedAt: new Date(row.liked_at).toISOString() })) };
}

/**
 * After the commit: both members' open tabs refresh their matches, and the member who liked
 * first (and is not looking at 'It's a match!') gets a notification.
 */
async function announceMatch(db: Db, viewerId: string, targetId: string, matchId: string, conversationId: string | null) {
  await publish(db, [viewerId, targetId], { type: 'match', matchId });
  announceStatsChange(db);
  await notify(db, targetId, {
    type: 'match',
    title: "It's a match!",
    message: `You and ${await nameOf(db, viewerId)} liked each other. Say hello!`,
    link: conversationId ? `/messages?conversation=${conversationId}` : '/dashboard?tab=matches',
  });
}

async function recordLike(db: Db, viewerId: string, targetId: string, superLike: boolean): Promise<TLikeResponse> {
  return db.transaction(async (tx) => {
    await requireLikeable(tx, viewerId, targetId);
    const [userA, userB] = viewerId < targetId ? [viewerId, targetId] : [targetId, viewerId];
    // Both locks in one round trip: the pair's (one match per pair) and the liker's (the daily quota).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`pair:${userA}:${userB}`})), pg_advisory_xact_lock(hashtext(${`likes:${viewerId}`}))`);

    const quota = await likesLeftToday(tx, viewerId);
    // Answering an earlier like again is never refused, even at the limit or for a super like on the free plan.
    const refusing = quota.left === 0 || (superLike && quota.tier !== 'premium');
    const [existing] = refusing ? await tx.select({ one: sql`1` }).from(likes).where(and(eq(likes.userId, viewerId), eq(likes.targetId, targetId))) : [];
    if (existing) return { matched: false, alreadyLiked: true, matchId: null, conversationId: null, likesLeft: quota.left };
    if (quota.left === 0) throw new AppError('LIMIT_REACHED', LIKE_LIMIT_MESSAGE);
    if (superLike && quota.tier !== 'premium') throw new AppError('PREMIUM_REQUIRED', PLAN_TEXT.premiumRequired);

    const [inserted] = await tx.insert(likes).values({ userId: viewerId, targetId, superLike }).onConflictDoNothing().returning({ one: sql`1` });
    if (!inserted) return { matched: false, alreadyLiked: true, matchId: null, conversationId: null, likesLeft: quota.left };
    const likesLeft = quota.left === null ? null : quota.left - 1;

    // A like replaces an earlier pass; and a like back from the other side makes the match.
    const { rows: [{ reverse } = { reverse: false }] } = await tx.execute<{ reverse: boolean }>(sql`
      with cleared as (delete from ${passes} where ${passes.userId} = ${viewerId} and ${passes.targetId} = ${targetId})
      select exists (select 1 from ${likes} where ${likes.userId} = ${targetId} and ${likes.targetId} = ${viewerId}) as reverse`);
    if (!reverse) return { matched: false, alreadyLiked: false, matchId: null, conversationId: null, likesLeft };

    // The member whose like completed the pair sees 'It's a match!' now; the other one later.
    const [match] = await tx
      .insert(matches)
      .values({ userA, userB, announcedToA: viewerId === userA, announcedToB: viewerId === userB })
      .onConflictDoNothing()
      .returning({ id: matches.id });
    if (!match) return { matched: true, alreadyLiked: false, matchId: null, conversationId: null, likesLeft };
    const [conversation] = await tx.insert(conversations).values({ matchId: match.id, userA, userB }).returning({ id: conversations.id });
    return { matched: true, alreadyLiked: false, matchId: match.id, conversationId: conversation!.id, likesLeft };
  });
}

export async function passProfile(db: Db, viewerId: string, targetId: string): Promise<void> {
  await requireLikeable(db, viewerId, targetId);
  await db
    .insert(passes)
    .values({ userId: viewerId, targetId })
    .onConflictDoUpdate({ target: [passes.userId, passes.targetId], set: { createdAt: new Date() } });
}
