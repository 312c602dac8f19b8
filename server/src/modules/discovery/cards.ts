import { eq, sql, type SQL } from 'drizzle-orm';
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
  /** From cardExtras. */
  photo_ids: string[];
  super_liked_you: boolean;
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

/**
 * The rest of a card, from other tables: its photos in order, and whether the member
 * super-liked the viewer. Two index probes a row, in the same statement as the card's columns
 * (no round trip of their own). Put them in the outermost select of a paged query: the
 * database then works them out for the rows of the page only, after its sort and limit.
 */
export const cardExtras = (viewerId: string, userId: SQL = sql`p.user_id`) => sql`
  array(select ph.id from ${photos} ph where ph.user_id = ${userId} order by ph.position) as photo_ids,
  exists (select 1 from ${likes} sl where sl.user_id = ${userId} and sl.target_id = ${viewerId} and sl.super_like) as super_liked_you`;

export async function viewerInterests(db: Db, viewerId: string): Promise<string[]> {
  const [row] = await db.select({ interests: profiles.interests }).from(profiles).where(eq(profiles.userId, viewerId));
  return row?.interests ?? [];
}

/** A card from its row: compatibility against the viewer's interests, distance as a band. */
export function toCard(row: CardRow, mine: string[]): TProfileCard {
  const badges = {
    safeForFamily: row.safe_for_family_badge,
    safeForHome: row.safe_for_home_badge,
    dateAgain: row.date_again_badge,
  };
  const avgRating = row.avg_rating === null ? null : Number(row.avg_rating);
  return {
    userId: row.user_id,
    name: row.name,
    age: row.age,
    gender: row.gender,
    location: row.location,
    bio: row.bio,
    interests: row.interests,
    photos: row.photo_ids.map((id) => photoUrls(id)),
    selfieVerified: row.selfie_verified,
    avgRating,
    reviewCount: row.review_count,
    badges,
    trustScore: trustScore({
      avgRating,
      reviewCount: row.review_count,
      selfieVerified: row.selfie_verified,
      ...badges,
    }),
    compatibility: compatibility(mine, row.interests),
    distance: row.distance_m === null ? null : distanceBand(Number(row.distance_m) / 1000),
    superLikedYou: row.super_liked_you,
    boosted: !!row.boosted,
  };
}
