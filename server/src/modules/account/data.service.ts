import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Deps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { announceStatsChange } from '../../realtime/hub';
import { rememberLeavingSubject } from '../safety/returning';
import { appendSecurityLog } from '../audit/security-log';
import { requirePassword } from './security.service';
import { deleteUnusedFiles } from '../profiles/photos.service';

type Rows = Record<string, unknown>[];
const rows = async (db: Db, query: ReturnType<typeof sql>): Promise<Rows> =>
  (await db.execute<Record<string, unknown>>(query)).rows;

/** A stored image as a data URL, so the export is one self-contained file. */
async function embed(deps: Pick<Deps, 'storage'>, key: unknown): Promise<string | null> {
  if (typeof key !== 'string') return null;
  const data = await deps.storage.get(key).catch(() => null);
  if (!data) return null;
  const type = key.endsWith('.png') ? 'image/png' : key.endsWith('.webp') ? 'image/webp' : 'image/jpeg';
  return `data:${type};base64,${data.toString('base64')}`;
}

/**
 * Everything we hold about the member, as JSON, with their photos and selfies inlined.
 * What others wrote stays out unless it is part of the member's own conversations or a
 * rating of them that has been revealed; the reporter of a case about them stays out.
 */
export async function exportAccountData(
  deps: Pick<Deps, 'database' | 'storage'>,
  userId: string,
): Promise<Record<string, unknown>> {
  const { db } = deps.database;
  const [account] = await rows(
    db,
    sql`select id, email, name, email_verified, two_factor_enabled, created_at, updated_at from "user" where id = ${userId}`,
  );
  if (!account) throw new AppError('NOT_FOUND', 'No such account.');
  const photoRows = await rows(
    db,
    sql`select id, position, large_key, width, height, created_at from photos where user_id = ${userId} order by position`,
  );
  const selfieRows = await rows(
    db,
    sql`select id, pose, status, image_key, created_at, reviewed_at from selfie_submissions where user_id = ${userId} order by created_at`,
  );
  const conversationIds = sql`(select id from conversations where user_a = ${userId} or user_b = ${userId})`;
  return {
    exportedAt: new Date().toISOString(),
    account,
    profile: (await rows(db, sql`select * from profiles where user_id = ${userId}`))[0] ?? null,
    photos: await Promise.all(
      photoRows.map(async ({ large_key, ...photo }) => ({ ...photo, image: await embed(deps, large_key) })),
    ),
    selfieVerifications: await Promise.all(
      selfieRows.map(async ({ image_key, ...selfie }) => ({ ...selfie, image: await embed(deps, image_key) })),
    ),
    subscription:
      (
        await rows(
          db,
          sql`select tier, active, expires_at, cancelled_at, created_at from subscriptions where user_id = ${userId}`,
        )
      )[0] ?? null,
    likesGiven: await rows(
      db,
      sql`select target_id, super_like, created_at from likes where user_id = ${userId} order by created_at`,
    ),
    passes: await rows(db, sql`select target_id, created_at from passes where user_id = ${userId} order by created_at`),
    blocks: await rows(
      db,
      sql`select blocked_id, created_at from blocks where blocker_id = ${userId} order by created_at`,
    ),
    matches: await rows(
      db,
      sql`select id, user_a, user_b, created_at from matches where user_a = ${userId} or user_b = ${userId} order by created_at`,
    ),
    messages: await rows(
      db,
      sql`
      select conversation_id, case when sender_id = ${userId} then 'you' else 'them' end as sender, content, created_at, read_at
      from messages where conversation_id in ${conversationIds} order by created_at`,
    ),
    dateVerifications: await rows(
      db,
      sql`select conversation_id, status, uploaded_by = ${userId} as uploaded_by_you, created_at from date_verifications where conversation_id in ${conversationIds}`,
    ),
    datePlans: await rows(
      db,
      sql`select conversation_id, starts_at, place, status, created_at from date_plans where conversation_id in ${conversationIds}`,
    ),
    ratingsGiven: await rows(
      db,
      sql`select conversation_id, overall, safety, respect, communication, safe_for_family, safe_for_home, would_date_again, comment, created_at from reviews where reviewer_id = ${userId}`,
    ),
    ratingsReceived: await rows(
      db,
      sql`select conversation_id, overall, safety, respect, communication, safe_for_family, safe_for_home, would_date_again, comment, revealed_at from reviews where reviewee_id = ${userId} and revealed_at is not null`,
    ),
    reportsFiled: await rows(
      db,
      sql`select reason, details, status, outcome_note, created_at, resolved_at from moderation_cases where opened_by = ${userId}`,
    ),
    notifications: await rows(
      db,
      sql`select type, title, message, created_at, read_at from notifications where user_id = ${userId} order by created_at`,
    ),
    contactMessages: await rows(
      db,
      sql`select kind, subject, message, created_at from contact_messages where user_id = ${userId}`,
    ),
    securityActivity: await rows(
      db,
      sql`select kind, ip, user_agent, created_at from account_events where user_id = ${userId} order by created_at desc`,
    ),
  };
}

/**
 * Deletes the account for good, in one transaction: the member's rows go (by cascade), any
 * subscription with them, their contact messages and logs naming them; ratings they gave stay
 * as anonymous numbers (no reviewer, no comment). Reports and cases about the member stay, with
 * a tombstone, and a banned or reported member is watched for (safety/returning.ts). Stored
 * files go after the commit.
 */
export async function deleteAccount(
  deps: Pick<Deps, 'database' | 'storage' | 'hub' | 'env'>,
  userId: string,
  password: string,
): Promise<void> {
  const { db } = deps.database;
  await requirePassword(db, userId, password);
  const files = await db.transaction(async (tx) => {
    const [member] = (
      await tx.execute<{ email: string; subscribed: boolean }>(sql`
      select u.email, exists (select 1 from subscriptions s where s.user_id = u.id and s.active) as subscribed
      from "user" u where u.id = ${userId} for update`)
    ).rows;
    if (!member) throw new AppError('NOT_FOUND', 'No such account.');
    const { rows: keys } = await tx.execute<{ key: string }>(sql`
      select large_key as key from photos where user_id = ${userId}
      union all select thumb_key from photos where user_id = ${userId}
      union all select image_key from selfie_submissions where user_id = ${userId}
      union all select d.photo_key from date_verifications d join conversations c on c.id = d.conversation_id
        where c.user_a = ${userId} or c.user_b = ${userId}`);
    // Cases about the member outlive the account, and a banned or reported member is watched for.
    const watched = await rememberLeavingSubject(tx, deps.env.AUTH_SECRET, userId);
    await tx.execute(sql`update reviews set comment = '' where reviewer_id = ${userId}`);
    await tx.execute(
      sql`delete from contact_messages where user_id = ${userId} or lower(email) = lower(${member.email})`,
    );
    await tx.execute(
      sql`delete from system_logs where user_id = ${userId} or metadata->>'email' = lower(${member.email})`,
    );
    await tx.execute(sql`delete from "user" where id = ${userId}`);
    // The log keeps that it happened, not who it was.
    await appendSecurityLog(tx, {
      eventType: 'account_deleted',
      severity: watched ? 'warning' : 'info',
      actorId: null,
      details: {
        subscriptionCancelled: member.subscribed,
        ...(watched ? { formerUserId: userId, watched: true } : {}),
      },
    });
    return keys.map((row) => row.key);
  });
  deps.hub.disconnect(userId);
  await deleteUnusedFiles(deps, files);
  announceStatsChange(db);
}
