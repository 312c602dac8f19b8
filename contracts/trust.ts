import { z } from 'zod';

/** The poses a selfie may be asked for; the server picks one at random per attempt. */
export const SELFIE_POSES = {
  thumbs_up: 'Give a thumbs up',
  touch_nose: 'Touch your nose',
  peace_sign: 'Make a peace sign',
  hand_on_head: 'Put a hand on your head',
  wave: 'Wave at the camera',
  three_fingers: 'Hold up three fingers',
  cover_one_eye: 'Cover one eye with your hand',
  point_up: 'Point at the ceiling',
  hand_on_chin: 'Rest your chin on your hand',
  ok_sign: 'Make an OK sign',
} as const;
export type SelfiePose = keyof typeof SELFIE_POSES;
/** How long a pose stays valid once shown. */
export const SELFIE_CHALLENGE_MINUTES = 10;

export const TRUST_TEXT = {
  verificationRequired: 'Verification Required',
  verificationRequiredDetail: {
    date: 'Rating opens once your date is verified: one of you uploads a photo of the two of you and the other confirms it.',
    selfie: 'Both of you need a verified selfie before you can rate each other or be rated.',
  },
  ratingRequired: { title: 'Rating required', description: 'Please select a star rating' },
  ratingFailed: 'Failed to submit review. Please try again.',
  alreadyRated: 'You have already rated this date.',
  conversationNotFound: 'Conversation not found',
  invalidFileType: { title: 'Invalid file type', description: 'Please upload an image file' },
  notAuthenticated: 'User not authenticated',
  selfiePending: 'Your selfie is waiting for review.',
  challengeExpired: 'That pose has expired. Start again to get a new one.',
  datePending: 'A date photo is already waiting for confirmation.',
  dateAlreadyVerified: 'This date is already verified.',
  onlyOtherConfirms: 'The other person confirms the date photo.',
  lockedRating: 'Verify date to unlock',
  unlockedRating: 'Rate your experience',
} as const;

/** The spec's star labels. */
export const STAR_LABELS = ['Poor experience', 'Below average', 'Average experience', 'Good experience', 'Excellent experience'] as const;

export const ZSelfieStatus = z.object({
  status: z.enum(['none', 'pending', 'approved', 'rejected']),
  reason: z.string().nullable(),
  submissionId: z.string().nullable(),
  submittedAt: z.string().nullable(),
  imageUrl: z.string().nullable(),
});
export type TSelfieStatus = z.infer<typeof ZSelfieStatus>;

export const ZSelfieChallenge = z.object({ id: z.string(), pose: z.string(), instruction: z.string(), expiresAt: z.string() });
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

const score = z.number({ error: TRUST_TEXT.ratingRequired.description }).int().min(1, TRUST_TEXT.ratingRequired.description).max(5);
export const REVIEW_COMMENT_MAX = 1000;
export const ZRatingInput = z.object({
  overall: score,
  safety: score,
  respect: score,
  communication: score,
  safeForFamily: z.boolean().default(false),
  safeForHome: z.boolean().default(false),
  wouldDateAgain: z.boolean().default(false),
  comment: z.string().trim().max(REVIEW_COMMENT_MAX, `Please keep the comment under ${REVIEW_COMMENT_MAX} characters.`).default(''),
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
  createdAt: z.string(),
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
  revealAt: z.string().nullable(),
});
export type TRatingState = z.infer<typeof ZRatingState>;

/** How long a lone rating stays hidden before it is revealed anyway. */
export const REVEAL_AFTER_DAYS = 14;

/**
 * Reputation from the revealed ratings of a member: the average Overall and the number of
 * rated dates; a badge is earned when at least half of the revealed ratings award it.
 */
export function reputationOf(ratings: { overall: number; safeForFamily: boolean; safeForHome: boolean; wouldDateAgain: boolean }[]) {
  const count = ratings.length;
  if (count === 0) return { avgRating: null, reviewCount: 0, safeForFamily: false, safeForHome: false, dateAgain: false };
  const half = (pick: (r: (typeof ratings)[number]) => boolean) => ratings.filter(pick).length * 2 >= count;
  return {
    avgRating: Math.round((ratings.reduce((sum, r) => sum + r.overall, 0) / count) * 100) / 100,
    reviewCount: count,
    safeForFamily: half((r) => r.safeForFamily),
    safeForHome: half((r) => r.safeForHome),
    dateAgain: half((r) => r.wouldDateAgain),
  };
}

export const ZDatePlan = z.object({
  id: z.string(),
  conversationId: z.string(),
  other: z.object({ userId: z.string(), name: z.string() }),
  proposedByMe: z.boolean(),
  startsAt: z.string(),
  place: z.string(),
  status: z.enum(['proposed', 'accepted', 'declined', 'replaced']),
  dateStatus: z.enum(['none', 'pending', 'confirmed', 'disputed']),
});
export type TDatePlan = z.infer<typeof ZDatePlan>;

export const PLACE_MAX = 200;
export const ZProposeDate = z.object({
  conversationId: z.uuid({ error: 'Choose a match' }),
  startsAt: z.iso.datetime({ offset: true, error: 'Choose a day and a time' }),
  place: z.string().trim().min(2, 'Where will you meet?').max(PLACE_MAX, `Please keep the place under ${PLACE_MAX} characters.`),
});

/** What a trusted friend sees from a shared link: no ids, no surname, no contact details. */
export const ZSharedDate = z.object({
  firstName: z.string(),
  photoUrl: z.string().nullable(),
  startsAt: z.string(),
  place: z.string(),
  expiresAt: z.string(),
});
export type TSharedDate = z.infer<typeof ZSharedDate>;
