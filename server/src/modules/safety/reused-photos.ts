import type { Db } from '../../db/client';
import { comparePrints, isSamePicture, type PrintComparison } from '../../images/compare-prints';
import type { PhotoPrint } from '../../images/photo-print';
import type { Deps } from '../../lib/context';
import { appendSecurityLog } from '../audit/security-log';
import { z } from 'zod';
import { enqueueJob } from '../../jobs/queue';
import {
  insertPrint,
  insertReusedPhotoCase,
  selectCandidatePrints,
  selectPictureOrigins,
  selectPrint,
  type StoredPrint,
} from './prints.queries';
import { sealOf } from './snapshot';

/**
 * Catfish and ban evasion by pictures. Every stored photo and selfie has a print (perceptual
 * hashes of the picture and of its crops, turns and mirror, with its grey pattern and colours;
 * images/photo-print.ts). After an upload, a picture that is the same as one of another
 * account's (re-encoded, resized, cropped, mirrored, recoloured, framed, screenshotted,
 * letterboxed or slightly turned) opens a "reused photo" case about the uploader, showing the
 * moderator both accounts and both pictures. That includes a banned account's pictures and the
 * prints kept of an account deleted while banned or under a case, whose pictures are gone.
 * Nothing is refused automatically: the same picture on two accounts can be a catfish, or a
 * friend's photo; a moderator decides.
 */

const WHOSE = {
  active: 'another active account',
  banned: 'a banned account',
  reported: 'an account deleted while under a case',
  removed: 'a photo an administrator removed',
} as const;

const whoseOf = (matched: StoredPrint): keyof typeof WHOSE => {
  if (matched.user_id === null) return matched.kept_because === 'banned' ? 'banned' : 'reported';
  if (matched.banned) return 'banned';
  return matched.kept_because === 'removed' ? 'removed' : 'active';
};

/**
 * The earlier picture of another account that this upload is a copy of, if any: a banned or
 * departed account's first, then the earliest. Not a copy of the uploader's own: another
 * account's picture that came after hers, or that was itself found copying hers, is her picture
 * coming back (the owner of a photo a banned copycat took is not the banned member returning).
 */
async function findReusedPicture(db: Db, upload: { userId: string; printId: string; print: PhotoPrint }) {
  const same = (await selectCandidatePrints(db, upload)).flatMap((candidate) => {
    const comparison = comparePrints(upload.print, candidate);
    return isSamePicture(comparison) ? [{ matched: candidate, ...comparison }] : [];
  });
  const isMine = (print: StoredPrint) => print.uploaded_by === upload.userId;
  const since = (print: StoredPrint) => print.created_at.getTime();
  const mineSince = Math.min(...same.filter(({ matched }) => isMine(matched)).map(({ matched }) => since(matched)));
  const others = same.filter(({ matched }) => !isMine(matched));
  const origins = await selectPictureOrigins(
    db,
    others.map(({ matched }) => matched.id),
  );
  const theirs = others.filter(
    ({ matched }) => since(matched) < mineSince && origins.get(matched.id)?.userId !== upload.userId,
  );
  const rank = ({ matched }: { matched: StoredPrint }) => (whoseOf(matched) === 'active' ? 1 : 0);
  return theirs.sort((a, b) => rank(a) - rank(b) || since(a.matched) - since(b.matched))[0] ?? null;
}

/** How close the two pictures are, in the moderator's words. */
const closeness = ({ bits, colour, shape, mirrored }: PrintComparison) =>
  [
    `${bits} of 64 bits apart`,
    ...(Number.isFinite(shape) ? [`light and dark ${shape} apart`] : []),
    `colours ΔE ${colour}`,
    ...(mirrored ? ['mirrored'] : []),
  ].join(', ');

export const REUSED_PICTURE_JOB = 'reused-picture.check';
const ZCheckPayload = z.object({ printId: z.string(), kind: z.enum(['photo', 'selfie']) });

/** Stores a new picture's print, in its upload's transaction, with the job that will compare it. */
export async function recordPrint(
  tx: Pick<Db, 'execute'>,
  upload: { userId: string; photoId?: string; selfieId?: string; print: PhotoPrint },
): Promise<void> {
  const printId = await insertPrint(tx, upload);
  const kind = upload.photoId ? 'photo' : 'selfie';
  // Due at once: the next pass of the job runner compares it, after the upload has answered.
  await enqueueJob(tx, { kind: REUSED_PICTURE_JOB, runAt: new Date(0), payload: { printId, kind } });
}

/**
 * The job after an upload: looks for the same picture on another account and opens a case
 * when there is one (once per pair of accounts while it is open). Returns the case's id. A
 * picture deleted before its turn came is not compared.
 */
export async function checkReusedPicture(deps: Pick<Deps, 'database'>, payload: unknown): Promise<string | null> {
  const { db } = deps.database;
  const { printId, kind } = ZCheckPayload.parse(payload);
  const stored = await selectPrint(db, printId);
  if (!stored) return null;
  const upload = { userId: stored.uploaded_by, printId, kind, print: stored };
  const found = await findReusedPicture(db, upload);
  if (!found) return null;
  const details = `A ${upload.kind} matches a picture of ${WHOSE[whoseOf(found.matched)]} (id ${found.matched.uploaded_by}): ${closeness(found)}.`;
  return db.transaction(async (tx) => {
    const opened = await insertReusedPhotoCase(tx, {
      subjectId: upload.userId,
      printId: upload.printId,
      matched: found.matched,
      bits: found.bits,
      colour: found.colour,
      details,
      seal: sealOf([]),
    });
    if (!opened) return null;
    await appendSecurityLog(tx, {
      eventType: 'reused_photo_flagged',
      severity: 'high',
      actorId: null,
      details: { caseId: opened.id, subjectId: upload.userId, matchedUserId: found.matched.uploaded_by },
    });
    return opened.id;
  });
}
