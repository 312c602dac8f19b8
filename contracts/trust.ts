import { z } from './zod';
import { ZInstant } from './common';
import { TRUST_TEXT, REVIEW_COMMENT_MAX, PLACE_MAX } from './trust-constants';

// The plain rules and texts live in trust-constants.ts, which pages can load without zod.
export * from './trust-constants';

export const ZSelfieStatus = z.object({
  status: z.enum(['none', 'pending', 'approved', 'rejected']),
  reason: z.string().nullable(),
  submissionId: z.string().nullable(),
  submittedAt: ZInstant.nullable(),
  imageUrl: z.string().nullable(),
});
export type TSelfieStatus = z.infer<typeof ZSelfieStatus>;

export const ZSelfieChallenge = z.object({
  id: z.uuid(),
  pose: z.string(),
  instruction: z.string(),
  expiresAt: ZInstant,
});
export type TSelfieChallenge = z.infer<typeof ZSelfieChallenge>;

export const ZDateState = z.object({
  conversationId: z.string(),
  status: z.enum(['none', 'pending', 'confirmed', 'disputed']),
  verificationId: z.string().nullable(),
  uploadedByMe: z.boolean(),
  photoUrl: z.string().nullable(),
  ratingsUnlocked: z.boolean(),
});
export type TDateState = z.infer<typeof ZDateState>;

const score = z
  .number({ error: TRUST_TEXT.ratingRequired.description })
  .int()
  .min(1, TRUST_TEXT.ratingRequired.description)
  .max(5);

export const ZRatingInput = z.object({
  overall: score,
  safety: score,
  respect: score,
  communication: score,
  safeForFamily: z.boolean().default(false),
  safeForHome: z.boolean().default(false),
  wouldDateAgain: z.boolean().default(false),
  comment: z
    .string()
    .trim()
    .max(REVIEW_COMMENT_MAX, `Please keep the comment under ${REVIEW_COMMENT_MAX} characters.`)
    .default(''),
});
export type TRatingInput = z.input<typeof ZRatingInput>;

const ZRating = z.object({
  overall: z.number(),
  safety: z.number(),
  respect: z.number(),
  communication: z.number(),
  safeForFamily: z.boolean(),
  safeForHome: z.boolean(),
  wouldDateAgain: z.boolean(),
  comment: z.string(),
  createdAt: ZInstant,
  revealed: z.boolean(),
});
export type TRating = z.infer<typeof ZRating>;

/** A date's rating state for one participant. The other's rating appears only once revealed. */
export const ZRatingState = z.object({
  conversationId: z.string(),
  other: z.object({ userId: z.string(), name: z.string() }),
  dateVerified: z.boolean(),
  canRate: z.boolean(),
  /** Why rating is not possible (yet), when it is not. */
  blockedBy: z.enum(['date', 'selfie', 'already-rated']).nullable(),
  mine: ZRating.nullable(),
  /** Their rating of me: null until revealed. */
  theirs: ZRating.nullable(),
  revealAt: ZInstant.nullable(),
});
export type TRatingState = z.infer<typeof ZRatingState>;

/** A selfie in the administrators' review queue, with the member's profile photos beside it. */
export const ZAdminSelfie = z.object({
  id: z.uuid(),
  userId: z.string(),
  name: z.string(),
  pose: z.string(),
  instruction: z.string(),
  status: z.string(),
  reason: z.string().nullable(),
  imageUrl: z.string(),
  profilePhotoUrls: z.array(z.string()),
  /** The member's photos changed after this selfie was approved: compare it with them again. */
  photosChanged: z.boolean(),
  createdAt: ZInstant,
});
export type TAdminSelfie = z.infer<typeof ZAdminSelfie>;

/** A verified date in the member's history, with where its two ratings stand. */
export const ZDateHistoryEntry = z.object({
  conversationId: z.string(),
  other: z.object({ userId: z.string(), name: z.string() }),
  verifiedAt: ZInstant.nullable(),
  ratedByMe: z.boolean(),
  theirRatingRevealed: z.boolean(),
});
export type TDateHistoryEntry = z.infer<typeof ZDateHistoryEntry>;

export const ZDatePlan = z.object({
  id: z.uuid(),
  conversationId: z.string(),
  other: z.object({ userId: z.string(), name: z.string() }),
  proposedByMe: z.boolean(),
  startsAt: ZInstant,
  place: z.string(),
  status: z.enum(['proposed', 'accepted', 'declined', 'replaced', 'cancelled']),
  dateStatus: z.enum(['none', 'pending', 'confirmed', 'disputed']),
  /** I have a live 'Share my date' link to it (which I can stop). */
  sharing: z.boolean(),
  /** I have rated the verified date of this conversation. */
  ratedByMe: z.boolean(),
});
export type TDatePlan = z.infer<typeof ZDatePlan>;

export const ZProposeDate = z.object({
  conversationId: z.uuid({ error: 'Choose a match' }),
  startsAt: z.iso.datetime({ offset: true, error: 'Choose a day and a time' }),
  place: z
    .string()
    .trim()
    .min(2, 'Where will you meet?')
    .max(PLACE_MAX, `Please keep the place under ${PLACE_MAX} characters.`),
});

/** An answer to a proposed date: accept, decline, or propose another time and place. */
export const ZDateAnswer = z.discriminatedUnion('action', [
  z.object({ action: z.literal('accept') }),
  z.object({ action: z.literal('decline') }),
  z.object({ action: z.literal('counter'), startsAt: ZProposeDate.shape.startsAt, place: ZProposeDate.shape.place }),
]);
export type TDateAnswer = z.infer<typeof ZDateAnswer>;

/** What a trusted friend sees from a shared link: no ids, no surname, no contact details. */
export const ZSharedDate = z.object({
  firstName: z.string(),
  photoUrl: z.string().nullable(),
  startsAt: ZInstant,
  place: z.string(),
  expiresAt: ZInstant,
});
export type TSharedDate = z.infer<typeof ZSharedDate>;
