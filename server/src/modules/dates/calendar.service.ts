import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { ZDatePlan, type TDatePlan, type TSharedDate } from '../../../../contracts/trust';
import type { Db } from '../../db/client';
import { datePlans, dateShares } from '../../db/schema';
import type { Deps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { requireParticipant } from '../messages/messages.service';
import { notify } from '../notifications/notifications.service';
import { announceDateChange } from './date-verification.service';
import { blockedBetween } from '../safety/blocks';
import { displayName } from '../profiles/names';
import { timeToken } from '../../../../contracts/times';
import { z } from 'zod';
import { column, selectRows } from '../../db/rows';

/** A shared link works until the date is over, six hours after it starts (and never longer than 14 days). */
export const SHARE_AFTER_START_MS = 6 * 3_600_000;
const SHARE_MAX_MS = 14 * 24 * 3_600_000;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function requireFuture(startsAt: Date, now = new Date()) {
  if (!(startsAt.getTime() > now.getTime()))
    throw new AppError('BAD_REQUEST', 'Choose a time in the future.', { startsAt: 'Choose a time in the future.' });
}

// Shown in each reader's own time zone (contracts/times.ts).
const when = timeToken;

export async function proposeDate(
  db: Db,
  viewerId: string,
  input: { conversationId: string; startsAt: string; place: string },
): Promise<TDatePlan> {
  const { otherId } = await requireParticipant(db, { viewerId, conversationId: input.conversationId });
  const startsAt = new Date(input.startsAt);
  requireFuture(startsAt);
  const [plan] = await db
    .insert(datePlans)
    .values({
      conversationId: input.conversationId,
      proposedBy: viewerId,
      invitee: otherId,
      startsAt,
      place: input.place,
    })
    .returning();
  await notify(db, otherId, {
    type: 'date',
    title: 'A date is proposed',
    message: `${when(startsAt)} at ${input.place}. Accept it, or propose another time.`,
    link: '/calendar',
  });
  await announceDateChange(db, [viewerId, otherId], input.conversationId);
  return (await listPlans(db, viewerId, plan!.id))[0]!;
}

/** The invitee answers a proposal: accept, decline, or another time (which becomes a new proposal). */
export async function respondToDate(
  db: Db,
  viewerId: string,
  planId: string,
  answer: { action: 'accept' | 'decline' } | { action: 'counter'; startsAt: string; place: string },
): Promise<TDatePlan[]> {
  const plan = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(datePlans).where(eq(datePlans.id, planId)).for('update');
    if (!row || (row.invitee !== viewerId && row.proposedBy !== viewerId))
      throw new AppError('NOT_FOUND', 'That date does not exist.');
    await requireParticipant(tx, { viewerId, conversationId: row.conversationId });
    if (row.invitee !== viewerId) throw new AppError('FORBIDDEN', 'The other person answers this proposal.');
    if (row.status !== 'proposed') throw new AppError('CONFLICT', 'This proposal has already been answered.');
    if (answer.action === 'counter') {
      const startsAt = new Date(answer.startsAt);
      requireFuture(startsAt);
      const [counter] = await tx
        .insert(datePlans)
        .values({
          conversationId: row.conversationId,
          proposedBy: viewerId,
          invitee: row.proposedBy,
          startsAt,
          place: answer.place,
        })
        .returning();
      await tx.update(datePlans).set({ status: 'replaced', replacedBy: counter!.id }).where(eq(datePlans.id, planId));
      return { ...counter!, answered: 'counter' as const, to: row.proposedBy };
    }
    const status = answer.action === 'accept' ? 'accepted' : 'declined';
    await tx.update(datePlans).set({ status }).where(eq(datePlans.id, planId));
    return { ...row, answered: answer.action, to: row.proposedBy };
  });
  const titles = { accept: 'Date accepted', decline: 'Date declined', counter: 'Another time proposed' } as const;
  await notify(db, plan.to, {
    type: 'date',
    title: titles[plan.answered],
    message: `${when(plan.startsAt)} at ${plan.place}.`,
    link: '/calendar',
  });
  await announceDateChange(db, [viewerId, plan.to], plan.conversationId);
  return listPlans(db, viewerId);
}

/** The member's plans (all but replaced ones), soonest first, with each date's verification state; or one of them. */
export async function listPlans(db: Db, viewerId: string, planId?: string): Promise<TDatePlan[]> {
  const shape = z.object({
    id: z.string(),
    conversation_id: z.string(),
    other_id: z.string(),
    name: z.string().nullable(),
    proposed_by: z.string(),
    starts_at: column.timestamp,
    place: z.string(),
    status: ZDatePlan.shape.status,
    date_status: ZDatePlan.shape.dateStatus.nullable(),
    sharing: z.boolean(),
    rated_by_me: z.boolean(),
  });
  const rows = await selectRows(
    db,
    shape,
    sql`
    select d.id, d.conversation_id, o.other_id, coalesce(p.name, u.name) as name, d.proposed_by, d.starts_at, d.place, d.status,
           (select v.status from date_verifications v where v.conversation_id = d.conversation_id order by v.created_at desc limit 1) as date_status,
           exists (select 1 from date_shares s where s.plan_id = d.id and s.created_by = ${viewerId} and s.revoked_at is null and s.expires_at > now()) as sharing,
           exists (select 1 from reviews r where r.conversation_id = d.conversation_id and r.reviewer_id = ${viewerId}) as rated_by_me
    from date_plans d
    cross join lateral (select case when d.proposed_by = ${viewerId} then d.invitee else d.proposed_by end as other_id) o
    join "user" u on u.id = o.other_id left join profiles p on p.user_id = o.other_id
    where (d.proposed_by = ${viewerId} or d.invitee = ${viewerId}) and d.status <> 'replaced' ${planId ? sql`and d.id = ${planId}` : sql``}
      and not ${blockedBetween(viewerId, sql`o.other_id`)}
    order by d.starts_at`,
  );
  return rows.map((row) => ({
    id: row.id,
    conversationId: row.conversation_id,
    other: { userId: row.other_id, name: displayName(row.name) },
    proposedByMe: row.proposed_by === viewerId,
    startsAt: row.starts_at,
    place: row.place,
    status: row.status,
    dateStatus: row.date_status ?? 'none',
    sharing: row.sharing && row.status === 'accepted',
    ratedByMe: row.rated_by_me,
  }));
}

/**
 * 'Share my date': a read-only link for a trusted friend, to an accepted date that is not over.
 * The token is shown once; only its hash is stored. The link shows the match's main photo as it
 * is now (a later upload is not shown), and dies with a decline, a block, an unmatch (the plan
 * goes with the conversation), the sharer's revocation, or the date's end.
 */
export async function shareDate(
  db: Db,
  viewerId: string,
  planId: string,
): Promise<{ path: string; expiresAt: string }> {
  const { rows } = await db.execute<{
    conversation_id: string;
    status: string;
    starts_at: Date | string;
    other_id: string;
    blocked: boolean;
    photo_key: string | null;
  }>(sql`
    select d.conversation_id, d.status, d.starts_at, o.other_id, ${blockedBetween(sql`o.other_id`, viewerId)} as blocked,
           (select ph.large_key from photos ph where ph.user_id = o.other_id order by ph.position limit 1) as photo_key
    from date_plans d cross join lateral (select case when d.proposed_by = ${viewerId} then d.invitee else d.proposed_by end as other_id) o
    where d.id = ${planId} and (d.proposed_by = ${viewerId} or d.invitee = ${viewerId})`);
  const plan = rows[0];
  if (!plan || plan.blocked) throw new AppError('NOT_FOUND', 'That date does not exist.');
  await requireParticipant(db, { viewerId, conversationId: plan.conversation_id });
  if (plan.status !== 'accepted') throw new AppError('CONFLICT', 'Only an accepted date can be shared.');
  const end = new Date(plan.starts_at).getTime() + SHARE_AFTER_START_MS;
  if (end <= Date.now()) throw new AppError('CONFLICT', 'This date is over.');
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(Math.min(end, Date.now() + SHARE_MAX_MS));
  await db
    .insert(dateShares)
    .values({ tokenHash: hashToken(token), planId, createdBy: viewerId, expiresAt, photoKey: plan.photo_key });
  return { path: `/shared-date/${token}`, expiresAt: expiresAt.toISOString() };
}

/** The sharer stops every link they made to this date. */
export async function revokeShares(db: Db, viewerId: string, planId: string): Promise<{ revoked: number }> {
  const { rows } = await db.execute<{ token_hash: string }>(sql`
    update date_shares set revoked_at = now() where plan_id = ${planId} and created_by = ${viewerId} and revoked_at is null returning token_hash`);
  return { revoked: rows.length };
}

/** A live link's date: accepted, not over, not revoked, and the two still matched and not blocked. */
async function sharedPlan(db: Pick<Db, 'execute'>, token: string) {
  const shape = z.object({
    name: z.string().nullable(),
    starts_at: column.timestamp,
    place: z.string(),
    expires_at: column.timestamp,
    photo_key: z.string().nullable(),
  });
  const rows = await selectRows(
    db,
    shape,
    sql`
    select p.name, d.starts_at, d.place, s.expires_at, s.photo_key
    from date_shares s join date_plans d on d.id = s.plan_id
    cross join lateral (select case when d.proposed_by = s.created_by then d.invitee else d.proposed_by end as other_id) o
    left join profiles p on p.user_id = o.other_id
    where s.token_hash = ${hashToken(token)} and s.expires_at > now() and s.revoked_at is null and d.status = 'accepted'
      and not ${blockedBetween(sql`o.other_id`, sql`s.created_by`)}`,
  );
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND', 'This link has expired or does not exist.');
  return row;
}

/** What the friend sees: the match's first name and main photo, the time and the place. Nothing else. */
export async function readSharedDate(db: Db, token: string): Promise<TSharedDate> {
  const row = await sharedPlan(db, token);
  return {
    firstName: row.name?.trim().split(/\s+/)[0] || 'Anonymous',
    photoUrl: row.photo_key ? `/api/shared-dates/${token}/photo` : null,
    startsAt: row.starts_at,
    place: row.place,
    expiresAt: row.expires_at,
  };
}

export async function readSharedDatePhoto(deps: Pick<Deps, 'database' | 'storage'>, token: string): Promise<Buffer> {
  const row = await sharedPlan(deps.database.db, token);
  const bytes = row.photo_key ? await deps.storage.get(row.photo_key) : null;
  if (!bytes) throw new AppError('NOT_FOUND', 'No photo.');
  return bytes;
}

/**
 * Once an accepted date's time has passed (plus two hours for the date itself), both are
 * invited, once, to verify it. Run by the server's sweep; `now` is a parameter for tests.
 */
export async function inviteToVerifyPastDates(db: Db, now = new Date()): Promise<number> {
  const { rows } = await db.execute<{ id: string; conversation_id: string; proposed_by: string; invitee: string }>(sql`
    update date_plans set verify_invited_at = ${now}
    where status = 'accepted' and verify_invited_at is null and starts_at < ${new Date(now.getTime() - 2 * 3_600_000)}
      and not exists (select 1 from date_verifications v where v.conversation_id = date_plans.conversation_id and v.status = 'confirmed')
    returning id, conversation_id, proposed_by, invitee`);
  for (const plan of rows) {
    for (const userId of [plan.proposed_by, plan.invitee]) {
      await notify(db, userId, {
        type: 'date',
        title: 'How did your date go?',
        message: 'Verify it with a photo of the two of you, and you can both rate it.',
        link: `/messages?conversation=${plan.conversation_id}&verify=1`,
      });
    }
  }
  return rows.length;
}
