import { z } from './zod';
import { ZInstant } from './common';
import { ZPhoto } from './profile';
import { AGE_FILTER, DEFAULT_RADIUS_KM, RADIUS_CHOICES_KM } from './discovery-constants';

// The plain rules and texts live in discovery-constants.ts, which pages can load without zod.
export * from './discovery-constants';

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
  radiusKm: z.coerce
    .number()
    .refine(
      (km) => (RADIUS_CHOICES_KM as readonly number[]).includes(km),
      `Choose a distance of ${RADIUS_CHOICES_KM.join(', ')} km.`,
    )
    .default(DEFAULT_RADIUS_KM),
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

export const ZLikesStatus = z.object({
  likesLeft: z.number().nullable(),
  dailyLimit: z.number().nullable(),
  tier: z.enum(['free', 'premium']),
});

export const ZMatch = z.object({
  matchId: z.string(),
  conversationId: z.string().nullable(),
  createdAt: ZInstant,
  /** False until this member has been shown 'It's a match!' for it. */
  announced: z.boolean(),
  /** The date in this conversation is co-signed, so both may rate it. */
  dateVerified: z.boolean(),
  ratedByMe: z.boolean(),
  profile: ZProfileCard,
});
export type TMatch = z.infer<typeof ZMatch>;

export const ZLocationUpdate = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});
