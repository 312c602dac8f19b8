import { createHmac } from 'node:crypto';
import { normalizeEmail } from '../../../../contracts/auth';
import type { Db } from '../../db/client';
import { appendSecurityLog } from '../audit/security-log';
import { settleLeaverPrints } from './prints.queries';
import { sealOf } from './snapshot';
import {
  insertReturningCase,
  insertReturningWatch,
  selectBannedEmails,
  selectLeavingSubject,
  selectWatchedEmail,
} from './safety.queries';

/**
 * Ban evasion by mailbox: a banned member opening another account, or a member banned or
 * reported who deletes their account and comes back. When such an account is deleted, a keyed
 * hash of its email is kept (returning_watch), and the prints of its pictures stay
 * (image_prints; the pictures themselves go, see reused-photos.ts). A banned member's mailbox,
 * in any of its spellings, cannot register again: the attempt is refused and logged for the
 * moderators. A reported leaver's mailbox may, and opens a case in the "Returning accounts" queue.
 */

/**
 * The email as compared: lower case, without a +tag, and for Gmail without dots, so the usual
 * ways of writing the same mailbox differently meet.
 */
export function canonicalEmail(email: string): string {
  const [local = '', domain = ''] = normalizeEmail(email).split('@');
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
  const watched = !!member && (member.banned || member.cases > 0);
  await settleLeaverPrints(tx, { userId, keep: watched ? (member.banned ? 'banned' : 'reported') : null });
  if (!member || !watched) return false;
  const tombstone = { userId, name: member.name, email: member.email, deletedAt: new Date().toISOString() };
  await insertReturningWatch(tx, {
    userId,
    tombstone,
    emailKey: emailKey(secret, member.email),
    reason: member.banned ? 'banned' : 'reported',
  });
  return true;
}

/** Opens a "returning account" case about a new account, once per account. */
async function openReturningCase(db: Db, subjectId: string, match: { formerUserId: string }) {
  const details = `Uses the same mailbox as an account deleted while under report (id ${match.formerUserId}).`;
  await db.transaction(async (tx) => {
    const opened = await insertReturningCase(tx, {
      subjectId,
      reason: 'returning_email',
      details,
      seal: sealOf([]),
    });
    if (opened) {
      await appendSecurityLog(tx, {
        eventType: 'returning_member_flagged',
        severity: 'high',
        actorId: null,
        details: { caseId: opened.id, subjectId, reason: 'returning_email', formerUserId: match.formerUserId },
      });
    }
  });
}

/**
 * Whose banned mailbox this is, in any spelling (a +tag, Gmail's dots): a banned member's, live
 * or deleted while banned. Asked before an account is created, which is then refused.
 */
export async function bannedMailboxOwner(db: Db, secret: string, email: string): Promise<string | null> {
  const watched = await selectWatchedEmail(db, emailKey(secret, email));
  if (watched?.reason === 'banned') return watched.former_user_id;
  const canonical = canonicalEmail(email);
  const banned = await selectBannedEmails(db);
  return banned.find((member) => canonicalEmail(member.email) === canonical)?.id ?? null;
}

/** After sign-up: flags the new account when its mailbox belonged to a reported member who deleted their account. */
export async function flagReturningEmail(db: Db, secret: string, userId: string, email: string): Promise<void> {
  const watched = await selectWatchedEmail(db, emailKey(secret, email));
  if (watched && watched.reason !== 'banned')
    await openReturningCase(db, userId, { formerUserId: watched.former_user_id });
}
