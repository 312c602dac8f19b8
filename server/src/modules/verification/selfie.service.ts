import { asSentence } from '../../../../contracts/text';
import { onlyRow } from '../../db/rows';
import { photoUrl, selfieImageUrl } from '../../../../contracts/picture-urls';
import { randomInt, randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import {
  SELFIE_CHALLENGE_MINUTES,
  SELFIE_POSES,
  TRUST_TEXT,
  type SelfiePose,
  type TAdminSelfie,
  type TSelfieChallenge,
  type TSelfieStatus,
} from '../../../../contracts/trust';
import { profiles, selfieChallenges, selfieSubmissions } from '../../db/schema';
import { appendSecurityLog } from '../audit/security-log';
import { photoPrint } from '../../images/photo-print';
import { processImage } from '../../images/process-image';
import { recordPrint } from '../safety/reused-photos';
import type { Deps } from '../../lib/context';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { isAdminSession, type Viewer } from '../../lib/route';
import { announceStatsChange } from '../../realtime/hub';
import { notify } from '../notifications/notifications.service';
import { displayName } from '../profiles/names';
import { selectSelfieQueue, selectSelfieReadiness, useChallenge } from './verification.queries';

const POSES = Object.keys(SELFIE_POSES) as SelfiePose[];

/** A fresh pose, picked at random on the server and valid for a few minutes. */
export async function startSelfieChallenge(db: Db, userId: string): Promise<TSelfieChallenge> {
  const pose = POSES[randomInt(POSES.length)]!;
  const expiresAt = new Date(Date.now() + SELFIE_CHALLENGE_MINUTES * 60_000);
  const row = onlyRow(
    await db.insert(selfieChallenges).values({ userId, pose, expiresAt }).returning({ id: selfieChallenges.id }),
  );
  return { id: row.id, pose, instruction: SELFIE_POSES[pose], expiresAt: expiresAt.toISOString() };
}

/**
 * Stores a selfie against the pose it was taken for. The challenge must be the member's own,
 * unexpired and unused, so an old photo cannot be sent again. One selfie waits at a time.
 */
export async function submitSelfie(
  deps: Pick<Deps, 'database' | 'storage'>,
  { userId, challengeId }: { userId: string; challengeId: string },
  upload: Buffer,
): Promise<TSelfieStatus> {
  const { db } = deps.database;
  // The cheap checks first: decoding an image costs far more CPU than these two lookups, so a
  // made-up or used challenge, or a selfie already waiting, is refused before any decoding.
  const ready = await selectSelfieReadiness(db, { userId, challengeId });
  if (!ready.challenge) throw new AppError('BAD_REQUEST', TRUST_TEXT.challengeExpired);
  if (ready.pending) throw new AppError('CONFLICT', TRUST_TEXT.selfiePending);
  const image = await processImage(upload);
  const print = await photoPrint(image.large);
  const id = randomUUID();
  const key = `selfies/${userId}/${id}.webp`;
  await deps.storage.put(key, image.large);
  try {
    await db.transaction(async (tx) => {
      const pose = await useChallenge(tx, { userId, challengeId });
      if (!pose) throw new AppError('BAD_REQUEST', TRUST_TEXT.challengeExpired);
      const inserted = await tx
        .insert(selfieSubmissions)
        .values({ id, userId, challengeId, pose, imageKey: key })
        .onConflictDoNothing()
        .returning({ id: selfieSubmissions.id });
      if (!inserted.length) throw new AppError('CONFLICT', TRUST_TEXT.selfiePending);
      if (print) await recordPrint(tx, { userId, selfieId: id, print });
    });
  } catch (error) {
    await deps.storage.delete(key);
    throw error;
  }
  return selfieStatus(db, userId);
}

export async function selfieStatus(db: Db, userId: string): Promise<TSelfieStatus> {
  const [latest] = await db
    .select()
    .from(selfieSubmissions)
    .where(eq(selfieSubmissions.userId, userId))
    .orderBy(desc(selfieSubmissions.createdAt))
    .limit(1);
  const [profile] = await db
    .select({ verified: profiles.selfieVerified })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  if (!latest)
    return {
      status: profile?.verified ? 'approved' : 'none',
      reason: null,
      submissionId: null,
      submittedAt: null,
      imageUrl: null,
    };
  return {
    status: latest.status as TSelfieStatus['status'],
    reason: latest.reason,
    submissionId: latest.id,
    submittedAt: latest.createdAt.toISOString(),
    imageUrl: selfieImageUrl(latest.id),
  };
}

/** A selfie's bytes: for its owner and administrators only. Anyone else learns nothing (404). */
export async function readSelfie(deps: Deps, viewer: Viewer, submissionId: string): Promise<Buffer> {
  const [row] = await deps.database.db
    .select()
    .from(selfieSubmissions)
    .where(eq(selfieSubmissions.id, submissionId))
    .limit(1);
  const allowed = row && (row.userId === viewer.id || (await isAdminSession(deps, viewer.id, viewer.sessionCreatedAt)));
  const bytes = allowed ? await deps.storage.get(row.imageKey) : null;
  if (!bytes) throw new AppError('NOT_FOUND', 'That selfie does not exist.');
  return bytes;
}

/** The review queue, with each member's profile photos beside the selfie. */
export async function listSelfiesForAdmin(
  db: Db,
  status: 'pending' | 'approved' | 'rejected' = 'pending',
): Promise<TAdminSelfie[]> {
  const rows = await selectSelfieQueue(db, status);
  return rows.map((row) => ({
    id: row.id,
    userId: row.user_id,
    name: displayName(row.name),
    pose: row.pose,
    instruction: SELFIE_POSES[row.pose as SelfiePose] ?? row.pose,
    status: row.status,
    reason: row.reason,
    imageUrl: selfieImageUrl(row.id),
    profilePhotoUrls: (row.photo_ids ?? []).map((id) => photoUrl(id)),
    photosChanged: row.trigger === 'photos_changed',
    createdAt: row.created_at,
  }));
}

/**
 * An administrator's decision. Approval sets selfie_verified (and with it the verified mark
 * and the discovery score); a rejection carries a reason the member sees. Logged with the admin.
 */
export async function decideSelfie(
  db: Db,
  { adminId, submissionId }: { adminId: string; submissionId: string },
  decision: { approve: true } | { approve: false; reason: string },
): Promise<void> {
  const userId = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(selfieSubmissions)
      .set({
        status: decision.approve ? 'approved' : 'rejected',
        reason: decision.approve ? null : decision.reason,
        reviewedBy: adminId,
        reviewedAt: new Date(),
      })
      .where(and(eq(selfieSubmissions.id, submissionId), eq(selfieSubmissions.status, 'pending')))
      .returning({ userId: selfieSubmissions.userId });
    if (!row) throw new AppError('NOT_FOUND', 'No pending selfie with that id.');
    if (decision.approve)
      await tx
        .update(profiles)
        .set({ selfieVerified: true, updatedAt: new Date() })
        .where(eq(profiles.userId, row.userId));
    await appendSecurityLog(tx, {
      eventType: decision.approve ? 'selfie_approved' : 'selfie_rejected',
      severity: 'info',
      actorId: adminId,
      details: {
        target: row.userId,
        submissionId,
        before: { status: 'pending' },
        after: {
          status: decision.approve ? 'approved' : 'rejected',
          selfieVerified: decision.approve || undefined,
          reason: decision.approve ? undefined : decision.reason,
        },
      },
    });
    return row.userId;
  });
  announceStatsChange(db);
  await notify(
    db,
    userId,
    decision.approve
      ? {
          type: 'verification',
          title: 'You are verified',
          message: 'Your selfie was approved. Your profile now shows the verified mark.',
          link: '/settings',
        }
      : {
          type: 'verification',
          title: 'Selfie not approved',
          message: `Reason: ${asSentence(decision.reason)} You can try again with a new pose.`,
          link: '/settings',
        },
  );
}
