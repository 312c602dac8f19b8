// The trust rules and texts that need no schema: the server, and web pages that must not load zod, share them.
// trust.ts re-exports them beside its schemas.

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

/** What each number of stars means. */
export const STAR_LABELS = [
  'Poor experience',
  'Below average',
  'Average experience',
  'Good experience',
  'Excellent experience',
] as const;

export const REVIEW_COMMENT_MAX = 1000;

/** How long a lone rating stays hidden before it is revealed anyway. */
export const REVEAL_AFTER_DAYS = 14;

/**
 * Reputation from the revealed ratings of a member: the average Overall and the number of
 * rated dates; a badge is earned when at least half of the revealed ratings award it.
 */
export function reputationOf(
  ratings: { overall: number; safeForFamily: boolean; safeForHome: boolean; wouldDateAgain: boolean }[],
) {
  const count = ratings.length;
  if (count === 0)
    return { avgRating: null, reviewCount: 0, safeForFamily: false, safeForHome: false, dateAgain: false };
  const half = (pick: (r: (typeof ratings)[number]) => boolean) => ratings.filter(pick).length * 2 >= count;
  return {
    avgRating: Math.round((ratings.reduce((sum, r) => sum + r.overall, 0) / count) * 100) / 100,
    reviewCount: count,
    safeForFamily: half((r) => r.safeForFamily),
    safeForHome: half((r) => r.safeForHome),
    dateAgain: half((r) => r.wouldDateAgain),
  };
}

export const PLACE_MAX = 200;
