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

/** The closest of another account's earlier pictures that is the same picture as this one, if any. */
async function findReusedPicture(db: Db, upload: { userId: string; printId: string; print: PhotoPrint }) {
  const candidates = await selectCandidatePrints(db, upload);
  let found: ({ matched: StoredPrint } & PrintComparison) | null = null;
  for (const candidate of candidates) {
    const comparison = comparePrints(upload.print, {
      hash: candidate.hash,
      crops: candidate.crops,
      colours: candidate.colours,
    });
    if (!isSamePicture(comparison)) continue;
    // A banned or departed account's picture first, then the closest.
    const rank = (match: StoredPrint) => (whoseOf(match) === 'active' ? 1 : 0);
    if (
      !found ||
      rank(candidate) < rank(found.matched) ||
      (rank(candidate) === rank(found.matched) && comparison.bits < found.bits)
    )
      found = { matched: candidate, ...comparison };
  }
  return found;
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
