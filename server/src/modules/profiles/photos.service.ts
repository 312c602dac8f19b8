import { liftVerification, lockMemberPhotos, selectPhotoKeysFor, selectShownKeys } from './profiles.queries';
import { photoUrl } from '../../../../contracts/picture-urls';
import { randomUUID } from 'node:crypto';
import { and, asc, count, eq } from 'drizzle-orm';
import { PHOTO_LIMITS, PROFILE_TEXT, type TPhoto } from '../../../../contracts/profile';
import type { Db } from '../../db/client';
import { photos } from '../../db/schema';
import { photoPrint } from '../../images/photo-print';
import { processImage } from '../../images/process-image';
import { deletePhotoPrint } from '../safety/prints.queries';
import { recordPrint } from '../safety/reused-photos';
import type { Deps } from '../../lib/context';
import { AppError } from '../../lib/errors';

export const photoUrls = (id: string): TPhoto => ({
  id,
  url: photoUrl(id),
  thumbUrl: photoUrl(id, 'thumb'),
});

export async function listPhotos(db: Db, userId: string): Promise<TPhoto[]> {
  const rows = await db
    .select({ id: photos.id })
    .from(photos)
    .where(eq(photos.userId, userId))
    .orderBy(asc(photos.position));
  return rows.map((row) => photoUrls(row.id));
}

export async function addPhoto(
  deps: Pick<Deps, 'database' | 'storage' | 'logger'>,
  userId: string,
  upload: Buffer,
): Promise<TPhoto[]> {
  const { db } = deps.database;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(photos).where(eq(photos.userId, userId));
  if (total >= PHOTO_LIMITS.maxPhotos) throw new AppError('MAX_PHOTOS', PROFILE_TEXT.maxPhotos.description);

  const image = await processImage(upload);
  const print = await photoPrint(image.large);
  const id = randomUUID();
  const keys = { large: `photos/${userId}/${id}-large.webp`, thumb: `photos/${userId}/${id}-thumb.webp` };
  await deps.storage.put(keys.large, image.large);
  try {
    await deps.storage.put(keys.thumb, image.thumb);
  } catch (error) {
    await deps.storage.delete(keys.large).catch(() => {});
    throw error;
  }
  try {
    await db.transaction(async (tx) => {
      await lockMemberPhotos(tx, userId);
      const [{ current } = { current: 0 }] = await tx
        .select({ current: count() })
        .from(photos)
        .where(eq(photos.userId, userId));
      if (current >= PHOTO_LIMITS.maxPhotos) throw new AppError('MAX_PHOTOS', PROFILE_TEXT.maxPhotos.description);
      await tx.insert(photos).values({
        id,
        userId,
        position: current,
        largeKey: keys.large,
        thumbKey: keys.thumb,
        width: image.width,
        height: image.height,
      });
      if (print) await recordPrint(tx, { userId, photoId: id, print });
      // "Selfie verified" vouches for the photos a moderator compared with the selfie. A new photo
      // lifts the mark, and the approved selfie goes back to the review queue to be compared with
      // the photos as they are now; approving it again restores the mark.
      await liftVerification(tx, userId);
    });
  } catch (error) {
    // No row, no file: the stored bytes go when the insert does not happen.
    await Promise.all([deps.storage.delete(keys.large), deps.storage.delete(keys.thumb)]);
    throw error;
  }
  return listPhotos(db, userId);
}

/**
 * Deletes stored files that no photo row shows any more. Demo members share portraits (the
 * seed stores each drawn picture once), so a file goes only with the last row pointing to it.
 * Call after the rows are deleted.
 */
export async function deleteUnusedFiles(deps: Pick<Deps, 'database' | 'storage'>, keys: string[]): Promise<void> {
  if (!keys.length) return;
  const shown = await selectShownKeys(deps.database.db, keys);
  await Promise.all(
    keys.filter((key) => !shown.has(key)).map((key) => deps.storage.delete(key).catch(() => undefined)),
  );
}

export async function removePhoto(
  deps: Pick<Deps, 'database' | 'storage'>,
  userId: string,
  photoId: string,
): Promise<TPhoto[]> {
  const { db } = deps.database;
  const removed = await db.transaction(async (tx) => {
    await lockMemberPhotos(tx, userId);
    // Before the photo: its deletion would unlink the print from it.
    await deletePhotoPrint(tx, { userId, photoId });
    const [row] = await tx
      .delete(photos)
      .where(and(eq(photos.id, photoId), eq(photos.userId, userId)))
      .returning({ largeKey: photos.largeKey, thumbKey: photos.thumbKey });
    if (!row) throw new AppError('NOT_FOUND', 'That photo does not exist.');
    await renumber(tx, userId);
    return row;
  });
  await deleteUnusedFiles(deps, [removed.largeKey, removed.thumbKey]);
  return listPhotos(db, userId);
}

/** Puts the photos in the given order; 'Set as Main' is the order with that photo first. */
export async function reorderPhotos(db: Db, userId: string, ids: string[]): Promise<TPhoto[]> {
  await db.transaction(async (tx) => {
    await lockMemberPhotos(tx, userId);
    const current = await tx.select({ id: photos.id }).from(photos).where(eq(photos.userId, userId));
    const known = new Set(current.map((row) => row.id));
    if (ids.length !== known.size || !ids.every((id) => known.has(id)) || new Set(ids).size !== ids.length) {
      throw new AppError('CONFLICT', 'Your photos changed meanwhile. Reload and try again.');
    }
    for (const [position, id] of ids.entries()) {
      await tx.update(photos).set({ position }).where(eq(photos.id, id));
    }
  });
  return listPhotos(db, userId);
}

async function renumber(tx: Pick<Db, 'select' | 'update'>, userId: string) {
  const rows = await tx
    .select({ id: photos.id })
    .from(photos)
    .where(eq(photos.userId, userId))
    .orderBy(asc(photos.position));
  for (const [position, row] of rows.entries()) await tx.update(photos).set({ position }).where(eq(photos.id, row.id));
}

/**
 * The bytes of a photo for a signed-in member. If either of the two blocked the other, the
 * photo does not exist for the viewer: media are private to those allowed to see them.
 */
/**
 * A photo, to whoever may see it: its owner and administrators always; other members unless
 * either blocked the other, the owner is banned, or her profile is hidden, when only her current
 * matches still see it. An ex who was unmatched, or a stranger holding a photo's id, gets the
 * same 404 as for a photo that does not exist.
 */
export async function readPhoto(
  deps: Pick<Deps, 'database' | 'storage'>,
  viewer: { id: string; adminWindowOpen: boolean },
  photoId: string,
  size: 'large' | 'thumb',
): Promise<Buffer> {
  const row = await selectPhotoKeysFor(deps.database.db, { photoId, ...viewer });
  const bytes = row ? await deps.storage.get(size === 'thumb' ? row.thumb_key : row.large_key) : null;
  if (!bytes) throw new AppError('NOT_FOUND', 'That photo does not exist.');
  return bytes;
}
