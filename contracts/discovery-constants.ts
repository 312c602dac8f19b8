// The discovery rules and texts that need no schema: the server, and web pages that must not load zod, share them.
// discovery.ts re-exports them beside its schemas.

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
 * Compatibility: the share of interests the two have in common out of all the
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

/** Trust score 0–100 on the discover card. */
export function trustScore(p: {
  avgRating: number | null;
  safeForFamily: boolean;
  safeForHome: boolean;
  reviewCount: number;
  selfieVerified: boolean;
}): number {
  const score =
    ((p.avgRating ?? 0) / 5) * 40 +
    (p.safeForFamily ? 20 : 0) +
    (p.safeForHome ? 20 : 0) +
    (p.reviewCount >= 5 ? 20 : 0) +
    (p.selfieVerified ? 10 : 0);
  return Math.min(100, Math.round(score));
}

export function trustLabel(score: number): string {
  if (score >= 90) return 'Excellent';
  if (score >= 75) return 'Very Good';
  if (score >= 60) return 'Good';
  if (score >= 40) return 'Fair';
  return 'Building';
}

/** The nearby radius every plan gets; choosing another one is an advanced (Premium) filter. */
export const DEFAULT_RADIUS_KM = 50;

/**
 * The radii Nearby may be asked for. None is finer than the distance bands a card shows, so
 * filtering by distance tells no more than the card would (a radius of 1 km, moved around,
 * would find a member's stored cell).
 */
export const RADIUS_CHOICES_KM = [10, 25, 50, 100, 250, 500] as const;

export const FREE_DAILY_LIKES = 10;

export const LIKE_LIMIT_MESSAGE = `You have used your ${FREE_DAILY_LIKES} free likes for today. They come back at midnight UTC, or go Premium for unlimited likes.`;
