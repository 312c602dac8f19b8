import { and, count, eq, gte } from 'drizzle-orm';
import { FREE_DAILY_LIKES, LIKE_LIMIT_MESSAGE, type TLikeResponse } from '../../../../contracts/discovery';
import type { TLikesReceived } from '../../../../contracts/plans';
import type { Db } from '../../db/client';
import { likes } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { announceStatsChange, publish } from '../../realtime/hub';
import { notify } from '../notifications/notifications.service';
import { enqueueNewMatchReminder } from '../reminders/reminders.service';
import { PLAN_TEXT } from '../../../../contracts/plans';
import { isPremium, planOf } from '../plans/service';
import { toCard, viewerInterests } from './cards';
import {
  countLikesWaiting,
  recordLike,
  selectLikesWaiting,
  startOfUtcDay,
  upsertPass,
  type LikeInput,
} from './likes.queries';
import { nameOf } from '../profiles/names';

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
 * Records a like and creates the match when it is mutual, in one statement (likes.queries.ts,
 * likeStatement): both members of a pair take the same lock there, so two likes at the same
 * instant are serialised and the second sees the first and creates exactly one match (the
 * unique pair index is the last line). `premium`: the viewer's plan, which a route reads from
 * the session (plans/service.ts, sessionPlan).
 */
export async function likeProfile(db: Db, input: Omit<LikeInput, 'dayStart'>): Promise<TLikeResponse> {
  const { viewerId, targetId, superLike } = input;
  const result = await like(db, input);
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
  const count = await countLikesWaiting(db, viewerId);
  if (!(await isPremium(db, viewerId))) return { count, likes: null };
  const rows = await selectLikesWaiting(db, viewerId);
  const mine = await viewerInterests(db, viewerId);
  return {
    count,
    likes: rows.map((row) => ({ profile: toCard(row, mine), superLike: row.super_like, likedAt: row.liked_at })),
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
  await enqueueNewMatchReminder(db, new Date(), matchId);
  await notify(db, targetId, {
    type: 'match',
    title: "It's a match!",
    message: `You and ${await nameOf(db, viewerId)} liked each other. Say hello!`,
    link: conversationId ? `/messages?conversation=${conversationId}` : '/dashboard?tab=matches',
  });
}

/** The like itself, and the answer its outcome gives: the likes left today, or why it was refused. */
async function like(db: Db, input: Omit<LikeInput, 'dayStart'>): Promise<TLikeResponse> {
  if (input.viewerId === input.targetId) throw new AppError('BAD_REQUEST', SELF_LIKE);
  const outcome = await recordLike(db, { ...input, dayStart: startOfUtcDay() });
  if (!outcome.likeable) throw new AppError('NOT_FOUND', UNAVAILABLE);
  const left = input.premium ? null : Math.max(0, FREE_DAILY_LIKES - outcome.used);
  const unchanged = { matched: false, alreadyLiked: true, matchId: null, conversationId: null, likesLeft: left };
  if (outcome.already) return unchanged;
  if (left === 0) throw new AppError('LIMIT_REACHED', LIKE_LIMIT_MESSAGE);
  if (input.superLike && !input.premium) throw new AppError('PREMIUM_REQUIRED', PLAN_TEXT.premiumRequired);
  if (!outcome.inserted) return unchanged;
  // 'It's a match!' stays pending for both members until each has been shown it
  // (POST /api/matches/:id/seen): the page that made the like may be gone before it could show the dialog.
  return {
    matched: outcome.liked_back,
    alreadyLiked: false,
    matchId: outcome.match_id,
    conversationId: outcome.conversation_id,
    likesLeft: left === null ? null : left - 1,
  };
}

/** A pass, or a pass renewed; in one statement that also checks the target may be passed on. */
export async function passProfile(db: Db, viewerId: string, targetId: string): Promise<void> {
  if (viewerId === targetId) throw new AppError('BAD_REQUEST', SELF_LIKE);
  if (!(await upsertPass(db, { viewerId, targetId }))) throw new AppError('NOT_FOUND', UNAVAILABLE);
}
