import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { column, selectOne, selectRow, selectRows } from '../../db/rows';

/** The check-ins module's SQL: trusted contacts and date check-ins. */

type Execute = Pick<Db, 'execute'>;

const ZContactRow = z.object({
  name: z.string(),
  email: z.string(),
  invited_at: column.timestamp,
  confirmed_at: column.timestamp.nullable(),
});

export const selectContact = (db: Execute, userId: string) =>
  selectRow(
    db,
    ZContactRow,
    sql`select name, email, invited_at, confirmed_at from trusted_contacts where user_id = ${userId}`,
  );

/** Names (or renames) the contact; a new address must be confirmed again. */
export const upsertContact = (
  db: Execute,
  c: { userId: string; name: string; email: string; tokenHash: string; now: Date },
) =>
  selectOne(
    db,
    ZContactRow,
    sql`
    insert into trusted_contacts (user_id, name, email, token_hash, invited_at)
    values (${c.userId}, ${c.name}, ${c.email}, ${c.tokenHash}, ${c.now.toISOString()})
    on conflict (user_id) do update set
      name = excluded.name, email = excluded.email, token_hash = excluded.token_hash, invited_at = excluded.invited_at,
      confirmed_at = case when trusted_contacts.email = excluded.email then trusted_contacts.confirmed_at end
    returning name, email, invited_at, confirmed_at`,
  );

export async function deleteContact(db: Execute, userId: string): Promise<void> {
  await db.execute(sql`delete from trusted_contacts where user_id = ${userId}`);
}

/** The contact follows their invitation's link: confirmed, and the member's first name for the page. */
export const confirmContactByToken = (db: Execute, tokenHash: string) =>
  selectRow(
    db,
    z.object({ user_id: z.string(), member_name: z.string().nullable() }),
    sql`
    with confirmed as (
      update trusted_contacts set confirmed_at = coalesce(confirmed_at, now())
      where token_hash = ${tokenHash} returning user_id)
    select c.user_id, coalesce(p.name, u.name) as member_name
    from confirmed c join "user" u on u.id = c.user_id left join profiles p on p.user_id = c.user_id`,
  );

/** The viewer's plan, locked, with whether they are a participant and the pair is not blocked. */
export const lockPlanForCheckIn = (tx: Execute, { viewerId, planId }: { viewerId: string; planId: string }) =>
  selectRow(
    tx,
    z.object({ id: z.string(), status: z.string(), starts_at: column.date }),
    sql`
    select dp.id, dp.status, dp.starts_at from date_plans dp
    where dp.id = ${planId} and ${viewerId} in (dp.proposed_by, dp.invitee)
      and not exists (select 1 from blocks b where (b.blocker_id = dp.proposed_by and b.blocked_id = dp.invitee)
                                              or (b.blocker_id = dp.invitee and b.blocked_id = dp.proposed_by))
    for update of dp`,
  );

const ZCheckInRow = z.object({
  id: z.string(),
  ok_nonce: z.string(),
  plan_id: z.string().nullable(),
  user_id: z.string(),
  check_at: column.date,
  grace_minutes: z.number(),
  note: z.string(),
  time_zone: z.string(),
  status: z.string(),
  asked_at: column.timestamp.nullable(),
  answered_at: column.timestamp.nullable(),
  alerted_at: column.timestamp.nullable(),
  other_name: z.string(),
  place: z.string(),
  starts_at: column.date.nullable(),
  date_ended: z.string().nullable(),
});
export type CheckInRow = z.output<typeof ZCheckInRow>;
const checkInColumns = sql`id, ok_nonce, plan_id, user_id, check_at, grace_minutes, note, time_zone, status, asked_at,
  answered_at, alerted_at, other_name, place, starts_at, date_ended`;

/** What a check-in keeps of its date when it is set: the other member's first name and photo, the place, the start. */
export type DateAsSet = { otherName: string; otherPhoto: Buffer | null; place: string; startsAt: Date };

/**
 * Sets the member's check-in for a plan: a new one, or the scheduled one moved (never one already
 * asked), with what it keeps of the date as of now.
 */
export const upsertCheckIn = (
  tx: Execute,
  c: {
    planId: string;
    userId: string;
    checkAt: Date;
    graceMinutes: number;
    note: string;
    timeZone: string;
    nonce: string;
    date: DateAsSet;
  },
) =>
  selectRow(
    tx,
    ZCheckInRow,
    sql`
    insert into date_check_ins (plan_id, user_id, check_at, grace_minutes, note, time_zone, ok_nonce,
                                other_name, other_photo, place, starts_at)
    values (${c.planId}, ${c.userId}, ${c.checkAt.toISOString()}, ${c.graceMinutes}, ${c.note}, ${c.timeZone}, ${c.nonce},
            ${c.date.otherName}, ${c.date.otherPhoto}, ${c.date.place}, ${c.date.startsAt.toISOString()})
    on conflict (plan_id, user_id) do update set
      check_at = excluded.check_at, grace_minutes = excluded.grace_minutes, note = excluded.note,
      time_zone = excluded.time_zone, ok_nonce = excluded.ok_nonce, status = 'scheduled',
      asked_at = null, answered_at = null, alerted_at = null, other_name = excluded.other_name,
      other_photo = excluded.other_photo, place = excluded.place, starts_at = excluded.starts_at, date_ended = null
    where date_check_ins.status in ('scheduled', 'cancelled', 'ok', 'unsent')
    returning ${checkInColumns}`,
  );

/** The plan's place and start, and the other member's name and main photo, for a check-in to keep. */
export const selectDateToKeep = (tx: Execute, { viewerId, planId }: { viewerId: string; planId: string }) =>
  selectRow(
    tx,
    z.object({
      place: z.string(),
      starts_at: column.date,
      other_name: z.string().nullable(),
      other_photo_key: z.string().nullable(),
    }),
    sql`
    select dp.place, dp.starts_at, coalesce(op.name, ou.name) as other_name,
           (select ph.thumb_key from photos ph where ph.user_id = ou.id order by ph.position limit 1) as other_photo_key
    from date_plans dp
    join "user" ou on ou.id = case when dp.proposed_by = ${viewerId} then dp.invitee else dp.proposed_by end
    left join profiles op on op.user_id = ou.id
    where dp.id = ${planId}`,
  );

/** The photo a check-in kept of the other member, for its alert. */
export const selectKeptPhoto = async (db: Execute, checkInId: string) =>
  (
    await selectRow(
      db,
      z.object({ other_photo: column.bytes.nullable() }),
      sql`select other_photo from date_check_ins where id = ${checkInId}`,
    )
  )?.other_photo ?? null;

export const selectMyCheckIns = (db: Execute, userId: string) =>
  selectRows(
    db,
    ZCheckInRow,
    sql`select ${checkInColumns} from date_check_ins where user_id = ${userId} order by check_at desc limit 100`,
  );

export const selectCheckIn = (db: Execute, id: string) =>
  selectRow(db, ZCheckInRow, sql`select ${checkInColumns} from date_check_ins where id = ${id}`);

export type CheckInStatus = 'asked' | 'ok' | 'alerted' | 'unsent' | 'cancelled';

/**
 * Moves check-ins from one of the given states to another; the rows moved. `where` narrows them
 * (by owner, by plan, by token). A check-in that is over forgets the photo it kept.
 */
export const moveCheckIns = (
  tx: Execute,
  { where, from, to }: { where: ReturnType<typeof sql>; from: string[]; to: CheckInStatus },
) => {
  const stamp = {
    asked: sql`asked_at = now()`,
    ok: sql`answered_at = now(), other_photo = null`,
    alerted: sql`alerted_at = now()`,
    unsent: sql`alerted_at = null`,
    cancelled: sql`other_photo = null`,
  }[to];
  return selectRows(
    tx,
    ZCheckInRow,
    sql`
    update date_check_ins set status = ${to}, ${stamp}
    where ${where} and status in (${sql.join(
      from.map((state) => sql`${state}`),
      sql`, `,
    )})
    returning ${checkInColumns}`,
  );
};

export const byId = (id: string, userId: string) => sql`id = ${id} and user_id = ${userId}`;
export const byPlan = (planId: string) => sql`plan_id = ${planId}`;
/** Every check-in of a date between these two members. */
export const byPair = (a: string, b: string) => sql`plan_id in (
  select id from date_plans where (proposed_by = ${a} and invitee = ${b}) or (proposed_by = ${b} and invitee = ${a}))`;
/** Every check-in of a date in this conversation. */
export const byConversation = (conversationId: string) =>
  sql`plan_id in (select id from date_plans where conversation_id = ${conversationId})`;
/** Every check-in of a date with this member, set by someone else. */
export const byOthersOf = (memberId: string) => sql`user_id <> ${memberId} and plan_id in (
  select id from date_plans where proposed_by = ${memberId} or invitee = ${memberId})`;

/**
 * Marks the waiting check-ins of dates that are off (cancelled, or the match ended) without
 * touching their state: they still ask and alert. The rows, so their owners can be told.
 */
export const markDatesEnded = (
  tx: Execute,
  { where, why }: { where: ReturnType<typeof sql>; why: 'cancelled' | 'ended' },
) =>
  selectRows(
    tx,
    ZCheckInRow,
    sql`
    update date_check_ins set date_ended = coalesce(date_ended, ${why})
    where ${where} and status in ('scheduled', 'asked')
    returning ${checkInColumns}`,
  );

/** Who the check-in's mails go to: the member (address and name) and the contact confirmed now, if any. */
export const selectCheckInPeople = (db: Execute, checkInId: string) =>
  selectRow(
    db,
    z.object({
      member_name: z.string().nullable(),
      member_email: z.string(),
      contact_name: z.string().nullable(),
      contact_email: z.string().nullable(),
    }),
    sql`
    select coalesce(mp.name, mu.name) as member_name, mu.email as member_email,
           tc.name as contact_name, tc.email as contact_email
    from date_check_ins ci
    join "user" mu on mu.id = ci.user_id left join profiles mp on mp.user_id = ci.user_id
    left join trusted_contacts tc on tc.user_id = ci.user_id and tc.confirmed_at is not null
    where ci.id = ${checkInId}`,
  );
