import { eq } from 'drizzle-orm';
import { onlyRow } from '../../db/rows';
import { GENDERS, ZProfileUpdate, type TOwnProfile } from '../../../../contracts/profile';
import { trustScore } from '../../../../contracts/discovery';
import type { Db } from '../../db/client';
import { announceStatsChange } from '../../realtime/hub';
import { profiles } from '../../db/schema';
import { consumeLimits } from '../../auth/rate-limit';
import { waitInWords } from '../../../../contracts/errors';
import { AppError } from '../../lib/errors';
import { listPhotos } from './photos.service';

type ProfileRow = typeof profiles.$inferSelect;

const isGender = (value: string | null): value is (typeof GENDERS)[number] =>
  !!value && (GENDERS as readonly string[]).includes(value);

function toOwnProfile(row: ProfileRow, photoList: TOwnProfile['photos']): TOwnProfile {
  return {
    userId: row.userId,
    name: row.name,
    age: row.age,
    gender: isGender(row.gender) ? row.gender : null,
    location: row.location,
    bio: row.bio,
    interests: row.interests,
    photos: photoList,
    selfieVerified: row.selfieVerified,
    hasCoordinates: row.latitude !== null && row.longitude !== null,
    avgRating: row.avgRating,
    reviewCount: row.reviewCount,
    badges: { safeForFamily: row.safeForFamilyBadge, safeForHome: row.safeForHomeBadge, dateAgain: row.dateAgainBadge },
    trustScore: trustScore({
      avgRating: row.avgRating,
      reviewCount: row.reviewCount,
      selfieVerified: row.selfieVerified,
      safeForFamily: row.safeForFamilyBadge,
      safeForHome: row.safeForHomeBadge,
    }),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getOwnProfile(db: Db, userId: string): Promise<TOwnProfile | null> {
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return row ? toOwnProfile(row, await listPhotos(db, userId)) : null;
}

/** Creates the profile on first save, updates it afterwards. Only the editor's fields are written. */
export async function saveOwnProfile(
  db: Db,
  userId: string,
  input: ReturnType<typeof ZProfileUpdate.parse>,
): Promise<TOwnProfile> {
  const values = {
    name: input.name,
    age: input.age ?? null,
    gender: input.gender ?? null,
    location: input.location,
    bio: input.bio,
    interests: input.interests,
    updatedAt: new Date(),
  };
  const row = onlyRow(
    await db
      .insert(profiles)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: profiles.userId, set: values })
      .returning(),
  );
  announceStatsChange(db);
  return toOwnProfile(row, await listPhotos(db, userId));
}

/** About 2 km: the grid stored coordinates are snapped to, so no one is located more closely. */
export const GRID_DEGREES = 0.018;

export function snapToGrid(latitude: number, longitude: number): { latitude: number; longitude: number } {
  const lat = Math.round(latitude / GRID_DEGREES) * GRID_DEGREES;
  // Longitude degrees shrink towards the poles: widen the step so cells stay about 2 km wide.
  const lngStep = GRID_DEGREES / Math.max(0.1, Math.cos((lat * Math.PI) / 180));
  const lng = Math.round(longitude / lngStep) * lngStep;
  return { latitude: Number(lat.toFixed(6)), longitude: Number(Math.max(-180, Math.min(180, lng)).toFixed(6)) };
}

/** Position changes a member may make in a day. */
export const LOCATION_CHANGES_PER_DAY = 12;
/** The fastest a member may move between two stored positions: an airliner's cruising speed. */
export const MAX_TRAVEL_KMH = 1000;

/** Great-circle distance in kilometres. */
export function distanceKm(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.latitude - a.latitude) * rad) / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(((b.longitude - a.longitude) * rad) / 2) ** 2;
  return 12_742 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Stores a member's position, snapped to the grid. A position in the cell already stored changes
 * nothing and counts for nothing. A real move is limited (with `limited`, as for every member's
 * own update): LOCATION_CHANGES_PER_DAY a day, and no faster than MAX_TRAVEL_KMH since the last
 * one, so no one can walk their own position around another member to find theirs.
 */
export async function saveLocation(
  db: Db,
  userId: string,
  latitude: number,
  longitude: number,
  options: { limited?: boolean } = {},
): Promise<void> {
  const snapped = snapToGrid(latitude, longitude);
  const [current] = await db
    .select({ latitude: profiles.latitude, longitude: profiles.longitude, changedAt: profiles.locationChangedAt })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  if (!current) throw new AppError('NOT_FOUND', 'Create your profile before sharing a location.');
  if (current.latitude === snapped.latitude && current.longitude === snapped.longitude) return;
  if (options.limited) {
    if (current.latitude !== null && current.longitude !== null && current.changedAt) {
      const km = distanceKm({ latitude: current.latitude, longitude: current.longitude }, snapped);
      const hours = (Date.now() - current.changedAt.getTime()) / 3_600_000;
      if (km > MAX_TRAVEL_KMH * hours) {
        const waitSeconds = Math.ceil((km / MAX_TRAVEL_KMH - hours) * 3600);
        throw new AppError(
          'RATE_LIMITED',
          `That is further than anyone travels since your last location. Please try again in ${waitInWords(waitSeconds)}.`,
          undefined,
          {
            'Retry-After': String(waitSeconds),
          },
        );
      }
    }
    await consumeLimits(db, [
      { key: `location:member:${userId}`, max: LOCATION_CHANGES_PER_DAY, windowSeconds: 86_400 },
    ]);
  }
  await db
    .update(profiles)
    .set({ ...snapped, locationChangedAt: new Date(), updatedAt: new Date() })
    .where(eq(profiles.userId, userId));
}
