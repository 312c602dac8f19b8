import { eq } from 'drizzle-orm';
import { REPORT_OUTCOMES, STANDARD_WARNING, type TCaseDecision } from '../../../../contracts/admin';
import { moderationCases } from '../../db/schema';
import type { Deps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { appendSecurityLog } from '../audit/security-log';
import { notify } from '../notifications/notifications.service';
import { markLeaverBanned } from '../safety/prints.queries';
import { enqueueReportOutcomeReminder } from '../reminders/reminders.service';
import { setBanned } from './users.service';

/**
 * An administrator's decision on a case: dismiss, warn, suspend for N days, or ban. The case
 * closes with the moderator's internal note, which no member ever reads: the reporter is told the
 * decision's policy text, the subject is warned with the standard text or blocked, and the
 * decision is logged with its before and after.
 */
export async function resolveCase(
  deps: Pick<Deps, 'database' | 'hub'>,
  { adminId, caseId }: { adminId: string; caseId: string },
  input: TCaseDecision,
): Promise<void> {
  const { db } = deps.database;
  const status = input.decision === 'dismiss' ? 'dismissed' : 'actioned';
  const resolved = await db.transaction(async (tx) => {
    const [open] = await tx.select().from(moderationCases).where(eq(moderationCases.id, caseId)).for('update');
    if (!open) throw new AppError('NOT_FOUND', 'No such case.');
    if (open.status !== 'open') throw new AppError('CONFLICT', 'This case has already been decided.');
    const now = new Date();
    await tx
      .update(moderationCases)
      .set({ status, decision: input.decision, outcomeNote: input.note, resolvedAt: now, resolvedBy: adminId })
      .where(eq(moderationCases.id, caseId));
    await appendSecurityLog(tx, {
      eventType: 'case_resolved',
      severity: input.decision === 'ban' || input.decision === 'suspend' ? 'high' : 'info',
      actorId: adminId,
      details: {
        target: open.subjectId,
        caseId,
        kind: open.kind,
        before: { status: open.status },
        after: { status, decision: input.decision, note: input.note, suspendDays: input.suspendDays ?? null },
      },
    });
    // Banning a member who already deleted their account: their mailbox can no longer register,
    // and the prints of their pictures are kept as a banned member's.
    if (!open.subjectId && open.subjectTombstone && input.decision === 'ban')
      await markLeaverBanned(tx, open.subjectTombstone.userId);
    return open;
  });
  // A subject who deleted their account has nothing left to ban or warn: the decision is recorded,
  // and their return is watched for (safety/returning.ts).
  if (resolved.subjectId && (input.decision === 'suspend' || input.decision === 'ban')) {
    await setBanned(
      deps,
      { adminId, userId: resolved.subjectId },
      {
        banned: true,
        reason: input.note,
        days: input.decision === 'suspend' ? input.suspendDays : undefined,
      },
    ).catch((error: unknown) => {
      if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
    });
  }
  // The note is internal; the warned member gets the standard warning.
  if (resolved.subjectId && input.decision === 'warn') {
    await notify(db, resolved.subjectId, {
      type: 'report_outcome',
      title: STANDARD_WARNING.title,
      message: STANDARD_WARNING.message,
      link: '/community-guidelines',
    });
  }
  if (resolved.kind === 'report' && resolved.openedBy) {
    await notify(db, resolved.openedBy, {
      type: 'report_outcome',
      title: `Your report: ${REPORT_OUTCOMES[input.decision].title}`,
      message: REPORT_OUTCOMES[input.decision].message,
      link: '/settings',
    });
    await enqueueReportOutcomeReminder(db, new Date(), caseId, resolved.openedBy);
  }
}
