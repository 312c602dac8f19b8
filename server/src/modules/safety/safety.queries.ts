import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { CASE_STATUSES, SNAPSHOT_MESSAGES, ZAdminReport, ZSnapshotMessage } from '../../../../contracts/safety';
import { CASE_DECISIONS } from '../../../../contracts/admin';
import type { Db } from '../../db/client';
import { otherMemberOf, storedPair, otherMemberColumns } from '../../db/pairs';
import { column, selectOne, selectRow, selectRows, ZId } from '../../db/rows';
import { bannedNow } from '../../db/standing';

/**
 * The safety module's SQL (blocks, unmatching, past matches, reports and the moderation queue).
 * Every statement's rows are checked against their declared shape (db/rows.ts).
 */

type Execute = Pick<Db, 'execute'>;

export async function memberExists(db: Execute, userId: string): Promise<boolean> {
  return (await selectRows(db, ZId, sql`select id from "user" where id = ${userId}`)).length > 0;
}

/** The conversation between two members, if they are (still) matched. */
export async function conversationBetween(db: Execute, a: string, b: string): Promise<string | null> {
  const [userA, userB] = storedPair(a, b);
  const row = await selectRow(db, ZId, sql`select id from conversations where user_a = ${userA} and user_b = ${userB}`);
  return row?.id ?? null;
}

export const selectBlocked = (db: Execute, viewerId: string) =>
  selectRows(
    db,
    z.object({ user_id: z.string(), name: z.string().nullable(), created_at: column.timestamp }),
    sql`
    select b.blocked_id as user_id, coalesce(p.name, u.name) as name, b.created_at
    from blocks b join "user" u on u.id = b.blocked_id left join profiles p on p.user_id = b.blocked_id
    where b.blocker_id = ${viewerId} order by b.created_at desc`,
  );

/** The viewer's match with its conversation, locked for the unmatch; undefined when it is not theirs. */
export async function lockMatch(tx: Execute, { viewerId, matchId }: { viewerId: string; matchId: string }) {
  return selectRow(
    tx,
    z.object({
      user_a: z.string(),
      user_b: z.string(),
      created_at: column.date,
      conversation_id: z.string().nullable(),
    }),
    sql`
      select m.user_a, m.user_b, m.created_at, c.id as conversation_id
      from matches m left join conversations c on c.match_id = m.id
      where m.id = ${matchId} and (m.user_a = ${viewerId} or m.user_b = ${viewerId})
      for update of m`,
  );
}

export const selectPastMatches = (db: Execute, viewerId: string) =>
  selectRows(
    db,
    z.object({
      id: z.string(),
      ...otherMemberColumns,
      matched_at: column.timestamp,
      unmatched_at: column.timestamp,
      expires_at: column.timestamp,
      unmatched_by: z.string(),
      reported: z.boolean(),
    }),
    sql`
    select pm.id, o.other_id, coalesce(p.name, u.name) as name, pm.matched_at, pm.unmatched_at, pm.expires_at, pm.unmatched_by,
           exists (select 1 from moderation_cases mc where mc.opened_by = ${viewerId} and mc.subject_id = o.other_id and mc.kind = 'report') as reported
    from past_matches pm
    cross join lateral (select ${otherMemberOf('pm', viewerId)} as other_id) o
    join "user" u on u.id = o.other_id
    left join profiles p on p.user_id = o.other_id
    where (pm.user_a = ${viewerId} or pm.user_b = ${viewerId}) and pm.expires_at > now()
      -- Someone who blocked the viewer (a reporter blocks a member who is banned) is not shown to
      -- him; the viewer's own blocks stay listed, so she can still report from here.
      and not exists (select 1 from blocks b where b.blocker_id = o.other_id and b.blocked_id = ${viewerId})
    order by pm.unmatched_at desc`,
  );

/** A past match's sealed messages, while its 30 days last, when it was between these two members. */
export async function selectPastMatchSnapshot(
  db: Execute,
  { viewerId, subjectId, pastMatchId }: { viewerId: string; subjectId: string; pastMatchId: string },
) {
  const row = await selectRow(
    db,
    z.object({ snapshot: z.array(ZSnapshotMessage) }),
    sql`
      select snapshot from past_matches
      where id = ${pastMatchId} and expires_at > now()
        and ((user_a = ${viewerId} and user_b = ${subjectId}) or (user_b = ${viewerId} and user_a = ${subjectId}))`,
  );
  return row?.snapshot;
}

/** The latest messages of a conversation, oldest first, as sealed into reports and past matches. */
export async function selectSnapshot(db: Execute, conversationId: string) {
  const rows = await selectRows(
    db,
    z.object({ id: z.string(), sender_id: z.string(), content: z.string(), created_at: column.timestamp }),
    sql`
    select id, sender_id, content, created_at from messages where conversation_id = ${conversationId}
    order by created_at desc, id desc limit ${SNAPSHOT_MESSAGES}`,
  );
  return rows.reverse();
}

/** The subject's id and name, from their account or, once it is deleted, from the case's tombstone (u, p: the subject's user and profile rows). */
const subjectColumns = sql`coalesce(mc.subject_id, mc.subject_tombstone->>'userId') as subject_id,
  coalesce(p.name, u.name, mc.subject_tombstone->>'name') as name, mc.subject_id is null as subject_deleted`;
const ZSubject = z.object({ subject_id: z.string(), name: z.string().nullable(), subject_deleted: z.boolean() });

/** The reporter's own reports and their outcome. The sealed evidence is never part of it. */
export const selectMyReports = (db: Execute, viewerId: string) =>
  selectRows(
    db,
    ZSubject.extend({
      id: z.string(),
      reason: z.string(),
      details: z.string(),
      status: z.enum(CASE_STATUSES),
      decision: z.enum(CASE_DECISIONS).nullable(),
      created_at: column.timestamp,
      resolved_at: column.timestamp.nullable(),
    }),
    sql`
    select mc.id, ${subjectColumns}, mc.reason, mc.details, mc.status, mc.decision, mc.created_at, mc.resolved_at
    from moderation_cases mc left join "user" u on u.id = mc.subject_id left join profiles p on p.user_id = mc.subject_id
    where mc.opened_by = ${viewerId} and mc.kind = 'report'
    order by mc.created_at desc limit 100`,
  );

/** Removes past matches whose 30 days are over, with their sealed messages; how many went. */
export async function deleteExpiredPastMatches(db: Execute): Promise<number> {
  return (await selectRows(db, ZId, sql`delete from past_matches where expires_at <= now() returning id`)).length;
}

/** The moderation queue of one kind, newest first, with the sealed evidence. */
export const selectCases = (db: Execute, { kind, status }: { kind: string; status?: string }) =>
  selectRows(
    db,
    ZSubject.extend(
      ZAdminReport.pick({ id: true, kind: true, status: true, reason: true, details: true, source: true }).shape,
    ).extend({
      opened_by: z.string().nullable(),
      reporter_name: z.string().nullable(),
      evidence: z.array(ZSnapshotMessage),
      evidence_sha256: z.string(),
      counter_to: z
        .object({ caseId: z.string(), status: z.enum(CASE_STATUSES), reportedAt: column.timestamp })
        .nullable(),
      blocked_by_reported: z.boolean(),
      created_at: column.timestamp,
    }),
    sql`
    select mc.id, mc.kind, mc.status, mc.reason, mc.details, mc.source, ${subjectColumns},
           mc.opened_by, coalesce(rp.name, ru.name) as reporter_name, mc.evidence, mc.evidence_sha256, mc.created_at,
           (select json_build_object('caseId', prior.id, 'status', prior.status, 'reportedAt', prior.created_at)
            from moderation_cases prior
            where prior.kind = 'report' and prior.opened_by = mc.subject_id and prior.subject_id = mc.opened_by
              and prior.created_at < mc.created_at
            order by prior.created_at limit 1) as counter_to,
           exists (select 1 from blocks b where b.blocker_id = mc.subject_id and b.blocked_id = mc.opened_by
                   and b.created_at < mc.created_at) as blocked_by_reported
    from moderation_cases mc
    left join "user" u on u.id = mc.subject_id left join profiles p on p.user_id = mc.subject_id
    left join "user" ru on ru.id = mc.opened_by left join profiles rp on rp.user_id = mc.opened_by
    where mc.kind = ${kind} ${status ? sql`and mc.status = ${status}` : sql``}
    order by mc.created_at desc limit 200`,
  );

/** What ban evasion keeps of a leaving member: their mailbox and name, whether they are banned, how many cases name them. */
export async function selectLeavingSubject(db: Execute, userId: string) {
  return selectRow(
    db,
    z.object({ email: z.string(), name: z.string(), banned: z.boolean(), cases: z.number() }),
    sql`
    select u.email, coalesce(p.name, u.name) as name, ${bannedNow('u')} as banned,
           (select count(*)::int from moderation_cases mc where mc.subject_id = u.id) as cases
    from "user" u left join profiles p on p.user_id = u.id where u.id = ${userId}`,
  );
}

/** The leaver's cases keep a tombstone; the watch keeps the keyed hash of their mailbox. */
export async function insertReturningWatch(
  tx: Execute,
  w: { userId: string; tombstone: object; emailKey: string; reason: 'banned' | 'reported' },
) {
  await tx.execute(
    sql`update moderation_cases set subject_tombstone = ${JSON.stringify(w.tombstone)}::jsonb where subject_id = ${w.userId}`,
  );
  await tx.execute(sql`
    insert into returning_watch (email_key, reason, former_user_id)
    values (${w.emailKey}, ${w.reason}, ${w.userId})`);
}

/** Opens a "returning account" case, unless one of this kind is open about the account; its id, or undefined. */
export async function insertReturningCase(
  tx: Execute,
  c: { subjectId: string; reason: 'returning_email'; details: string; seal: string },
) {
  return selectRow(
    tx,
    ZId,
    sql`
      insert into moderation_cases (kind, subject_id, opened_by, reason, details, source, evidence, evidence_sha256)
      select 'returning_member', ${c.subjectId}, null, ${c.reason}, ${c.details}, 'system', '[]'::jsonb, ${c.seal}
      where not exists (select 1 from moderation_cases where kind = 'returning_member' and subject_id = ${c.subjectId} and reason = ${c.reason} and status = 'open')
      returning id`,
  );
}

const ZWatchMatch = z.object({ reason: z.string(), former_user_id: z.string() });

/** The watch entry of a mailbox's keyed hash, a ban first. */
export async function selectWatchedEmail(db: Execute, emailKey: string) {
  return selectRow(
    db,
    ZWatchMatch,
    sql`
    select reason, former_user_id from returning_watch where email_key = ${emailKey}
    order by (reason = 'banned') desc, created_at desc limit 1`,
  );
}

/** Banned members with their mailboxes (few: compared spelling by spelling). */
export const selectBannedEmails = (db: Execute) =>
  selectRows(
    db,
    z.object({ id: z.string(), email: z.string() }),
    sql`select u.id, u.email from "user" u where ${bannedNow('u')}`,
  );

/** Deletes a match; its conversation and messages go with it (foreign keys cascade). */
/**
 * Everyone who reported a member blocks him, as if they had themselves: run when he is banned
 * and when the ban is lifted, so he comes back to no one who reported him.
 */
export async function blockForReporters(tx: Execute, memberId: string): Promise<void> {
  await tx.execute(sql`
    insert into blocks (blocker_id, blocked_id)
    select distinct mc.opened_by, mc.subject_id from moderation_cases mc
    where mc.subject_id = ${memberId} and mc.kind = 'report' and mc.opened_by is not null and mc.opened_by <> ${memberId}
    on conflict do nothing`);
}

/** The ids of every match a member is in. */
export const selectMatchIdsOf = (db: Execute, memberId: string) =>
  selectRows(db, ZId, sql`select id from matches where user_a = ${memberId} or user_b = ${memberId}`);

export async function deleteMatch(tx: Execute, matchId: string): Promise<void> {
  await tx.execute(sql`delete from matches where id = ${matchId}`);
}

/** The words a member hid, oldest first. */
export const selectHiddenWords = (db: Execute, userId: string) =>
  selectRows(
    db,
    z.object({ word: z.string(), created_at: column.timestamp }),
    sql`select word, created_at from hidden_words where user_id = ${userId} order by created_at, word`,
  );

/**
 * Just the words, in no order, to compile a matcher from (hidden-word-matchers.ts): one row with
 * a JSON array, which takes a third of the time of 1,000 rows.
 */
export const hiddenWordsOf = async (db: Execute, userId: string) =>
  (
    await selectOne(
      db,
      z.object({ words: z.array(z.string()) }),
      sql`select coalesce(json_agg(word), '[]') as words from hidden_words where user_id = ${userId}`,
    )
  ).words;

/** Takes the member's list in turn until the transaction ends: one change at a time. */
export async function lockHiddenWords(tx: Execute, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`hidden-words:${userId}`}))`);
}

/** Adds words to the member's list; one already there is kept once. */
export async function insertHiddenWords(tx: Execute, userId: string, words: string[]): Promise<void> {
  const given = sql.join(
    words.map((word) => sql`(${word}::text)`),
    sql`, `,
  );
  await tx.execute(sql`
    insert into hidden_words (user_id, word)
    select ${userId}, w from (values ${given}) as added(w)
    on conflict do nothing`);
}

export async function deleteHiddenWord(db: Execute, { userId, word }: { userId: string; word: string }) {
  await db.execute(sql`delete from hidden_words where user_id = ${userId} and word = ${word}`);
}
