import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { memberId } from './auth';
import { conversations } from './matching';
import { at, createdAtNow, primaryId, parentId } from './columns';

const member = memberId;

/** A pose the server asked for; a submission must use a fresh, unused one (no replayed selfies). */
export const selfieChallenges = pgTable('selfie_challenges', {
  id: primaryId(),
  userId: member('user_id'),
  pose: text('pose').notNull(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
  createdAt: createdAtNow(),
});

/** Selfies sent for verification: seen only by their owner and administrators. */
export const selfieSubmissions = pgTable(
  'selfie_submissions',
  {
    id: primaryId(),
    userId: member('user_id'),
    challengeId: uuid('challenge_id').notNull(),
    pose: text('pose').notNull(),
    imageKey: text('image_key').notNull(),
    /** pending, approved or rejected. */
    status: text('status').notNull().default('pending'),
    /** Why it waits for review: 'member' (sent by them) or 'photos_changed' (new photos after approval). */
    trigger: text('trigger').notNull().default('member'),
    reason: text('reason'),
    reviewedBy: text('reviewed_by').references(() => user.id, { onDelete: 'set null' }),
    reviewedAt: at('reviewed_at'),
    createdAt: createdAtNow(),
  },
  (t) => [
    index('selfie_submissions_user_idx').on(t.userId, t.createdAt),
    index('selfie_submissions_status_idx').on(t.status, t.createdAt),
    // One selfie waits for review at a time.
    uniqueIndex('selfie_submissions_one_pending_idx')
      .on(t.userId)
      .where(sql`status = 'pending'`),
  ],
);

/**
 * A co-signed date: one participant uploads the photo, the other confirms ('Yes, we met') or
 * disputes it. The photo is private to the two and administrators.
 */
export const dateVerifications = pgTable(
  'date_verifications',
  {
    id: primaryId(),
    conversationId: parentId('conversation_id', () => conversations.id),
    uploadedBy: member('uploaded_by'),
    photoKey: text('photo_key').notNull(),
    /** pending, confirmed or disputed. */
    status: text('status').notNull().default('pending'),
    decidedAt: at('decided_at'),
    createdAt: createdAtNow(),
  },
  (t) => [
    index('date_verifications_conversation_idx').on(t.conversationId, t.createdAt),
    uniqueIndex('date_verifications_one_open_idx')
      .on(t.conversationId)
      .where(sql`status in ('pending', 'confirmed')`),
  ],
);

/** Who may rate whom: unlocked for both members by a confirmed date. */
export const ratingsAccess = pgTable('ratings_access', {
  userId: memberId('user_id').primaryKey(),
  unlocked: boolean('unlocked').notNull().default(false),
  unlockedAt: at('unlocked_at'),
});

/**
 * One rating per member per verified date. Hidden (revealed_at null) until both have rated
 * or 14 days have passed since the first; only revealed ratings count toward reputation.
 * The conversation id is kept without a foreign key: an unmatch must not erase a reputation.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: primaryId(),
    conversationId: uuid('conversation_id').notNull(),
    /** Null once the reviewer deleted their account: the scores stay, anonymous. */
    reviewerId: text('reviewer_id').references(() => user.id, { onDelete: 'set null' }),
    revieweeId: member('reviewee_id'),
    overall: integer('overall').notNull(),
    safety: integer('safety').notNull(),
    respect: integer('respect').notNull(),
    communication: integer('communication').notNull(),
    safeForFamily: boolean('safe_for_family').notNull().default(false),
    safeForHome: boolean('safe_for_home').notNull().default(false),
    wouldDateAgain: boolean('would_date_again').notNull().default(false),
    /** Seen only by the rated member and administrators. */
    comment: text('comment').notNull().default(''),
    revealedAt: at('revealed_at'),
    createdAt: createdAtNow(),
  },
  (t) => [
    uniqueIndex('reviews_one_per_member_idx').on(t.conversationId, t.reviewerId),
    index('reviews_reviewee_idx').on(t.revieweeId, t.revealedAt),
    index('reviews_hidden_idx')
      .on(t.createdAt)
      .where(sql`revealed_at is null`),
    check(
      'reviews_scores',
      sql`overall between 1 and 5 and safety between 1 and 5 and respect between 1 and 5 and communication between 1 and 5`,
    ),
  ],
);

/** A date proposed in the calendar: accepted, declined, or answered with another time. */
export const datePlans = pgTable(
  'date_plans',
  {
    id: primaryId(),
    conversationId: parentId('conversation_id', () => conversations.id),
    proposedBy: member('proposed_by'),
    invitee: member('invitee'),
    startsAt: at('starts_at').notNull(),
    place: text('place').notNull(),
    /** proposed, accepted, declined, replaced (by a counter-proposal) or cancelled (by either). */
    status: text('status').notNull().default('proposed'),
    replacedBy: uuid('replaced_by'),
    /** When both were invited to verify the date, once its time had passed. */
    verifyInvitedAt: at('verify_invited_at'),
    createdAt: createdAtNow(),
  },
  (t) => [
    index('date_plans_due_idx')
      .on(t.startsAt)
      .where(sql`status = 'accepted' and verify_invited_at is null`),
    index('date_plans_conversation_idx').on(t.conversationId),
    index('date_plans_invitee_idx').on(t.invitee),
    index('date_plans_proposed_by_idx').on(t.proposedBy),
  ],
);

/** 'Share my date': an expiring, read-only link for a trusted friend. Only the token's hash is stored. */
export const dateShares = pgTable(
  'date_shares',
  {
    tokenHash: text('token_hash').primaryKey(),
    planId: parentId('plan_id', () => datePlans.id),
    createdBy: member('created_by'),
    expiresAt: at('expires_at').notNull(),
    /** The match's main photo when the link was made; later uploads are not shown. */
    photoKey: text('photo_key'),
    revokedAt: at('revoked_at'),
    createdAt: createdAtNow(),
  },
  (t) => [index('date_shares_plan_idx').on(t.planId)],
);
