import { createHmac } from 'node:crypto';
import type { Db } from '../../db/client';
import { isTelling, SAME_PICTURE_MAX_DISTANCE } from '../../images/process-image';
import { appendSecurityLog } from '../audit/security-log';
import { sealOf } from './snapshot';
import {
  insertReturningCase,
  insertReturningWatch,
  selectBannedEmails,
  selectLeavingSubject,
  selectWatchedEmail,
  selectWatchedPhoto,
} from './safety.queries';

/**
 * Ban evasion: a banned member opening another account, or a member banned or reported who
 * deletes their account and comes back. When such an account is deleted, a keyed hash of its
 * email and the difference hashes of its photos are kept (returning_watch). A new account with
 * one of those mailboxes or a banned member's, or a photo close to one of theirs, opens a case in
 * the moderators' "Returning accounts" queue. Nothing is refused automatically: a moderator
 * compares and decides.
 */

/**
 * The email as compared: lower case, without a +tag, and for Gmail without dots, so the usual
 * ways of writing the same mailbox differently meet.
 */
export function canonicalEmail(email: string): string {
  const [local = '', domain = ''] = email.trim().toLowerCase().split('@');
  let name = local.split('+')[0]!;
  if (domain === 'gmail.com' || domain === 'googlemail.com') name = name.replace(/\./g, '');
  return `${name}@${domain === 'googlemail.com' ? 'gmail.com' : domain}`;
}

/** A keyed hash of the canonical email: the address itself is not kept after the account goes. */
export const emailKey = (secret: string, email: string) =>
  createHmac('sha256', secret)
    .update(`returning:${canonicalEmail(email)}`)
    .digest('hex');

type Tx = Pick<Db, 'execute'>;

/**
 * Called in the deletion's transaction, before the account's rows go. When the member is banned
 * or the subject of any case, their cases keep a tombstone (former id, name and email) and the
 * watch keeps what recognises them. Returns whether anything was kept.
 */
export async function rememberLeavingSubject(tx: Tx, secret: string, userId: string): Promise<boolean> {
  const member = await selectLeavingSubject(tx, userId);
  if (!member || (!member.banned && member.cases === 0)) return false;
  const tombstone = { userId, name: member.name, email: member.email, deletedAt: new Date().toISOString() };
  await insertReturningWatch(tx, {
    userId,
    tombstone,
    emailKey: emailKey(secret, member.email),
    reason: member.banned ? 'banned' : 'reported',
  });
  return true;
}

/** Opens a "returning account" case about a new account, once per account and kind of match. */
async function openReturningCase(
  db: Db,
  subjectId: string,
  match: { reason: 'returning_email' | 'returning_photo'; watchReason: string; formerUserId: string },
) {
  const what = match.reason === 'returning_email' ? 'the same mailbox' : 'a photo matching one';
  const whose = match.watchReason === 'banned' ? 'a banned account' : 'an account deleted while under report';
  const details = `Uses ${what} as ${whose} (id ${match.formerUserId}).`;
  await db.transaction(async (tx) => {
    const opened = await insertReturningCase(tx, { subjectId, reason: match.reason, details, seal: sealOf([]) });
    if (opened) {
      await appendSecurityLog(tx, {
        eventType: 'returning_member_flagged',
        severity: 'high',
        actorId: null,
        details: { caseId: opened.id, subjectId, reason: match.reason, formerUserId: match.formerUserId },
      });
    }
  });
}

/**
 * At sign-up: flags the new account when its mailbox belonged to a banned or reported member who
 * deleted their account, or is another spelling of a banned member's (a +tag, Gmail's dots).
 */
export async function flagReturningEmail(db: Db, secret: string, userId: string, email: string): Promise<void> {
  let match = await selectWatchedEmail(db, emailKey(secret, email));
  if (!match) {
    const canonical = canonicalEmail(email);
    const banned = await selectBannedEmails(db, userId);
    const same = banned.find((member) => canonicalEmail(member.email) === canonical);
    if (same) match = { reason: 'banned', former_user_id: same.id };
  }
  if (match)
    await openReturningCase(db, userId, {
      reason: 'returning_email',
      watchReason: match.reason,
      formerUserId: match.former_user_id,
    });
}

/** After a photo upload: flags the member when the photo is close to one of a leaver's or a banned member's. */
export async function flagReturningPhoto(db: Db, userId: string, dhash: string): Promise<void> {
  if (!isTelling(dhash)) return;
  const found = await selectWatchedPhoto(db, { userId, dhash, maxDistance: SAME_PICTURE_MAX_DISTANCE });
  if (found)
    await openReturningCase(db, userId, {
      reason: 'returning_photo',
      watchReason: found.reason,
      formerUserId: found.former_user_id,
    });
}
