import { eq } from 'drizzle-orm';
import type { CardRow } from './discovery.queries';
import { compatibility, distanceBand, trustScore, type TProfileCard } from '../../../../contracts/discovery';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema';
import { photoUrls } from '../profiles/photos.service';

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
