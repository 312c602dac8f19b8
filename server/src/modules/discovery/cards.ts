import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { compatibility, distanceBand, trustScore, type TProfileCard } from '../../../../contracts/discovery';
import type { Db } from '../../db/client';
import { likes, photos, profiles } from '../../db/schema';
import { photoUrls } from '../profiles/photos.service';

/** The columns a card is built from: no coordinates ever leave this module. */
export type CardRow = {
  user_id: string;
  name: string;
  age: number | null;
  gender: string | null;
  location: string | null;
  bio: string | null;
  interests: string[];
  selfie_verified: boolean;
  avg_rating: number | null;
  review_count: number;
  safe_for_family_badge: boolean;
  safe_for_home_badge: boolean;
  date_again_badge: boolean;
  distance_m: number | null;
  boosted: boolean;
};

/**
 * The select list a card is built from, for a query over `profiles p`. The distance (metres,
 * from the viewer) is left out for members who chose not to show it.
 */
export const cardColumns = (distanceMetres: SQL | null) => sql`
  p.user_id, p.name, p.age, p.gender, p.location, p.bio, p.interests, p.selfie_verified, p.avg_rating,
  p.review_count, p.safe_for_family_badge, p.safe_for_home_badge, p.date_again_badge,
  ${distanceMetres ? sql`case when p.show_distance then ${distanceMetres} end` : sql`null::float8`} as distance_m,
  coalesce(p.boosted_until > now(), false) as boosted`;

export async function viewerInterests(db: Db, viewerId: string): Promise<string[]> {
  const [row] = await db.select({ interests: profiles.interests }).from(profiles).where(eq(profiles.userId, viewerId));
  return row?.interests ?? [];
}

/**
 * Turns rows into cards: photos and super likes in one query each, compatibility against the
 * viewer, distance as a band.
 */
export async function toCards(db: Db, rows: CardRow[], mine: string[], viewerId: string): Promise<TProfileCard[]> {
  const ids = rows.map((row) => row.user_id);
  if (!ids.length) return [];
  // Both at once, on two connections.
  const [photoRows, superLikeRows] = await Promise.all([
    db.select({ id: photos.id, userId: photos.userId }).from(photos).where(inArray(photos.userId, ids)).orderBy(asc(photos.position)),
    db.select({ userId: likes.userId }).from(likes).where(and(eq(likes.targetId, viewerId), eq(likes.superLike, true), inArray(likes.userId, ids))),
  ]);
  const superLikers = new Set(superLikeRows.map((row) => row.userId));
  return rows.map((row) => {
    const badges = { safeForFamily: row.safe_for_family_badge, safeForHome: row.safe_for_home_badge, dateAgain: row.date_again_badge };
    const avgRating = row.avg_rating === null ? null : Number(row.avg_rating);
    return {
      userId: row.user_id,
      name: row.name,
      age: row.age,
      gender: row.gender,
      location: row.location,
      bio: row.bio,
      interests: row.interests,
      photos: photoRows.filter((p) => p.userId === row.user_id).map((p) => photoUrls(p.id)),
      selfieVerified: row.selfie_verified,
      avgRating,
      reviewCount: row.review_count,
      badges,
      trustScore: trustScore({ avgRating, reviewCount: row.review_count, selfieVerified: row.selfie_verified, ...badges }),
      compatibility: compatibility(mine, row.interests),
      distance: row.distance_m === null ? null : distanceBand(Number(row.distance_m) / 1000),
      superLikedYou: superLikers.has(row.user_id),
      boosted: !!row.boosted,
    };
  });
}
