import { createHash, randomBytes } from 'node:crypto';
import { onlyRow } from '../../db/rows';
import { eq } from 'drizzle-orm';
import { firstName } from '../../../../contracts/profile';
import { type TDatePlan, type TSharedDate } from '../../../../contracts/trust';
import type { Db } from '../../db/client';
import { datePlans, dateShares } from '../../db/schema';
import type { Deps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { requireParticipant } from '../messages/messages.service';
import { notify } from '../notifications/notifications.service';
import { byPlan } from '../check-ins/check-ins.queries';
import { keepCheckInsOfEndedDates } from '../check-ins/check-ins.service';
import { enqueueDateToVerifyReminder } from '../reminders/reminders.service';
import { announceDateChange } from './date-verification.service';
import { otherMember } from '../profiles/names';
import { timeToken } from '../../../../contracts/times';
import { markVerifyInvites, revokePlanShares, selectPlans, selectPlanToShare, selectSharedPlan } from './dates.queries';

/** A shared link works until the date is over, six hours after it starts (and never longer than 14 days). */
export const SHARE_AFTER_START_MS = 6 * 3_600_000;
const SHARE_MAX_MS = 14 * 24 * 3_600_000;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function requireFuture(startsAt: Date, now = new Date()) {
  if (!(startsAt.getTime() > now.getTime()))
    throw new AppError('BAD_REQUEST', 'Choose a time in the future.', { startsAt: 'Choose a time in the future.' });
}

/** A proposal (a first one or a counter), for a time still to come. */
async function insertPlan(
  db: Pick<Db, 'insert'>,
  plan: { conversationId: string; proposedBy: string; invitee: string; startsAt: string; place: string },
) {
  const startsAt = new Date(plan.startsAt);
  requireFuture(startsAt);
  const row = onlyRow(
    await db
      .insert(datePlans)
      .values({ ...plan, startsAt })
      .returning(),
  );
  return row;
}

// Shown in each reader's own time zone (contracts/times.ts).
const when = timeToken;

export async function proposeDate(
  db: Db,
  viewerId: string,
  input: { conversationId: string; startsAt: string; place: string },
): Promise<TDatePlan> {
  const { otherId } = await requireParticipant(db, { viewerId, conversationId: input.conversationId });
  const plan = await insertPlan(db, { ...input, proposedBy: viewerId, invitee: otherId });
  await notify(db, otherId, {
    type: 'date',
    title: 'A date is proposed',
    message: `${when(plan.startsAt)} at ${input.place}. Accept it, or propose another time.`,
    link: '/calendar',
  });
  await announceDateChange(db, [viewerId, otherId], input.conversationId);
  return (await listPlans(db, viewerId, plan.id))[0]!;
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
      const counter = await insertPlan(tx, {
        conversationId: row.conversationId,
        proposedBy: viewerId,
        invitee: row.proposedBy,
        startsAt: answer.startsAt,
        place: answer.place,
      });
      await tx.update(datePlans).set({ status: 'replaced', replacedBy: counter.id }).where(eq(datePlans.id, planId));
      return { ...counter, answered: 'counter' as const, to: row.proposedBy };
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

/**
 * Either of the two calls a proposed or accepted date off. A check-in set for it stays on until
 * its owner turns it off (she is told), and a 'Share my date' link dies (it shows accepted dates
 * only).
 */
export async function cancelPlan(db: Db, viewerId: string, planId: string): Promise<TDatePlan[]> {
  const plan = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(datePlans).where(eq(datePlans.id, planId)).for('update');
    if (!row || (row.invitee !== viewerId && row.proposedBy !== viewerId))
      throw new AppError('NOT_FOUND', 'That date does not exist.');
    if (row.status !== 'proposed' && row.status !== 'accepted')
      throw new AppError('CONFLICT', 'Only a proposed or accepted date can be cancelled.');
    await tx.update(datePlans).set({ status: 'cancelled' }).where(eq(datePlans.id, planId));
    await keepCheckInsOfEndedDates(tx, { where: byPlan(planId), why: 'cancelled', by: viewerId });
    return { ...row, other: row.invitee === viewerId ? row.proposedBy : row.invitee };
  });
  await notify(db, plan.other, {
    type: 'date',
    title: 'Date cancelled',
    message: `${when(plan.startsAt)} at ${plan.place} is off.`,
    link: '/calendar',
  });
  await announceDateChange(db, [viewerId, plan.other], plan.conversationId);
  return listPlans(db, viewerId);
}

/** The member's plans (all but replaced ones), soonest first, with each date's verification state; or one of them. */
export async function listPlans(db: Db, viewerId: string, planId?: string): Promise<TDatePlan[]> {
  const rows = await selectPlans(db, { viewerId, planId });
  return rows.map((row) => ({
    id: row.id,
    conversationId: row.conversation_id,
    other: otherMember(row),
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
  const plan = await selectPlanToShare(db, { viewerId, planId });
  if (!plan || plan.blocked) throw new AppError('NOT_FOUND', 'That date does not exist.');
  await requireParticipant(db, { viewerId, conversationId: plan.conversation_id });
  if (plan.status !== 'accepted') throw new AppError('CONFLICT', 'Only an accepted date can be shared.');
  const end = plan.starts_at.getTime() + SHARE_AFTER_START_MS;
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
  return { revoked: await revokePlanShares(db, { viewerId, planId }) };
}

/** A live link's date: accepted, not over, not revoked, and the two still matched and not blocked. */
async function sharedPlan(db: Pick<Db, 'execute'>, token: string) {
  const row = await selectSharedPlan(db, hashToken(token));
  if (!row) throw new AppError('NOT_FOUND', 'This link has expired or does not exist.');
  return row;
}

/** What the friend sees: the match's first name and main photo, the time and the place. Nothing else. */
export async function readSharedDate(db: Db, token: string): Promise<TSharedDate> {
  const row = await sharedPlan(db, token);
  return {
    firstName: firstName(row.name),
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
  const rows = await markVerifyInvites(db, { now, startedBefore: new Date(now.getTime() - 2 * 3_600_000) });
  for (const plan of rows) {
    // Whoever is away hears of it by mail too (reminders).
    await enqueueDateToVerifyReminder(db, plan.id, [plan.proposed_by, plan.invitee]);
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
