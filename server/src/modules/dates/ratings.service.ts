import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  REVEAL_AFTER_DAYS,
  reputationOf,
  TRUST_TEXT,
  type TDateHistoryEntry,
  type TRating,
  type TRatingState,
  type ZRatingInput,
} from '../../../../contracts/trust';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { conversations, profiles, reviews } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { notify } from '../notifications/notifications.service';
import { openModerationCase } from '../safety/moderation';
import { announceDateChange } from './date-verification.service';
import { displayName, otherMember, nameOf } from '../profiles/names';
import { lockConversationRatings, selectDateHistory, selectRatingContext } from './dates.queries';

type ReviewRow = typeof reviews.$inferSelect;
const DAY_MS = 86_400_000;

/** The conversation as a rating sees it; 404 'Conversation not found' for anyone but its two members. */
async function ratingContext(db: Pick<Db, 'execute'>, viewerId: string, conversationId: string) {
  const row = await selectRatingContext(db, { viewerId, conversationId });
  if (!row) throw new AppError('NOT_FOUND', TRUST_TEXT.conversationNotFound);
  return {
    otherId: row.other_id,
    otherName: displayName(row.other_name),
    dateVerified: row.date_verified,
    bothVerified: row.both_verified,
  };
}

const toRating = (row: ReviewRow): TRating => ({
  overall: row.overall,
  safety: row.safety,
  respect: row.respect,
  communication: row.communication,
  safeForFamily: row.safeForFamily,
  safeForHome: row.safeForHome,
  wouldDateAgain: row.wouldDateAgain,
  comment: row.comment,
  createdAt: row.createdAt.toISOString(),
  revealed: row.revealedAt !== null,
});

export async function ratingState(db: Db, viewerId: string, conversationId: string): Promise<TRatingState> {
  const context = await ratingContext(db, viewerId, conversationId);
  const rows = await db.select().from(reviews).where(eq(reviews.conversationId, conversationId));
  const mine = rows.find((r) => r.reviewerId === viewerId) ?? null;
  const theirs = rows.find((r) => r.reviewerId === context.otherId) ?? null;
  const first = rows.map((r) => r.createdAt.getTime()).sort((a, b) => a - b)[0];
  const blockedBy = !context.dateVerified ? 'date' : !context.bothVerified ? 'selfie' : mine ? 'already-rated' : null;
  return {
    conversationId,
    other: { userId: context.otherId, name: context.otherName },
    dateVerified: context.dateVerified,
    canRate: blockedBy === null,
    blockedBy,
    mine: mine ? toRating(mine) : null,
    // Double-blind: their rating of me stays hidden until revealed.
    theirs: theirs?.revealedAt ? toRating(theirs) : null,
    revealAt:
      first !== undefined && rows.some((r) => !r.revealedAt)
        ? new Date(first + REVEAL_AFTER_DAYS * DAY_MS).toISOString()
        : null,
  };
}

/** Recomputes a member's reputation from their revealed ratings (inside the reveal's transaction). */
export async function recomputeReputation(tx: Pick<Db, 'select' | 'update'>, userId: string): Promise<void> {
  const revealed = await tx
    .select({
      overall: reviews.overall,
      safeForFamily: reviews.safeForFamily,
      safeForHome: reviews.safeForHome,
      wouldDateAgain: reviews.wouldDateAgain,
    })
    .from(reviews)
    .where(and(eq(reviews.revieweeId, userId), sql`${reviews.revealedAt} is not null`));
  const reputation = reputationOf(revealed);
  await tx
    .update(profiles)
    .set({
      avgRating: reputation.avgRating,
      reviewCount: reputation.reviewCount,
      safeForFamilyBadge: reputation.safeForFamily,
      safeForHomeBadge: reputation.safeForHome,
      dateAgainBadge: reputation.dateAgain,
      updatedAt: new Date(),
    })
    .where(eq(profiles.userId, userId));
}

/** Reveals hidden ratings and recomputes the reputations they touch, in the caller's transaction. */
async function reveal(tx: Tx, hidden: ReviewRow[], now: Date): Promise<void> {
  if (!hidden.length) return;
  for (const row of hidden)
    await tx
      .update(reviews)
      .set({ revealedAt: now })
      .where(and(eq(reviews.id, row.id), isNull(reviews.revealedAt)));
  for (const userId of new Set(hidden.map((r) => r.revieweeId))) await recomputeReputation(tx, userId);
}

const revealNote = (conversationId: string) => ({
  type: 'review' as const,
  title: 'Your date ratings are in',
  message: 'Both ratings of your date are now visible, and your reputation is updated.',
  link: `/date-history?conversation=${conversationId}`,
});

/**
 * Rates a verified date, once. The rating stays hidden until the other participant has rated
 * too (both are revealed together, and both reputations recomputed in the same transaction)
 * or until 14 days after the first rating. A Safety score of 1 or 2 opens a moderation case.
 */
export async function submitRating(
  db: Db,
  viewerId: string,
  conversationId: string,
  input: z.output<typeof ZRatingInput>,
  now = new Date(),
): Promise<TRatingState> {
  const context = await ratingContext(db, viewerId, conversationId);
  if (!context.dateVerified || !context.bothVerified) {
    throw new AppError('FORBIDDEN', TRUST_TEXT.verificationRequired, {
      reason: context.dateVerified
        ? TRUST_TEXT.verificationRequiredDetail.selfie
        : TRUST_TEXT.verificationRequiredDetail.date,
    });
  }
  const revealed = await db.transaction(async (tx) => {
    // Both ratings of one date are serialised, so the second one always sees the first.
    await lockConversationRatings(tx, conversationId);
    const inserted = await tx
      .insert(reviews)
      .values({ conversationId, reviewerId: viewerId, revieweeId: context.otherId, ...input, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (!inserted.length) throw new AppError('CONFLICT', TRUST_TEXT.alreadyRated);
    await tx
      .update(conversations)
      .set({ ratingsSubmitted: true, updatedAt: now })
      .where(eq(conversations.id, conversationId));
    if (input.safety <= 2) {
      await openModerationCase(
        tx,
        {
          kind: 'safety_rating',
          subjectId: context.otherId,
          openedBy: viewerId,
          reason: 'low_safety_rating',
          details: `Safety ${input.safety}/5 after a verified date.${input.comment ? ` Comment: ${input.comment}` : ''}`,
          source: 'rating',
        },
        {
          eventType: 'safety_flag',
          severity: 'high',
          details: { conversationId, subjectId: context.otherId, safety: input.safety },
        },
      );
    }
    const hidden = await tx
      .select()
      .from(reviews)
      .where(and(eq(reviews.conversationId, conversationId), isNull(reviews.revealedAt)));
    const bothRated = hidden.length === 2;
    if (bothRated) await reveal(tx, hidden, now);
    return bothRated;
  });
  if (revealed) {
    for (const userId of [viewerId, context.otherId]) await notify(db, userId, revealNote(conversationId));
  } else {
    await notify(db, context.otherId, {
      type: 'review',
      title: 'Your date rated you',
      message: `Rate your date with ${await nameOf(db, viewerId)} to see their rating. Ratings are revealed when both have rated, or after ${REVEAL_AFTER_DAYS} days.`,
      link: `/date-history?conversation=${conversationId}`,
    });
  }
  await announceDateChange(db, [viewerId, context.otherId], conversationId);
  return ratingState(db, viewerId, conversationId);
}

/**
 * Reveals every rating still hidden 14 days after the first rating of its date. Run on a timer
 * by the server; `now` is a parameter so tests can move the clock.
 */
export async function revealDueRatings(db: Db, now = new Date()): Promise<number> {
  const due = new Date(now.getTime() - REVEAL_AFTER_DAYS * DAY_MS);
  const revealedConversations = await db.transaction(async (tx) => {
    const hidden = await tx
      .select()
      .from(reviews)
      .where(
        and(
          isNull(reviews.revealedAt),
          sql`${reviews.conversationId} in (select conversation_id from reviews where revealed_at is null group by conversation_id having min(created_at) <= ${due})`,
        ),
      )
      .for('update');
    await reveal(tx, hidden, now);
    return [...new Map(hidden.map((r) => [r.conversationId, [r.reviewerId, r.revieweeId]])).entries()];
  });
  for (const [conversationId, members] of revealedConversations) {
    for (const userId of members) if (userId) await notify(db, userId, revealNote(conversationId));
  }
  return revealedConversations.length;
}

/** Verified dates, newest first, with where their ratings stand. */
export async function listDateHistory(db: Db, viewerId: string): Promise<TDateHistoryEntry[]> {
  const rows = await selectDateHistory(db, viewerId);
  return rows.map((row) => ({
    conversationId: row.id,
    other: otherMember(row),
    verifiedAt: row.verified_at,
    ratedByMe: row.rated,
    theirRatingRevealed: row.revealed,
  }));
}
