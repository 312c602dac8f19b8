import { eq, sql } from 'drizzle-orm';
import { photoUrl } from '../../../../contracts/picture-urls';
import type { TAdminStats, TAdminUser } from '../../../../contracts/admin';
import { PREMIUM_MONTHLY_PRICE } from '../../../../contracts/admin';
import type { Db } from '../../db/client';
import { liftSuspensions, selectStats, selectUser, selectUsers, type UserRow } from './admins.queries';
import { photos, profiles, session, systemLogs, user } from '../../db/schema';
import type { Deps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { announceStatsChange } from '../../realtime/hub';
import { appendSecurityLog } from '../audit/security-log';
import { deleteUnusedFiles } from '../profiles/photos.service';
import { keepRemovedPhotoPrints } from '../safety/prints.queries';
import { blockForReporters } from '../safety/safety.queries';
import { endMatchesOf } from '../safety/safety.service';
import { publish } from '../../realtime/hub';

const toAdminUser = (row: UserRow): TAdminUser => ({
  userId: row.user_id,
  name: row.name?.trim() || 'No name',
  email: row.email,
  photoUrl: row.photo_id ? photoUrl(row.photo_id, 'thumb') : null,
  photoCount: row.photo_count,
  createdAt: row.created_at,
  selfieVerified: !!row.selfie_verified,
  avgRating: row.avg_rating,
  reviewCount: row.review_count ?? 0,
  age: row.age,
  location: row.location,
  bio: row.bio,
  interests: row.interests ?? [],
  country: row.registration?.country ?? null,
  banned: !!row.banned,
  banReason: row.ban_reason,
  banExpires: row.ban_expires,
  isAdmin: row.is_admin,
});

/** The newest 50 members, optionally those whose name contains the search (case-insensitive). */
export async function listUsers(db: Db, search?: string): Promise<TAdminUser[]> {
  const rows = await selectUsers(db, search);
  return rows.map(toAdminUser);
}

async function oneUser(db: Pick<Db, 'execute'>, userId: string): Promise<TAdminUser> {
  const row = await selectUser(db, userId);
  if (!row) throw new AppError('NOT_FOUND', 'No such member.');
  return toAdminUser(row);
}

export async function getUser(db: Db, userId: string) {
  return oneUser(db, userId);
}

/** The verified mark, set or cleared by an admin; logged with before and after. */
export async function setVerified(
  db: Db,
  { adminId, userId }: { adminId: string; userId: string },
  verified: boolean,
): Promise<TAdminUser> {
  await db.transaction(async (tx) => {
    const before = await oneUser(tx, userId);
    await tx
      .update(profiles)
      .set({ selfieVerified: verified, updatedAt: new Date() })
      .where(eq(profiles.userId, userId));
    await tx.insert(systemLogs).values({
      eventType: 'admin_action',
      userId,
      detail: verified ? 'Profile verified' : 'Profile unverified',
      metadata: { adminId },
    });
    await appendSecurityLog(tx, {
      eventType: verified ? 'profile_verified' : 'profile_unverified',
      severity: 'info',
      actorId: adminId,
      details: {
        target: userId,
        before: { selfieVerified: before.selfieVerified },
        after: { selfieVerified: verified },
      },
    });
  });
  announceStatsChange(db);
  return oneUser(db, userId);
}

/**
 * A ban (or a suspension, with an end): the member's sessions end at once, sign-in is
 * refused and the profile is hidden. Lifting it shows the profile again. Admins cannot be banned.
 */
export async function setBanned(
  deps: Pick<Deps, 'database' | 'hub'>,
  { adminId, userId }: { adminId: string; userId: string },
  ban: { banned: true; reason: string; days?: number } | { banned: false },
): Promise<TAdminUser> {
  const { db } = deps.database;
  const closed = await db.transaction(async (tx) => {
    const before = await oneUser(tx, userId);
    if (ban.banned && before.isAdmin) throw new AppError('CONFLICT', 'An administrator cannot be blocked.');
    const expires = ban.banned && ban.days ? new Date(Date.now() + ban.days * 86_400_000) : null;
    await tx
      .update(user)
      .set({ banned: ban.banned, banReason: ban.banned ? ban.reason : null, banExpires: expires })
      .where(eq(user.id, userId));
    // A ban hides the profile; lifting it restores the member's own choice (hide my profile).
    await tx
      .update(profiles)
      .set({ hidden: ban.banned ? true : sql`${profiles.hiddenByMember}` })
      .where(eq(profiles.userId, userId));
    if (ban.banned) await tx.delete(session).where(eq(session.userId, userId));
    // A ban ends his matches and conversations; lifting it gives none of them back, and whoever
    // reported him stays out of his reach (blocked for them: they can lift it themselves).
    const closed = ban.banned ? await endMatchesOf(tx, userId) : [];
    await blockForReporters(tx, userId);
    await appendSecurityLog(tx, {
      eventType: ban.banned ? 'user_blocked' : 'user_unblocked',
      severity: ban.banned ? 'high' : 'info',
      actorId: adminId,
      details: {
        target: userId,
        before: { banned: before.banned, banReason: before.banReason, banExpires: before.banExpires },
        after: {
          banned: ban.banned,
          banReason: ban.banned ? ban.reason : null,
          banExpires: expires?.toISOString() ?? null,
        },
        matchesEnded: closed.length,
      },
    });
    return closed;
  });
  for (const { members, conversationId } of closed)
    await publish(db, members, { type: 'conversation-closed', conversationId });
  if (ban.banned) deps.hub.disconnect(userId);
  announceStatsChange(db);
  return oneUser(db, userId);
}

/** Removes every photo of a member (files included); a high-severity content_removed entry. */
export async function removeAllPhotos(
  deps: Pick<Deps, 'database' | 'storage'>,
  { adminId, userId }: { adminId: string; userId: string },
): Promise<TAdminUser> {
  const { db } = deps.database;
  const removed = await db.transaction(async (tx) => {
    await oneUser(tx, userId); // 404 for no such member, before anything is written
    await keepRemovedPhotoPrints(tx, userId);
    const rows = await tx
      .delete(photos)
      .where(eq(photos.userId, userId))
      .returning({ id: photos.id, largeKey: photos.largeKey, thumbKey: photos.thumbKey });
    await appendSecurityLog(tx, {
      eventType: 'content_removed',
      severity: 'high',
      actorId: adminId,
      details: { target: userId, before: { photos: rows.map((r) => r.id) }, after: { photos: [] } },
    });
    return rows;
  });
  await deleteUnusedFiles(
    deps,
    removed.flatMap((r) => [r.largeKey, r.thumbKey]),
  );
  return oneUser(db, userId);
}

/** Lifts suspensions whose end has passed (run by the server's sweep). */
export async function liftEndedSuspensions(db: Db): Promise<number> {
  const rows = await liftSuspensions(db);
  return rows.length;
}

export async function adminStats(db: Db): Promise<TAdminStats> {
  const r = await selectStats(db);
  return {
    totalUsers: r.total,
    newToday: r.today,
    premiumMembers: r.premium,
    monthlyRevenue: Math.round(r.premium * PREMIUM_MONTHLY_PRICE * 100) / 100,
    messages: r.messages,
    matches: r.matches,
    verifiedProfiles: r.verified,
    ratings: r.ratings,
  };
}
