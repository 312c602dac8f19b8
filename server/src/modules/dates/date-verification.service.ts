import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { TRUST_TEXT, type TDateState } from '../../../../contracts/trust';
import type { Db } from '../../db/client';
import { conversations, dateVerifications, ratingsAccess, systemLogs } from '../../db/schema';
import { processImage } from '../../images/process-image';
import type { Deps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { isAdminSession, type Viewer } from '../../lib/route';
import { publish } from '../../realtime/hub';
import { requireParticipant } from '../messages/messages.service';
import { selectDatePhoto } from './dates.queries';
import { notify } from '../notifications/notifications.service';
import { openModerationCase } from '../safety/moderation';
import { nameOf } from '../profiles/names';

export const datePhotoUrl = (verificationId: string) => `/api/date-photos/${verificationId}`;

/** Tells both participants' open screens that the date's state changed. */
export const announceDateChange = (db: Pick<Db, 'execute'>, members: string[], conversationId: string) =>
  publish(db, members, { type: 'date-updated', conversationId });

export async function dateState(db: Db, viewerId: string, conversationId: string): Promise<TDateState> {
  await requireParticipant(db, { viewerId, conversationId });
  const [latest] = await db
    .select()
    .from(dateVerifications)
    .where(eq(dateVerifications.conversationId, conversationId))
    .orderBy(desc(dateVerifications.createdAt))
    .limit(1);
  const [access] = await db
    .select({ unlocked: ratingsAccess.unlocked })
    .from(ratingsAccess)
    .where(eq(ratingsAccess.userId, viewerId));
  return {
    conversationId,
    status: (latest?.status as TDateState['status']) ?? 'none',
    verificationId: latest?.id ?? null,
    uploadedByMe: latest?.uploadedBy === viewerId,
    photoUrl: latest ? datePhotoUrl(latest.id) : null,
    ratingsUnlocked: access?.unlocked ?? false,
  };
}

/**
 * 'Verify Date': one participant uploads a photo of the two of them. It waits for the other
 * one's 'Yes, we met'. Stored privately: only the two and administrators can see it.
 */
export async function uploadDatePhoto(
  deps: Pick<Deps, 'database' | 'storage'>,
  { viewerId, conversationId }: { viewerId: string; conversationId: string },
  upload: Buffer,
): Promise<TDateState> {
  const { db } = deps.database;
  const { otherId } = await requireParticipant(db, { viewerId, conversationId });
  // Refused before the image is decoded when a photo already waits or the date is verified.
  const open = async () =>
    (
      await db
        .select({ status: dateVerifications.status })
        .from(dateVerifications)
        .where(and(eq(dateVerifications.conversationId, conversationId), sql`status in ('pending', 'confirmed')`))
    )[0];
  const already = await open();
  if (already)
    throw new AppError(
      'CONFLICT',
      already.status === 'confirmed' ? TRUST_TEXT.dateAlreadyVerified : TRUST_TEXT.datePending,
    );
  const image = await processImage(upload);
  const id = randomUUID();
  const key = `dates/${conversationId}/${id}.webp`;
  await deps.storage.put(key, image.large);
  try {
    const inserted = await db
      .insert(dateVerifications)
      .values({ id, conversationId, uploadedBy: viewerId, photoKey: key })
      .onConflictDoNothing()
      .returning();
    if (!inserted.length) {
      const raced = await open();
      throw new AppError(
        'CONFLICT',
        raced?.status === 'confirmed' ? TRUST_TEXT.dateAlreadyVerified : TRUST_TEXT.datePending,
      );
    }
  } catch (error) {
    await deps.storage.delete(key);
    throw error;
  }
  await notify(db, otherId, {
    type: 'date',
    title: 'Did you meet?',
    message: `${await nameOf(db, viewerId)} sent a photo of your date. Confirm it to unlock ratings.`,
    link: `/messages?conversation=${conversationId}`,
  });
  await announceDateChange(db, [viewerId, otherId], conversationId);
  return dateState(db, viewerId, conversationId);
}

/** The pending verification the viewer may answer: the other participant's upload. */
async function pendingForOther(tx: Pick<Db, 'select'>, viewerId: string, conversationId: string) {
  const [pending] = await tx
    .select()
    .from(dateVerifications)
    .where(and(eq(dateVerifications.conversationId, conversationId), eq(dateVerifications.status, 'pending')))
    .for('update');
  if (!pending) throw new AppError('NOT_FOUND', 'There is no date photo waiting for you.');
  if (pending.uploadedBy === viewerId) throw new AppError('FORBIDDEN', TRUST_TEXT.onlyOtherConfirms);
  return pending;
}

/**
 * 'Yes, we met': the date is verified. In one transaction the conversation gets
 * date_verified, the photo and a new updated_at; ratings_access opens for both; a system log.
 */
export async function confirmDate(db: Db, viewerId: string, conversationId: string): Promise<TDateState> {
  const { otherId } = await requireParticipant(db, { viewerId, conversationId });
  await db.transaction(async (tx) => {
    const pending = await pendingForOther(tx, viewerId, conversationId);
    const now = new Date();
    await tx
      .update(dateVerifications)
      .set({ status: 'confirmed', decidedAt: now })
      .where(eq(dateVerifications.id, pending.id));
    await tx
      .update(conversations)
      .set({ dateVerified: true, datePhotoKey: pending.photoKey, updatedAt: now })
      .where(eq(conversations.id, conversationId));
    for (const userId of [viewerId, otherId]) {
      await tx
        .insert(ratingsAccess)
        .values({ userId, unlocked: true, unlockedAt: now })
        .onConflictDoUpdate({ target: ratingsAccess.userId, set: { unlocked: true, unlockedAt: now } });
    }
    await tx.insert(systemLogs).values({
      eventType: 'date_verified',
      userId: viewerId,
      detail: 'Date verified by both participants',
      metadata: { conversationId, verificationId: pending.id, uploadedBy: pending.uploadedBy, confirmedBy: viewerId },
    });
  });
  await notify(db, otherId, {
    type: 'date',
    title: 'Date verified',
    message: `${await nameOf(db, viewerId)} confirmed your date. You can both rate it now.`,
    link: `/date-history?conversation=${conversationId}`,
  });
  await announceDateChange(db, [viewerId, otherId], conversationId);
  return dateState(db, viewerId, conversationId);
}

/** 'This didn't happen': no verification; a moderation case for the uploader instead. */
export async function disputeDate(db: Db, viewerId: string, conversationId: string): Promise<TDateState> {
  const { otherId } = await requireParticipant(db, { viewerId, conversationId });
  await db.transaction(async (tx) => {
    const pending = await pendingForOther(tx, viewerId, conversationId);
    await tx
      .update(dateVerifications)
      .set({ status: 'disputed', decidedAt: new Date() })
      .where(eq(dateVerifications.id, pending.id));
    await openModerationCase(
      tx,
      {
        kind: 'date_dispute',
        subjectId: pending.uploadedBy,
        openedBy: viewerId,
        reason: 'date_dispute',
        details: `Date photo ${pending.id} in conversation ${conversationId} was disputed: "This didn't happen".`,
        source: 'date',
      },
      {
        eventType: 'date_disputed',
        severity: 'warning',
        details: { conversationId, verificationId: pending.id, subjectId: pending.uploadedBy },
      },
    );
  });
  await announceDateChange(db, [viewerId, otherId], conversationId);
  return dateState(db, viewerId, conversationId);
}

/** A date photo: for the two participants and administrators only; anyone else gets 404. */
export async function readDatePhoto(deps: Deps, viewer: Viewer, verificationId: string): Promise<Buffer> {
  const row = await selectDatePhoto(deps.database.db, verificationId);
  const allowed =
    row &&
    (row.user_a === viewer.id ||
      row.user_b === viewer.id ||
      (await isAdminSession(deps, viewer.id, viewer.sessionCreatedAt)));
  const bytes = allowed ? await deps.storage.get(row.photo_key) : null;
  if (!bytes) throw new AppError('NOT_FOUND', 'That photo does not exist.');
  return bytes;
}
