import { z } from 'zod';
import { ZPhoto } from './profile';

/**
 * The browse filter's four choices over the 14 genders of the editor: male is 'man', female is
 * 'woman', other is every other gender (the server's stored gender_group column).
 */
export type GenderFilter = 'all' | 'male' | 'female' | 'other';

export const AGE_FILTER = { min: 18, max: 99, defaultMin: 18, defaultMax: 60 } as const;

export const DISTANCE_BANDS = [
  { maxKm: 5, label: 'under 5 km' },
  { maxKm: 10, label: '5–10 km' },
  { maxKm: 25, label: '10–25 km' },
  { maxKm: 50, label: '25–50 km' },
  { maxKm: 100, label: '50–100 km' },
  { maxKm: Infinity, label: 'over 100 km' },
] as const;

export function distanceBand(km: number): string {
  return DISTANCE_BANDS.find((band) => km < band.maxKm)!.label;
}

export const COMPATIBILITY_BANDS = [
  { min: 80, label: 'excellent' },
  { min: 60, label: 'good' },
  { min: 40, label: 'moderate' },
  { min: 20, label: 'fair' },
  { min: 0, label: 'limited' },
] as const;

/**
 * Compatibility (spec §9): the share of interests the two have in common out of all the
 * distinct interests of both, as a percentage. Compared case-insensitively.
 */
export function compatibility(mine: string[], theirs: string[]): { percent: number; band: string } {
  const a = new Set(mine.map((i) => i.toLowerCase()));
  const b = new Set(theirs.map((i) => i.toLowerCase()));
  const union = new Set([...a, ...b]);
  const shared = [...a].filter((i) => b.has(i)).length;
  const percent = union.size === 0 ? 0 : Math.round((shared / union.size) * 100);
  return { percent, band: COMPATIBILITY_BANDS.find((band) => percent >= band.min)!.label };
}

/** Trust score 0–100 on the discover card (spec §9). */
export function trustScore(p: { avgRating: number | null; safeForFamily: boolean; safeForHome: boolean; reviewCount: number; selfieVerified: boolean }): number {
  const score =
    ((p.avgRating ?? 0) / 5) * 40 + (p.safeForFamily ? 20 : 0) + (p.safeForHome ? 20 : 0) + (p.reviewCount >= 5 ? 20 : 0) + (p.selfieVerified ? 10 : 0);
  return Math.min(100, Math.round(score));
}

export function trustLabel(score: number): string {
  if (score >= 90) return 'Excellent';
  if (score >= 75) return 'Very Good';
  if (score >= 60) return 'Good';
  if (score >= 40) return 'Fair';
  return 'Building';
}

/** Another member as discovery and matches show them. Never coordinates, email or selfie. */
export const ZProfileCard = z.object({
  userId: z.string(),
  name: z.string(),
  age: z.number().nullable(),
  gender: z.string().nullable(),
  location: z.string().nullable(),
  bio: z.string().nullable(),
  interests: z.array(z.string()),
  photos: z.array(ZPhoto),
  selfieVerified: z.boolean(),
  avgRating: z.number().nullable(),
  reviewCount: z.number(),
  badges: z.object({ safeForFamily: z.boolean(), safeForHome: z.boolean(), dateAgain: z.boolean() }),
  trustScore: z.number(),
  compatibility: z.object({ percent: z.number(), band: z.string() }),
  distance: z.string().nullable(),
  /** This member super-liked the viewer (shown highlighted). */
  superLikedYou: z.boolean(),
  /** First in discovery for now: a Premium boost. */
  boosted: z.boolean(),
});
export type TProfileCard = z.infer<typeof ZProfileCard>;

/** The nearby radius every plan gets; choosing another one is an advanced (Premium) filter. */
export const DEFAULT_RADIUS_KM = 50;

export const ZDiscoverQuery = z.object({
  mode: z.enum(['all', 'nearby']).default('all'),
  gender: z.enum(['all', 'male', 'female', 'other']).default('all'),
  minAge: z.coerce.number().int().min(AGE_FILTER.min).max(AGE_FILTER.max).default(AGE_FILTER.defaultMin),
  maxAge: z.coerce.number().int().min(AGE_FILTER.min).max(AGE_FILTER.max).default(AGE_FILTER.defaultMax),
  verifiedOnly: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  location: z.string().trim().max(80).optional(),
  q: z.string().trim().max(80).optional(),
  radiusKm: z.coerce.number().int().min(1).max(500).default(DEFAULT_RADIUS_KM),
  // Advanced filters (Premium; the server refuses them on the free plan).
  minRating: z.coerce.number().min(1).max(5).optional(),
  verifiedDates: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  recentlyActive: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type TDiscoverQuery = z.input<typeof ZDiscoverQuery>;

export const ZDiscoverPage = z.object({
  profiles: z.array(ZProfileCard),
  nextCursor: z.string().nullable(),
  /** 'location-needed' when Nearby is asked for before the member shared a location. */
  notice: z.enum(['location-needed']).nullable(),
});
export type TDiscoverPage = z.infer<typeof ZDiscoverPage>;

export const ZLikeRequest = z.object({ targetId: z.string().min(1).max(64), superLike: z.boolean().optional() });
export const ZLikeResponse = z.object({
  matched: z.boolean(),
  alreadyLiked: z.boolean(),
  matchId: z.string().nullable(),
  conversationId: z.string().nullable(),
  likesLeft: z.number().nullable(),
});
export type TLikeResponse = z.infer<typeof ZLikeResponse>;

export const ZLikesStatus = z.object({ likesLeft: z.number().nullable(), dailyLimit: z.number().nullable(), tier: z.enum(['free', 'premium']) });

export const ZMatch = z.object({
  matchId: z.string(),
  conversationId: z.string().nullable(),
  createdAt: z.string(),
  /** False until this member has been shown 'It's a match!' for it. */
  announced: z.boolean(),
  /** The date in this conversation is co-signed, so both may rate it. */
  dateVerified: z.boolean(),
  ratedByMe: z.boolean(),
  profile: ZProfileCard,
});
export type TMatch = z.infer<typeof ZMatch>;

export const ZLocationUpdate = z.object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) });

export const FREE_DAILY_LIKES = 10;
export const LIKE_LIMIT_MESSAGE = `You have used your ${FREE_DAILY_LIKES} free likes for today. They come back at midnight UTC, or go Premium for unlimited likes.`;
