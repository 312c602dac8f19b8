import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { ZDatePlan } from '../../../../contracts/trust';
import type { Db } from '../../db/client';
import { otherMemberOf, otherMemberColumns } from '../../db/pairs';
import { column, selectRow, selectRows } from '../../db/rows';
import { blockedBetween } from '../safety/blocks';

/**
 * The dates module's SQL (ratings, the history of verified dates, plans and their shared links,
 * date photos). Every statement's rows are checked against their declared shape (db/rows.ts).
 */

type Execute = Pick<Db, 'execute'>;
type Participation = { viewerId: string; conversationId: string };

/** The conversation as a rating sees it; undefined for anyone but its two members, or between a blocked pair. */
export async function selectRatingContext(db: Execute, { viewerId, conversationId }: Participation) {
  return selectRow(
    db,
    z.object({
      other_id: z.string(),
      other_name: z.string().nullable(),
      date_verified: z.boolean(),
      both_verified: z.boolean(),
    }),
    sql`
    select o.other_id, coalesce(p.name, u.name) as other_name, c.date_verified,
           (select bool_and(selfie_verified) = true and count(*) = 2 from profiles where user_id in (c.user_a, c.user_b)) as both_verified
    from conversations c
    cross join lateral (select ${otherMemberOf('c', viewerId)} as other_id) o
    join "user" u on u.id = o.other_id left join profiles p on p.user_id = o.other_id
    where c.id = ${conversationId} and (c.user_a = ${viewerId} or c.user_b = ${viewerId})
      and not ${blockedBetween(sql`c.user_a`, sql`c.user_b`)}`,
  );
}

/** Serialises the ratings of one conversation until the transaction ends. */
export async function lockConversationRatings(tx: Execute, conversationId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`reviews:${conversationId}`}))`);
}

/** Verified dates, newest first, with where their ratings stand. */
export const selectDateHistory = (db: Execute, viewerId: string) =>
  selectRows(
    db,
    z.object({
      id: z.string(),
      ...otherMemberColumns,
      verified_at: column.timestamp.nullable(),
      rated: z.boolean(),
      revealed: z.boolean(),
    }),
    sql`
    select c.id, o.other_id, coalesce(p.name, u.name) as name,
           (select max(decided_at) from date_verifications v where v.conversation_id = c.id and v.status = 'confirmed') as verified_at,
           exists (select 1 from reviews r where r.conversation_id = c.id and r.reviewer_id = ${viewerId}) as rated,
           exists (select 1 from reviews r where r.conversation_id = c.id and r.reviewer_id = o.other_id and r.revealed_at is not null) as revealed
    from conversations c
    cross join lateral (select ${otherMemberOf('c', viewerId)} as other_id) o
    join "user" u on u.id = o.other_id left join profiles p on p.user_id = o.other_id
    where (c.user_a = ${viewerId} or c.user_b = ${viewerId}) and c.date_verified
      and not ${blockedBetween(sql`c.user_a`, sql`c.user_b`)}
    order by verified_at desc nulls last`,
  );

/** The other member of a plan, seen from the viewer (d: the plan's row). */
const planOtherMember = (viewerId: string) =>
  sql`cross join lateral (select case when d.proposed_by = ${viewerId} then d.invitee else d.proposed_by end as other_id) o`;

/** The member's plans (all but replaced ones), soonest first, with each date's verification state; or one of them. */
export const selectPlans = (db: Execute, { viewerId, planId }: { viewerId: string; planId?: string }) =>
  selectRows(
    db,
    z.object({
      id: z.string(),
      conversation_id: z.string(),
      ...otherMemberColumns,
      proposed_by: z.string(),
      starts_at: column.timestamp,
      place: z.string(),
      status: ZDatePlan.shape.status,
      date_status: ZDatePlan.shape.dateStatus.nullable(),
      sharing: z.boolean(),
      rated_by_me: z.boolean(),
    }),
    sql`
    select d.id, d.conversation_id, o.other_id, coalesce(p.name, u.name) as name, d.proposed_by, d.starts_at, d.place, d.status,
           (select v.status from date_verifications v where v.conversation_id = d.conversation_id order by v.created_at desc limit 1) as date_status,
           exists (select 1 from date_shares s where s.plan_id = d.id and s.created_by = ${viewerId} and s.revoked_at is null and s.expires_at > now()) as sharing,
           exists (select 1 from reviews r where r.conversation_id = d.conversation_id and r.reviewer_id = ${viewerId}) as rated_by_me
    from date_plans d
    ${planOtherMember(viewerId)}
    join "user" u on u.id = o.other_id left join profiles p on p.user_id = o.other_id
    where (d.proposed_by = ${viewerId} or d.invitee = ${viewerId}) and d.status <> 'replaced' ${planId ? sql`and d.id = ${planId}` : sql``}
      and not ${blockedBetween(viewerId, sql`o.other_id`)}
    order by d.starts_at`,
  );

/** One of the viewer's plans as sharing sees it: its state, time, whether the pair is blocked, and the match's main photo now. */
export async function selectPlanToShare(db: Execute, { viewerId, planId }: { viewerId: string; planId: string }) {
  return selectRow(
    db,
    z.object({
      conversation_id: z.string(),
      status: z.string(),
      starts_at: column.date,
      other_id: z.string(),
      blocked: z.boolean(),
      photo_key: z.string().nullable(),
    }),
    sql`
    select d.conversation_id, d.status, d.starts_at, o.other_id, ${blockedBetween(sql`o.other_id`, viewerId)} as blocked,
           (select ph.large_key from photos ph where ph.user_id = o.other_id order by ph.position limit 1) as photo_key
    from date_plans d ${planOtherMember(viewerId)}
    where d.id = ${planId} and (d.proposed_by = ${viewerId} or d.invitee = ${viewerId})`,
  );
}

/** Stops every link the viewer made to this plan; how many were live. */
export async function revokePlanShares(db: Execute, { viewerId, planId }: { viewerId: string; planId: string }) {
  const rows = await selectRows(
    db,
    z.object({ token_hash: z.string() }),
    sql`
    update date_shares set revoked_at = now() where plan_id = ${planId} and created_by = ${viewerId} and revoked_at is null returning token_hash`,
  );
  return rows.length;
}

/** A live link's date: accepted, not over, not revoked, and the two still matched and not blocked. */
export async function selectSharedPlan(db: Execute, tokenHash: string) {
  return selectRow(
    db,
    z.object({
      name: z.string().nullable(),
      starts_at: column.timestamp,
      place: z.string(),
      expires_at: column.timestamp,
      photo_key: z.string().nullable(),
    }),
    sql`
    select p.name, d.starts_at, d.place, s.expires_at,
           -- Her photo goes when she hides her profile, as it does from everyone but her matches.
           case when coalesce(p.hidden, false) then null else s.photo_key end as photo_key
    from date_shares s join date_plans d on d.id = s.plan_id
    cross join lateral (select case when d.proposed_by = s.created_by then d.invitee else d.proposed_by end as other_id) o
    left join profiles p on p.user_id = o.other_id
    where s.token_hash = ${tokenHash} and s.expires_at > now() and s.revoked_at is null and d.status = 'accepted'
      and not ${blockedBetween(sql`o.other_id`, sql`s.created_by`)}`,
  );
}

/** Marks accepted dates that started before `startedBefore` and are not verified as invited to verify, once; the plans marked. */
export const markVerifyInvites = (db: Execute, { now, startedBefore }: { now: Date; startedBefore: Date }) =>
  selectRows(
    db,
    z.object({ id: z.string(), conversation_id: z.string(), proposed_by: z.string(), invitee: z.string() }),
    sql`
    update date_plans set verify_invited_at = ${now}
    where status = 'accepted' and verify_invited_at is null and starts_at < ${startedBefore}
      and not exists (select 1 from date_verifications v where v.conversation_id = date_plans.conversation_id and v.status = 'confirmed')
    returning id, conversation_id, proposed_by, invitee`,
  );

/** A date photo's storage key and the conversation's two members. */
export async function selectDatePhoto(db: Execute, verificationId: string) {
  return selectRow(
    db,
    z.object({ photo_key: z.string(), user_a: z.string(), user_b: z.string() }),
    sql`
    select v.photo_key, c.user_a, c.user_b from date_verifications v join conversations c on c.id = v.conversation_id where v.id = ${verificationId}`,
  );
}
