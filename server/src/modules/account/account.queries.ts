import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { ACCOUNT_EVENTS_KEPT } from '../../../../contracts/account';
import type { Db } from '../../db/client';
import { selectRow, selectRows } from '../../db/rows';

/**
 * The account module's SQL: the data export, deletion, security settings and the activity
 * list's trim. Rows that feed decisions are checked against their declared shape (db/rows.ts);
 * the export's rows are passed on as the database gives them, which is the export's point.
 */

type Execute = Pick<Db, 'execute'>;

/** A table's rows for the export, as the database gives them. */
export const exportRows = async (db: Execute, query: SQL) => (await db.execute<Record<string, unknown>>(query)).rows;

/** What the export reads, part by part; what others wrote stays out unless it is the member's own conversation or a revealed rating. */
export function exportQueries(userId: string) {
  const conversationIds = sql`(select id from conversations where user_a = ${userId} or user_b = ${userId})`;
  return {
    account: sql`select id, email, name, email_verified, two_factor_enabled, created_at, updated_at from "user" where id = ${userId}`,
    photos: sql`select id, position, large_key, width, height, created_at from photos where user_id = ${userId} order by position`,
    selfies: sql`select id, pose, status, image_key, created_at, reviewed_at from selfie_submissions where user_id = ${userId} order by created_at`,
    profile: sql`select * from profiles where user_id = ${userId}`,
    subscription: sql`select tier, active, expires_at, cancelled_at, created_at from subscriptions where user_id = ${userId}`,
    likesGiven: sql`select target_id, super_like, created_at from likes where user_id = ${userId} order by created_at`,
    passes: sql`select target_id, created_at from passes where user_id = ${userId} order by created_at`,
    blocks: sql`select blocked_id, created_at from blocks where blocker_id = ${userId} order by created_at`,
    matches: sql`select id, user_a, user_b, created_at from matches where user_a = ${userId} or user_b = ${userId} order by created_at`,
    messages: sql`
      select conversation_id, case when sender_id = ${userId} then 'you' else 'them' end as sender, content, created_at, read_at
      from messages where conversation_id in ${conversationIds} order by created_at`,
    dateVerifications: sql`select conversation_id, status, uploaded_by = ${userId} as uploaded_by_you, created_at from date_verifications where conversation_id in ${conversationIds}`,
    datePlans: sql`select conversation_id, starts_at, place, status, created_at from date_plans where conversation_id in ${conversationIds}`,
    ratingsGiven: sql`select conversation_id, overall, safety, respect, communication, safe_for_family, safe_for_home, would_date_again, comment, created_at from reviews where reviewer_id = ${userId}`,
    ratingsReceived: sql`select conversation_id, overall, safety, respect, communication, safe_for_family, safe_for_home, would_date_again, comment, revealed_at from reviews where reviewee_id = ${userId} and revealed_at is not null`,
    reportsFiled: sql`select reason, details, status, decision, created_at, resolved_at from moderation_cases where opened_by = ${userId}`,
    notifications: sql`select type, title, message, created_at, read_at from notifications where user_id = ${userId} order by created_at`,
    contactMessages: sql`select kind, subject, message, created_at from contact_messages where user_id = ${userId}`,
    securityActivity: sql`select kind, ip, user_agent, created_at from account_events where user_id = ${userId} order by created_at desc`,
  };
}

/** The account, locked for its deletion: its mailbox and whether a subscription is active. */
export async function lockAccountForDeletion(tx: Execute, userId: string) {
  return selectRow(
    tx,
    z.object({ email: z.string(), subscribed: z.boolean() }),
    sql`
      select u.email, exists (select 1 from subscriptions s where s.user_id = u.id and s.active) as subscribed
      from "user" u where u.id = ${userId} for update`,
  );
}

/** Every stored file of the member's: photos in both sizes, selfies, and the date photos of their conversations. */
export async function selectAccountFiles(tx: Execute, userId: string): Promise<string[]> {
  const rows = await selectRows(
    tx,
    z.object({ key: z.string() }),
    sql`
      select large_key as key from photos where user_id = ${userId}
      union all select thumb_key from photos where user_id = ${userId}
      union all select image_key from selfie_submissions where user_id = ${userId}
      union all select d.photo_key from date_verifications d join conversations c on c.id = d.conversation_id
        where c.user_a = ${userId} or c.user_b = ${userId}`,
  );
  return rows.map((row) => row.key);
}

/**
 * The account's rows go (the rest by cascade), with their contact messages and the logs naming
 * them; ratings they gave stay as anonymous numbers (no comment).
 */
export async function deleteAccountRows(tx: Execute, { userId, email }: { userId: string; email: string }) {
  await tx.execute(sql`update reviews set comment = '' where reviewer_id = ${userId}`);
  await tx.execute(sql`delete from contact_messages where user_id = ${userId} or lower(email) = lower(${email})`);
  await tx.execute(sql`delete from system_logs where user_id = ${userId} or metadata->>'email' = lower(${email})`);
  await tx.execute(sql`delete from "user" where id = ${userId}`);
}

/** An authenticator app counts once a code from it was verified (an unfinished set-up does not). */
export async function selectSecuritySettings(db: Execute, userId: string) {
  return selectRow(
    db,
    z.object({ enabled: z.boolean().nullable(), app: z.boolean(), email_code: z.boolean() }),
    sql`
    select u.two_factor_enabled as enabled,
           exists (select 1 from two_factor t where t.user_id = u.id and coalesce(t.verified, true)) as app,
           coalesce((select s.email_code from account_security s where s.user_id = u.id), false) as email_code
    from "user" u where u.id = ${userId}`,
  );
}

/** Keeps the member's latest ACCOUNT_EVENTS_KEPT activity lines. */
export async function trimAccountEvents(db: Execute, userId: string): Promise<void> {
  await db.execute(sql`
    delete from account_events where user_id = ${userId} and id not in (
      select id from account_events where user_id = ${userId} order by created_at desc limit ${ACCOUNT_EVENTS_KEPT})`);
}
