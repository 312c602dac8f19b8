import { and, eq, sql } from 'drizzle-orm';
import { onlyRow } from '../../db/rows';
import { photoUrl, selfieImageUrl } from '../../../../contracts/picture-urls';
import {
  PAST_MATCH_DAYS,
  REPORT_REASONS,
  type ReportReason,
  type TAdminReport,
  type TBlockedMember,
  type TMyReport,
  type TPhotoMatch,
  type TPastMatch,
  type ZReportInput,
} from '../../../../contracts/safety';
import { z } from 'zod';
import { REPORT_OUTCOMES } from '../../../../contracts/admin';
import type { Db } from '../../db/client';
import { blocks, moderationCases, pastMatches, type SnapshotMessage } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { publish } from '../../realtime/hub';
import { openModerationCase } from './moderation';
import { byConversation, byPair } from '../check-ins/check-ins.queries';
import { keepCheckInsOfEndedDates } from '../check-ins/check-ins.service';
import { sealOf, snapshotConversation } from './snapshot';
import { selectPhotoMatches, selectPictureOrigins, type PictureOrigin } from './prints.queries';
import { displayName, otherMember } from '../profiles/names';
import {
  conversationBetween,
  deleteMatch,
  lockMatch,
  memberExists,
  selectBlocked,
  selectCases,
  selectMyReports,
  selectPastMatches,
  selectMatchIdsOf,
  selectPastMatchSnapshot,
} from './safety.queries';

async function requireOtherMember(db: Pick<Db, 'execute'>, viewerId: string, otherId: string): Promise<void> {
  if (viewerId === otherId) throw new AppError('BAD_REQUEST', 'You cannot do that to yourself.');
  if (!(await memberExists(db, otherId))) throw new AppError('NOT_FOUND', 'That member does not exist.');
}

/**
 * Blocks a member. Saved, so both vanish from each other's discovery, matches and chat;
 * blocking twice is the same as once. Both sides' open screens drop the conversation.
 */
export async function blockMember(db: Db, viewerId: string, otherId: string): Promise<{ blocked: true }> {
  await requireOtherMember(db, viewerId, otherId);
  // A date check-in between the two stays on: its owner is told, and only she turns it off.
  const inserted = await db.transaction(async (tx) => {
    const rows = await tx
      .insert(blocks)
      .values({ blockerId: viewerId, blockedId: otherId })
      .onConflictDoNothing()
      .returning();
    if (rows.length)
      await keepCheckInsOfEndedDates(tx, { where: byPair(viewerId, otherId), why: 'ended', by: viewerId });
    return rows;
  });
  if (inserted.length)
    await publish(db, [viewerId, otherId], {
      type: 'conversation-closed',
      conversationId: await conversationBetween(db, viewerId, otherId),
    });
  return { blocked: true };
}

export async function unblockMember(db: Db, viewerId: string, otherId: string): Promise<{ blocked: false }> {
  const removed = await db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, viewerId), eq(blocks.blockedId, otherId)))
    .returning();
  if (removed.length === 0) throw new AppError('NOT_FOUND', 'That member is not blocked.');
  await publish(db, [viewerId, otherId], { type: 'conversation-closed', conversationId: null });
  return { blocked: false };
}

export async function listBlocked(db: Db, viewerId: string): Promise<TBlockedMember[]> {
  const rows = await selectBlocked(db, viewerId);
  return rows.map((row) => ({ userId: row.user_id, name: displayName(row.name), blockedAt: row.created_at }));
}

type LockedMatch = NonNullable<Awaited<ReturnType<typeof lockMatch>>>;

/**
 * Ends a locked match inside the caller's transaction: its last messages are sealed into a past
 * match kept 30 days (either side can still report), its dates' check-ins stay on with their
 * owners told, and the match, its conversation and messages go. The past match's id, and what
 * to tell open screens after the commit.
 */
async function endMatch(tx: Pick<Db, 'execute'> & Pick<Db, 'insert'>, matchId: string, match: LockedMatch, by: string) {
  const snapshot = match.conversation_id ? await snapshotConversation(tx, match.conversation_id) : [];
  if (match.conversation_id)
    await keepCheckInsOfEndedDates(tx, { where: byConversation(match.conversation_id), why: 'ended', by });
  const past = onlyRow(
    await tx
      .insert(pastMatches)
      .values({
        matchId,
        userA: match.user_a,
        userB: match.user_b,
        unmatchedBy: by,
        matchedAt: match.created_at,
        expiresAt: sql`now() + make_interval(days => ${PAST_MATCH_DAYS})`,
        snapshot,
      })
      .returning({ id: pastMatches.id }),
  );
  await deleteMatch(tx, matchId);
  return {
    pastMatchId: past.id,
    closed: { conversationId: match.conversation_id, members: [match.user_a, match.user_b] },
  };
}

/**
 * Ends a match: the match, its conversation and messages go for both members. The last
 * messages are sealed into a past match kept 30 days, so either side can still report.
 * A retried unmatch finds its own past match and answers the same.
 */
export async function unmatch(db: Db, viewerId: string, matchId: string): Promise<{ pastMatchId: string }> {
  const result = await db.transaction(async (tx) => {
    const match = await lockMatch(tx, { viewerId, matchId });
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
    return endMatch(tx, matchId, match, viewerId);
  });
  if (result.closed)
    await publish(db, result.closed.members, {
      type: 'conversation-closed',
      conversationId: result.closed.conversationId,
    });
  return { pastMatchId: result.pastMatchId };
}

/**
 * A ban ends every match of the banned member, in the ban's transaction: nobody is left talking
 * to him, and lifting the ban restores none of them. Returns what to tell open screens.
 */
export async function endMatchesOf(tx: Db, memberId: string) {
  const closed: { conversationId: string | null; members: string[] }[] = [];
  for (const { id } of await selectMatchIdsOf(tx, memberId)) {
    const match = await lockMatch(tx, { viewerId: memberId, matchId: id });
    if (match) closed.push((await endMatch(tx, id, match, memberId)).closed);
  }
  return closed;
}

/** Past matches still within their 30 days (the sweep removes older ones). */
export async function listPastMatches(db: Db, viewerId: string): Promise<TPastMatch[]> {
  const rows = await selectPastMatches(db, viewerId);
  return rows.map((row) => ({
    id: row.id,
    other: otherMember(row),
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
    const snapshot = await selectPastMatchSnapshot(db, {
      viewerId,
      subjectId: input.subjectId,
      pastMatchId: input.pastMatchId,
    });
    if (!snapshot) throw new AppError('NOT_FOUND', 'That past match is no longer available.');
    return snapshot;
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
    // As any block: a check-in of either on a date between them stays on, and its owner is told.
    if (block.length)
      await keepCheckInsOfEndedDates(tx, { where: byPair(viewerId, input.subjectId), why: 'ended', by: viewerId });
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
  const rows = await selectMyReports(db, viewerId);
  return rows.map((row) => ({
    id: row.id,
    subject: { userId: row.subject_id, name: displayName(row.name) },
    reason: row.reason in REPORT_REASONS ? (row.reason as ReportReason) : 'other',
    details: row.details,
    status: row.status,
    // The decision's policy text, never the moderator's internal note.
    outcome: row.decision ? REPORT_OUTCOMES[row.decision].message : null,
    createdAt: row.created_at,
    resolvedAt: row.resolved_at,
  }));
}

/** The moderation queue (reports by default), newest first, with the sealed evidence (admins only). */
export async function listCasesForAdmin(db: Db, status?: string, kind: string = 'report'): Promise<TAdminReport[]> {
  const rows = await selectCases(db, { kind, status });
  const matches =
    kind === 'reused_photo'
      ? await photoMatchesOf(
          db,
          rows.map((row) => row.id),
        )
      : new Map();
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
    photoMatch: matches.get(row.id) ?? null,
    counterTo: row.counter_to,
    blockedByReported: row.blocked_by_reported,
    createdAt: row.created_at,
  }));
}

const pictureUrl = (photoId: string | null, selfieId: string | null) =>
  photoId ? photoUrl(photoId) : selfieId ? selfieImageUrl(selfieId) : null;

async function photoMatchesOf(db: Db, caseIds: string[]): Promise<Map<string, TPhotoMatch>> {
  if (!caseIds.length) return new Map();
  const rows = await selectPhotoMatches(db, caseIds);
  const origins = await selectPictureOrigins(
    db,
    rows.flatMap((row) => (row.matched_print_id ? [row.matched_print_id] : [])),
  );
  return new Map(
    rows.map((row) => [
      row.case_id,
      {
        subjectImageUrl: pictureUrl(row.photo_id, row.selfie_id),
        matchedImageUrl: pictureUrl(row.matched_photo_id, row.matched_selfie_id),
        matched: {
          userId: row.matched_user_id,
          name: displayName(row.matched_name),
          standing:
            row.matched_banned || row.matched_kept_because === 'banned'
              ? 'banned'
              : row.matched_exists
                ? 'active'
                : 'deleted',
        },
        firstSeen: firstSeenOf(
          (row.matched_print_id && origins.get(row.matched_print_id)) || {
            userId: row.matched_user_id,
            name: row.matched_name,
            uploadedAt: null,
          },
        ),
        closeness: { bits: row.bits, colourDistance: Math.round(row.colour_distance * 10) / 10 },
      },
    ]),
  );
}

const firstSeenOf = (origin: PictureOrigin) => ({ ...origin, name: displayName(origin.name) });
