import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ReminderKind } from '../../../../contracts/reminders';
import type { Db } from '../../db/client';
import { column, selectRow, selectRows } from '../../db/rows';
import { bannedNow } from '../../db/standing';

/** The reminders module's SQL: settings, the sent-mail log, and what is due. */

type Execute = Pick<Db, 'execute'>;

/** The settings' columns by kind. */
export const KIND_COLUMNS = {
  new_match: 'new_match',
  unread_message: 'unread_message',
  date_tomorrow: 'date_tomorrow',
  date_to_verify: 'date_to_verify',
  report_outcome: 'report_outcome',
} as const satisfies Record<ReminderKind, string>;

const ZSettingsRow = z.object({
  new_match: z.boolean(),
  unread_message: z.boolean(),
  date_tomorrow: z.boolean(),
  date_to_verify: z.boolean(),
  report_outcome: z.boolean(),
});

/** A member's settings; every kind on when they never changed one. */
export async function selectSettings(db: Execute, userId: string) {
  const row = await selectRow(
    db,
    ZSettingsRow,
    sql`select new_match, unread_message, date_tomorrow, date_to_verify, report_outcome
        from reminder_settings where user_id = ${userId}`,
  );
  return (
    row ?? { new_match: true, unread_message: true, date_tomorrow: true, date_to_verify: true, report_outcome: true }
  );
}

/** Turns kinds on or off (a row is made at the first change; none for an account that is gone). */
export async function updateSettings(db: Execute, userId: string, changes: Partial<Record<ReminderKind, boolean>>) {
  const entries = Object.entries(changes) as [ReminderKind, boolean][];
  if (!entries.length) return;
  const columns = sql.join(
    entries.map(([kind]) => sql.raw(KIND_COLUMNS[kind])),
    sql`, `,
  );
  const values = sql.join(
    entries.map(([, on]) => sql`${on}`),
    sql`, `,
  );
  const updates = sql.join(
    entries.map(([kind, on]) => sql`${sql.raw(KIND_COLUMNS[kind])} = ${on}`),
    sql`, `,
  );
  await db.execute(sql`
    insert into reminder_settings (user_id, ${columns})
    select ${userId}, ${values} where exists (select 1 from "user" where id = ${userId})
    on conflict (user_id) do update set ${updates}, updated_at = now()`);
}

export async function saveTimeZone(db: Execute, userId: string, timeZone: string): Promise<void> {
  await db.execute(sql`
    insert into reminder_settings (user_id, time_zone) values (${userId}, ${timeZone})
    on conflict (user_id) do update set time_zone = excluded.time_zone
    where reminder_settings.time_zone is distinct from excluded.time_zone`);
}

/** Who a reminder goes to: their mailbox, first name, time zone, whether this kind is on, and when they were last seen. */
export const selectRecipient = (db: Execute, userId: string, kind: ReminderKind) =>
  selectRow(
    db,
    z.object({
      email: z.string(),
      name: z.string().nullable(),
      banned: z.boolean(),
      wanted: z.boolean(),
      time_zone: z.string().nullable(),
      last_active_at: column.date.nullable(),
    }),
    sql`
    select u.email, coalesce(p.name, u.name) as name, ${bannedNow('u')} as banned,
           coalesce(rs.${sql.raw(KIND_COLUMNS[kind])}, true) as wanted, rs.time_zone, p.last_active_at
    from "user" u left join profiles p on p.user_id = u.id left join reminder_settings rs on rs.user_id = u.id
    where u.id = ${userId}`,
  );

/**
 * Claims a reminder before it is sent: false when the same one went in the last 24 hours (so a
 * conversation's unread-message mail goes at most once a day).
 */
export async function claimReminder(db: Execute, r: { userId: string; kind: ReminderKind; key: string; now: Date }) {
  const at = r.now.toISOString();
  const row = await selectRow(
    db,
    z.object({ user_id: z.string() }),
    sql`insert into reminder_mail (user_id, kind, key, sent_at) values (${r.userId}, ${r.kind}, ${r.key}, ${at})
        on conflict (user_id, kind, key) do update set sent_at = excluded.sent_at
        where reminder_mail.sent_at <= ${at}::timestamptz - interval '24 hours'
        returning user_id`,
  );
  return row !== undefined;
}

/** Gives a claim back when its mail could not be sent, so the retry sends it. */
export async function releaseReminder(db: Execute, r: { userId: string; kind: ReminderKind; key: string }) {
  await db.execute(sql`delete from reminder_mail where user_id = ${r.userId} and kind = ${r.kind} and key = ${r.key}`);
}

/**
 * Conversations whose oldest unread message to a member is between one hour and a day old,
 * found through the member's unread "new message" notification, with the sender's first name.
 */
export const selectUnreadConversations = (db: Execute, now: Date) =>
  selectRows(
    db,
    z.object({ user_id: z.string(), conversation_id: z.string(), sender_name: z.string().nullable() }),
    sql`
    select n.user_id, first.conversation_id, coalesce(sp.name, su.name) as sender_name
    from notifications n
    cross join lateral (
      select m.conversation_id, m.sender_id from messages m
      where m.conversation_id = substr(n.group_key, 14)::uuid and m.sender_id <> n.user_id and m.read_at is null
      order by m.created_at limit 1) first
    join "user" su on su.id = first.sender_id left join profiles sp on sp.user_id = first.sender_id
    where n.type = 'message' and n.read_at is null and n.group_key like 'conversation:%'
      and n.created_at > ${now.toISOString()}::timestamptz - interval '25 hours'
      and exists (select 1 from messages m2 where m2.conversation_id = first.conversation_id
                  and m2.sender_id <> n.user_id and m2.read_at is null
                  and m2.created_at <= ${now.toISOString()}::timestamptz - interval '1 hour'
                  and m2.created_at > ${now.toISOString()}::timestamptz - interval '24 hours')`,
  );

/** Accepted dates that start between 12 and 24 hours from now, with each participant and the other's first name. */
export const selectDatesTomorrow = (db: Execute, now: Date) =>
  selectRows(
    db,
    z.object({ plan_id: z.string(), user_id: z.string(), other_name: z.string().nullable(), starts_at: column.date }),
    sql`
    select dp.id as plan_id, who.user_id, coalesce(op.name, ou.name) as other_name, dp.starts_at
    from date_plans dp
    cross join lateral (values (dp.proposed_by, dp.invitee), (dp.invitee, dp.proposed_by)) as who(user_id, other_id)
    join "user" ou on ou.id = who.other_id left join profiles op on op.user_id = who.other_id
    where dp.status = 'accepted'
      and dp.starts_at > ${now.toISOString()}::timestamptz + interval '12 hours'
      and dp.starts_at <= ${now.toISOString()}::timestamptz + interval '24 hours'`,
  );

/** A match as its reminder needs it: its conversation and the other member's first name; undefined once unmatched. */
export const selectMatchForReminder = (db: Execute, { matchId, userId }: { matchId: string; userId: string }) =>
  selectRow(
    db,
    z.object({ conversation_id: z.string().nullable(), other_name: z.string().nullable() }),
    sql`
    select c.id as conversation_id, coalesce(op.name, ou.name) as other_name
    from matches m
    join "user" ou on ou.id = case when m.user_a = ${userId} then m.user_b else m.user_a end
    left join profiles op on op.user_id = ou.id
    left join conversations c on c.match_id = m.id
    where m.id = ${matchId} and ${userId} in (m.user_a, m.user_b)`,
  );

export const selectMatchMembers = (db: Execute, matchId: string) =>
  selectRow(
    db,
    z.object({ user_a: z.string(), user_b: z.string() }),
    sql`select user_a, user_b from matches where id = ${matchId}`,
  );

/** A past date still waiting to be verified, with the other member's first name and the conversation. */
export const selectDateToVerify = (db: Execute, { planId, userId }: { planId: string; userId: string }) =>
  selectRow(
    db,
    z.object({ conversation_id: z.string(), other_name: z.string().nullable() }),
    sql`
    select dp.conversation_id, coalesce(op.name, ou.name) as other_name
    from date_plans dp
    join conversations c on c.id = dp.conversation_id
    join "user" ou on ou.id = case when dp.proposed_by = ${userId} then dp.invitee else dp.proposed_by end
    left join profiles op on op.user_id = ou.id
    where dp.id = ${planId} and ${userId} in (dp.proposed_by, dp.invitee) and dp.status = 'accepted'
      and not c.date_verified`,
  );

/** Forgets reminders sent more than a month ago (the daily limit needs a day of them). */
export async function deleteOldReminders(db: Execute): Promise<void> {
  await db.execute(sql`delete from reminder_mail where sent_at < now() - interval '30 days'`);
}
