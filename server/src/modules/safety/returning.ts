import { createHmac } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isTelling, SAME_PICTURE_MAX_DISTANCE } from '../../images/process-image';
import { appendSecurityLog } from '../audit/security-log';
import { sealOf } from './snapshot';

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

type Tx = Pick<Db, 'execute' | 'insert'>;

/**
 * Called in the deletion's transaction, before the account's rows go. When the member is banned
 * or the subject of any case, their cases keep a tombstone (former id, name and email) and the
 * watch keeps what recognises them. Returns whether anything was kept.
 */
export async function rememberLeavingSubject(tx: Tx, secret: string, userId: string): Promise<boolean> {
  const { rows } = await tx.execute<{ email: string; name: string; banned: boolean; cases: number }>(sql`
    select u.email, coalesce(p.name, u.name) as name, coalesce(u.banned, false) as banned,
           (select count(*)::int from moderation_cases mc where mc.subject_id = u.id) as cases
    from "user" u left join profiles p on p.user_id = u.id where u.id = ${userId}`);
  const member = rows[0];
  if (!member || (!member.banned && member.cases === 0)) return false;
  const tombstone = { userId, name: member.name, email: member.email, deletedAt: new Date().toISOString() };
  await tx.execute(
    sql`update moderation_cases set subject_tombstone = ${JSON.stringify(tombstone)}::jsonb where subject_id = ${userId}`,
  );
  const {
    rows: [watch],
  } = await tx.execute<{ id: string }>(sql`
    insert into returning_watch (email_key, reason, former_user_id)
    values (${emailKey(secret, member.email)}, ${member.banned ? 'banned' : 'reported'}, ${userId}) returning id`);
  await tx.execute(sql`
    insert into returning_watch_photos (watch_id, dhash)
    select ${watch!.id}, dhash from photos where user_id = ${userId} and dhash is not null`);
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
    const { rows } = await tx.execute<{ id: string }>(sql`
      insert into moderation_cases (kind, subject_id, opened_by, reason, details, source, evidence, evidence_sha256)
      select 'returning_member', ${subjectId}, null, ${match.reason}, ${details}, 'system', '[]'::jsonb, ${sealOf([])}
      where not exists (select 1 from moderation_cases where kind = 'returning_member' and subject_id = ${subjectId} and reason = ${match.reason} and status = 'open')
      returning id`);
    if (rows[0]) {
      await appendSecurityLog(tx, {
        eventType: 'returning_member_flagged',
        severity: 'high',
        actorId: null,
        details: { caseId: rows[0].id, subjectId, reason: match.reason, formerUserId: match.formerUserId },
      });
    }
  });
}

/**
 * At sign-up: flags the new account when its mailbox belonged to a banned or reported member who
 * deleted their account, or is another spelling of a banned member's (a +tag, Gmail's dots).
 */
export async function flagReturningEmail(db: Db, secret: string, userId: string, email: string): Promise<void> {
  const { rows } = await db.execute<{ reason: string; former_user_id: string }>(sql`
    select reason, former_user_id from returning_watch where email_key = ${emailKey(secret, email)}
    order by (reason = 'banned') desc, created_at desc limit 1`);
  let match = rows[0];
  if (!match) {
    const canonical = canonicalEmail(email);
    const { rows: banned } = await db.execute<{ id: string; email: string }>(
      sql`select id, email from "user" where coalesce(banned, false) and id <> ${userId}`,
    );
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
  const close = (column: SQL) => sql`bit_count(${column} # ${dhash}::bit(64)) <= ${SAME_PICTURE_MAX_DISTANCE}`;
  const { rows } = await db.execute<{ reason: string; former_user_id: string }>(sql`
    select * from (
      select w.reason, w.former_user_id from returning_watch_photos wp join returning_watch w on w.id = wp.watch_id
      where ${close(sql`wp.dhash`)} and w.former_user_id <> ${userId}
      union all
      select 'banned', ph.user_id from photos ph join "user" u on u.id = ph.user_id
      where coalesce(u.banned, false) and ph.dhash is not null and ${close(sql`ph.dhash`)} and ph.user_id <> ${userId}
    ) found order by (reason = 'banned') desc limit 1`);
  if (rows[0])
    await openReturningCase(db, userId, {
      reason: 'returning_photo',
      watchReason: rows[0].reason,
      formerUserId: rows[0].former_user_id,
    });
}
