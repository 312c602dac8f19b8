import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { memberId } from './auth';
import { at, createdAtNow, primaryId } from './columns';

const member = memberId;

/** What a case keeps of its subject after they deleted their account. */
export type SubjectTombstone = { userId: string; name: string; email: string; deletedAt: string };

/** A message as kept in a sealed snapshot: enough for a moderator to read the conversation. */
export type SnapshotMessage = { id: string; senderId: string; content: string; createdAt: string };

/**
 * The moderation queue. A member's report is a case of kind 'report' opened by the reporter;
 * later kinds (low safety ratings, date disputes) join the same queue. The evidence is a
 * sealed snapshot: written once, its SHA-256 stored beside it, and readable by admins only.
 */
export const moderationCases = pgTable(
  'moderation_cases',
  {
    id: primaryId(),
    kind: text('kind').notNull(),
    /** Null once the subject deleted their account: the case stays, with subjectTombstone. */
    subjectId: text('subject_id').references(() => user.id, { onDelete: 'set null' }),
    subjectTombstone: jsonb('subject_tombstone').$type<SubjectTombstone>(),
    openedBy: text('opened_by').references(() => user.id, { onDelete: 'set null' }),
    reason: text('reason').notNull(),
    details: text('details').notNull().default(''),
    /** Where the report was made: chat, past-match, profile or a flagged message. */
    source: text('source'),
    evidence: jsonb('evidence').$type<SnapshotMessage[]>().notNull().default([]),
    evidenceSha256: text('evidence_sha256').notNull(),
    /** open, actioned or dismissed. */
    status: text('status').notNull().default('open'),
    decision: text('decision'),
    outcomeNote: text('outcome_note'),
    /** Chosen by the client per report, so a retried submission opens one case. */
    clientKey: text('client_key'),
    createdAt: createdAtNow(),
    resolvedAt: at('resolved_at'),
    resolvedBy: text('resolved_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('moderation_cases_queue_idx').on(t.status, t.kind, t.createdAt),
    index('moderation_cases_opened_by_idx').on(t.openedBy, t.createdAt),
    uniqueIndex('moderation_cases_client_key_idx').on(t.openedBy, t.clientKey),
  ],
);

/**
 * What is left of a match after an unmatch: who, when, and the last messages, for 30 days,
 * so either member can still report the other.
 */
export const pastMatches = pgTable(
  'past_matches',
  {
    id: primaryId(),
    /** The id the match had; a retried unmatch finds its own result here. */
    matchId: uuid('match_id').notNull().unique(),
    userA: member('user_a'),
    userB: member('user_b'),
    unmatchedBy: member('unmatched_by'),
    matchedAt: at('matched_at').notNull(),
    unmatchedAt: at('unmatched_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    snapshot: jsonb('snapshot').$type<SnapshotMessage[]>().notNull().default([]),
  },
  (t) => [
    index('past_matches_user_a_idx').on(t.userA),
    index('past_matches_user_b_idx').on(t.userB),
    index('past_matches_expires_idx').on(t.expiresAt),
  ],
);

/**
 * The notifications menu. Repeated events of one kind share a group key (a conversation's
 * messages), so a chat fills one unread line rather than one per message.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: primaryId(),
    userId: member('user_id'),
    type: text('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    link: text('link'),
    groupKey: text('group_key'),
    readAt: at('read_at'),
    createdAt: createdAtNow(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    // The reminder sweep's way to conversations with unread messages (modules/reminders).
    index('notifications_unread_messages_idx')
      .on(t.createdAt)
      .where(sql`read_at is null and type = 'message'`),
    uniqueIndex('notifications_unread_group_idx')
      .on(t.userId, t.groupKey)
      .where(sql`read_at is null and group_key is not null`),
  ],
);

/**
 * A banned or reported member who deleted their account: a keyed hash of their email, so the same
 * person coming back is refused (banned) or flagged to moderators (reported). Their photos' prints
 * stay in image_prints.
 */
export const returningWatch = pgTable(
  'returning_watch',
  {
    id: primaryId(),
    emailKey: text('email_key').notNull(),
    /** banned or reported */
    reason: text('reason').notNull(),
    formerUserId: text('former_user_id').notNull(),
    createdAt: createdAtNow(),
  },
  (t) => [index('returning_watch_email_idx').on(t.emailKey)],
);

/** Words, phrases or emoji a member hid (normalised: contracts/hidden-words.ts), up to 1,000. */
export const hiddenWords = pgTable(
  'hidden_words',
  {
    userId: member('user_id'),
    word: text('word').notNull(),
    createdAt: createdAtNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.word] })],
);
