import { and, eq, sql } from 'drizzle-orm';
import {
  CASE_STATUSES,
  PAST_MATCH_DAYS,
  REPORT_REASONS,
  type ReportReason,
  type TAdminReport,
  type TBlockedMember,
  type TMyReport,
  type TPastMatch,
  type ZReportInput,
} from '../../../../contracts/safety';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { blocks, moderationCases, pastMatches, type SnapshotMessage } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { publish } from '../../realtime/hub';
import { openModerationCase } from './moderation';
import { sealOf, snapshotConversation } from './snapshot';
import { displayName } from '../profiles/names';
import { otherMemberOf } from '../../db/pairs';
import { column, selectRows } from '../../db/rows';

async function requireOtherMember(db: Pick<Db, 'execute'>, viewerId: string, otherId: string): Promise<void> {
  if (viewerId === otherId) throw new AppError('BAD_REQUEST', 'You cannot do that to yourself.');
  const { rows } = await db.execute(sql`select 1 from "user" where id = ${otherId}`);
  if (rows.length === 0) throw new AppError('NOT_FOUND', 'That member does not exist.');
}

/** The conversation between two members, if they are (still) matched. */
async function conversationBetween(db: Pick<Db, 'execute'>, a: string, b: string): Promise<string | null> {
  const [userA, userB] = a < b ? [a, b] : [b, a];
  const { rows } = await db.execute<{ id: string }>(
    sql`select id from conversations where user_a = ${userA} and user_b = ${userB}`,
  );
  return rows[0]?.id ?? null;
}

/**
 * Blocks a member. Saved, so both vanish from each other's discovery, matches and chat;
 * blocking twice is the same as once. Both sides' open screens drop the conversation.
 */
export async function blockMember(db: Db, viewerId: string, otherId: string): Promise<void> {
  await requireOtherMember(db, viewerId, otherId);
  const inserted = await db
    .insert(blocks)
    .values({ blockerId: viewerId, blockedId: otherId })
    .onConflictDoNothing()
    .returning();
  if (inserted.length)
    await publish(db, [viewerId, otherId], {
      type: 'conversation-closed',
      conversationId: await conversationBetween(db, viewerId, otherId),
    });
}

export async function unblockMember(db: Db, viewerId: string, otherId: string): Promise<void> {
  const removed = await db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, viewerId), eq(blocks.blockedId, otherId)))
    .returning();
  if (removed.length === 0) throw new AppError('NOT_FOUND', 'That member is not blocked.');
  await publish(db, [viewerId, otherId], { type: 'conversation-closed', conversationId: null });
}

export async function listBlocked(db: Db, viewerId: string): Promise<TBlockedMember[]> {
  const shape = z.object({ user_id: z.string(), name: z.string().nullable(), created_at: column.timestamp });
  const rows = await selectRows(
    db,
    shape,
    sql`
    select b.blocked_id as user_id, coalesce(p.name, u.name) as name, b.created_at
    from blocks b join "user" u on u.id = b.blocked_id left join profiles p on p.user_id = b.blocked_id
    where b.blocker_id = ${viewerId} order by b.created_at desc`,
  );
  return rows.map((row) => ({ userId: row.user_id, name: displayName(row.name), blockedAt: row.created_at }));
}

/**
 * Ends a match: the match, its conversation and messages go for both members. The last
 * messages are sealed into a past match kept 30 days, so either side can still report.
 * A retried unmatch finds its own past match and answers the same.
 */
export async function unmatch(db: Db, viewerId: string, matchId: string): Promise<{ pastMatchId: string }> {
  const result = await db.transaction(async (tx) => {
    const { rows } = await tx.execute<{
      user_a: string;
      user_b: string;
      created_at: Date | string;
      conversation_id: string | null;
    }>(sql`
      select m.user_a, m.user_b, m.created_at, c.id as conversation_id
      from matches m left join conversations c on c.match_id = m.id
      where m.id = ${matchId} and (m.user_a = ${viewerId} or m.user_b = ${viewerId})
      for update of m`);
    const match = rows[0];
    if (!match) {
      const [done] = await tx
        .select({ id: pastMatches.id })
        .from(pastMatches)
        .where(
          and(
            eq(pastMatches.matchId, matchId),
            sql`(${pastMatches.userA} = ${viewerId} or ${pastMatches.userB} = ${viewerId})`,
          ),
        );
      if (done) return { pastMatchId: done.id, closed: null };
      throw new AppError('NOT_FOUND', 'That match does not exist.');
    }
    const snapshot = match.conversation_id ? await snapshotConversation(tx, match.conversation_id) : [];
    const [past] = await tx
      .insert(pastMatches)
      .values({
        matchId,
        userA: match.user_a,
        userB: match.user_b,
        unmatchedBy: viewerId,
        matchedAt: new Date(match.created_at),
        expiresAt: sql`now() + make_interval(days => ${PAST_MATCH_DAYS})`,
        snapshot,
      })
      .returning({ id: pastMatches.id });
    await tx.execute(sql`delete from matches where id = ${matchId}`);
    return {
      pastMatchId: past!.id,
      closed: { conversationId: match.conversation_id, members: [match.user_a, match.user_b] },
    };
  });
  if (result.closed)
    await publish(db, result.closed.members, {
      type: 'conversation-closed',
      conversationId: result.closed.conversationId,
    });
  return { pastMatchId: result.pastMatchId };
}

/** Past matches still within their 30 days (the sweep removes older ones). */
export async function listPastMatches(db: Db, viewerId: string): Promise<TPastMatch[]> {
  const shape = z.object({
    id: z.string(),
    other_id: z.string(),
    name: z.string().nullable(),
    matched_at: column.timestamp,
    unmatched_at: column.timestamp,
    expires_at: column.timestamp,
    unmatched_by: z.string(),
    reported: z.boolean(),
  });
  const rows = await selectRows(
    db,
    shape,
    sql`
    select pm.id, o.other_id, coalesce(p.name, u.name) as name, pm.matched_at, pm.unmatched_at, pm.expires_at, pm.unmatched_by,
           exists (select 1 from moderation_cases mc where mc.opened_by = ${viewerId} and mc.subject_id = o.other_id and mc.kind = 'report') as reported
    from past_matches pm
    cross join lateral (select ${otherMemberOf('pm', viewerId)} as other_id) o
    join "user" u on u.id = o.other_id
    left join profiles p on p.user_id = o.other_id
    where (pm.user_a = ${viewerId} or pm.user_b = ${viewerId}) and pm.expires_at > now()
    order by pm.unmatched_at desc`,
  );
  return rows.map((row) => ({
    id: row.id,
    other: { userId: row.other_id, name: displayName(row.name) },
    matchedAt: row.matched_at,
    unmatchedAt: row.unmatched_at,
    expiresAt: row.expires_at,
    unmatchedByMe: row.unmatched_by === viewerId,
    reported: row.reported,
  }));
}

/**
 * The evidence a report seals: the chat's last messages when the reporter shares one with
 * the subject (even a blocked one), or a past match's snapshot within its 30 days.
 */
async function evidenceFor(
  db: Pick<Db, 'execute'>,
  viewerId: string,
  input: z.output<typeof ZReportInput>,
): Promise<SnapshotMessage[]> {
  if (input.pastMatchId) {
    const { rows } = await db.execute<{ snapshot: SnapshotMessage[] }>(sql`
      select snapshot from past_matches
      where id = ${input.pastMatchId} and expires_at > now()
        and ((user_a = ${viewerId} and user_b = ${input.subjectId}) or (user_b = ${viewerId} and user_a = ${input.subjectId}))`);
    if (!rows[0]) throw new AppError('NOT_FOUND', 'That past match is no longer available.');
    return rows[0].snapshot;
  }
  const conversationId = await conversationBetween(db, viewerId, input.subjectId);
  if (input.conversationId && input.conversationId !== conversationId)
    throw new AppError('NOT_FOUND', 'That conversation does not exist.');
  return conversationId ? snapshotConversation(db, conversationId) : [];
}

/**
 * Files a report: a moderation case with the sealed evidence and a security-log entry, in
 * one transaction, optionally with a block. A retry with the same client key files it once.
 */
export async function fileReport(
  db: Db,
  viewerId: string,
  input: z.output<typeof ZReportInput>,
): Promise<{ id: string; status: 'open' }> {
  await requireOtherMember(db, viewerId, input.subjectId);
  const { caseId, blocked } = await db.transaction(async (tx) => {
    // A retry finds the case its first attempt opened (the client key is unique per reporter).
    const sameSubmission = async () =>
      (
        await tx
          .select({ id: moderationCases.id })
          .from(moderationCases)
          .where(and(eq(moderationCases.openedBy, viewerId), eq(moderationCases.clientKey, input.clientKey)))
      )[0];
    const earlier = await sameSubmission();
    if (earlier) return { caseId: earlier.id, blocked: false };
    const evidence = await evidenceFor(tx, viewerId, input);
    const opened = await openModerationCase(
      tx,
      {
        kind: 'report',
        subjectId: input.subjectId,
        openedBy: viewerId,
        reason: input.reason,
        details: input.messageId
          ? `${input.details}${input.details ? '\n' : ''}(flagged message ${input.messageId})`
          : input.details,
        source: input.source,
        evidence,
        clientKey: input.clientKey,
      },
      {
        eventType: 'report_filed',
        severity: input.reason === 'underage' || input.reason === 'safety' ? 'high' : 'warning',
        details: { subjectId: input.subjectId, reason: input.reason, source: input.source, messages: evidence.length },
      },
    );
    if (!opened) {
      // The same submission, sent twice at once: the other one has just committed it.
      return { caseId: (await sameSubmission())!.id, blocked: false };
    }
    const block = input.alsoBlock
      ? await tx
          .insert(blocks)
          .values({ blockerId: viewerId, blockedId: input.subjectId })
          .onConflictDoNothing()
          .returning()
      : [];
    return { caseId: opened, blocked: block.length > 0 };
  });
  if (blocked)
    await publish(db, [viewerId, input.subjectId], {
      type: 'conversation-closed',
      conversationId: await conversationBetween(db, viewerId, input.subjectId),
    });
  return { id: caseId, status: 'open' };
}

/** The reporter's own reports and their outcome. The sealed evidence is never part of it. */
export async function listMyReports(db: Db, viewerId: string): Promise<TMyReport[]> {
  const shape = z.object({
    id: z.string(),
    subject_id: z.string(),
    name: z.string().nullable(),
    reason: z.string(),
    details: z.string(),
    status: z.enum(CASE_STATUSES),
    outcome_note: z.string().nullable(),
    created_at: column.timestamp,
    resolved_at: column.timestamp.nullable(),
  });
  const rows = await selectRows(
    db,
    shape,
    sql`
    select mc.id, ${subjectColumns}, mc.reason, mc.details, mc.status, mc.outcome_note, mc.created_at, mc.resolved_at
    from moderation_cases mc left join "user" u on u.id = mc.subject_id left join profiles p on p.user_id = mc.subject_id
    where mc.opened_by = ${viewerId} and mc.kind = 'report'
    order by mc.created_at desc limit 100`,
  );
  return rows.map((row) => ({
    id: row.id,
    subject: { userId: row.subject_id, name: displayName(row.name) },
    reason: row.reason in REPORT_REASONS ? (row.reason as ReportReason) : 'other',
    details: row.details,
    status: row.status,
    outcome: row.outcome_note,
    createdAt: row.created_at,
    resolvedAt: row.resolved_at,
  }));
}

/** The subject's id and name, from their account or, once it is deleted, from the case's tombstone (u, p: the subject's user and profile rows). */
const subjectColumns = sql`coalesce(mc.subject_id, mc.subject_tombstone->>'userId') as subject_id,
  coalesce(p.name, u.name, mc.subject_tombstone->>'name') as name, mc.subject_id is null as subject_deleted`;

/** Removes past matches whose 30 days are over, with their sealed messages (run by the server's sweep). */
export async function deleteExpiredPastMatches(db: Db): Promise<number> {
  const { rows } = await db.execute<{ id: string }>(
    sql`delete from past_matches where expires_at <= now() returning id`,
  );
  return rows.length;
}

/** The moderation queue (reports by default), newest first, with the sealed evidence (admins only). */
export async function listCasesForAdmin(db: Db, status?: string, kind: string = 'report'): Promise<TAdminReport[]> {
  const { rows } = await db.execute<{
    id: string;
    kind: string;
    status: string;
    reason: string;
    details: string;
    source: string | null;
    subject_id: string;
    name: string | null;
    subject_deleted: boolean;
    opened_by: string | null;
    reporter_name: string | null;
    evidence: SnapshotMessage[];
    evidence_sha256: string;
    created_at: Date | string;
  }>(sql`
    select mc.id, mc.kind, mc.status, mc.reason, mc.details, mc.source, ${subjectColumns},
           mc.opened_by, coalesce(rp.name, ru.name) as reporter_name, mc.evidence, mc.evidence_sha256, mc.created_at
    from moderation_cases mc
    left join "user" u on u.id = mc.subject_id left join profiles p on p.user_id = mc.subject_id
    left join "user" ru on ru.id = mc.opened_by left join profiles rp on rp.user_id = mc.opened_by
    where mc.kind = ${kind} ${status ? sql`and mc.status = ${status}` : sql``}
    order by mc.created_at desc limit 200`);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    status: row.status,
    reason: row.reason,
    details: row.details,
    source: row.source,
    subject: { userId: row.subject_id, name: displayName(row.name), deleted: row.subject_deleted },
    reporter: row.opened_by ? { userId: row.opened_by, name: displayName(row.reporter_name) } : null,
    evidence: row.evidence,
    evidenceIntact: sealOf(row.evidence) === row.evidence_sha256,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}
