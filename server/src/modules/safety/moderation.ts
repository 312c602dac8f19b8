import type { Db } from '../../db/client';
import { moderationCases, type SnapshotMessage } from '../../db/schema';
import { appendSecurityLog } from '../audit/security-log';
import { sealOf } from './snapshot';

type CaseInput = {
  kind: 'report' | 'safety_rating' | 'date_dispute';
  subjectId: string;
  openedBy: string;
  reason: string;
  details: string;
  source: string;
  evidence?: SnapshotMessage[];
  clientKey?: string;
};

/**
 * Opens a moderation case, sealing its evidence, with the security-log entry that goes with
 * it, in the caller's transaction. Returns null when the client key was already used.
 */
export async function openModerationCase(
  tx: Pick<Db, 'insert' | 'execute'>,
  input: CaseInput,
  log: { eventType: string; severity: 'info' | 'warning' | 'high'; details: Record<string, unknown> },
): Promise<string | null> {
  const evidence = input.evidence ?? [];
  const [opened] = await tx
    .insert(moderationCases)
    .values({ ...input, evidence, evidenceSha256: sealOf(evidence) })
    .onConflictDoNothing()
    .returning({ id: moderationCases.id });
  if (!opened) return null;
  await appendSecurityLog(tx, {
    eventType: log.eventType,
    severity: log.severity,
    actorId: input.openedBy,
    details: { caseId: opened.id, ...log.details },
  });
  return opened.id;
}
