import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { memberId } from './auth';
import { at, createdAtNow, primaryId, parentId } from './columns';

const member = memberId;

export const likes = pgTable(
  'likes',
  {
    userId: member('user_id'),
    targetId: member('target_id'),
    superLike: boolean('super_like').notNull().default(false),
    createdAt: createdAtNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.targetId] }),
    index('likes_target_idx').on(t.targetId, t.userId),
    index('likes_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/** A pass hides the profile from the member's discovery for 30 days; passing again restarts that. */
export const passes = pgTable(
  'passes',
  {
    userId: member('user_id'),
    targetId: member('target_id'),
    createdAt: createdAtNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.targetId] })],
);

/** One row per pair, stored with user_a < user_b so a pair can only ever match once. */
export const matches = pgTable(
  'matches',
  {
    id: primaryId(),
    userA: member('user_a'),
    userB: member('user_b'),
    /** Whether each side has been shown 'It's a match!' (the client reports it once shown). */
    announcedToA: boolean('announced_to_a').notNull().default(false),
    announcedToB: boolean('announced_to_b').notNull().default(false),
    createdAt: createdAtNow(),
  },
  (t) => [
    uniqueIndex('matches_pair_idx').on(t.userA, t.userB),
    index('matches_user_b_idx').on(t.userB),
    check('matches_ordered_pair', sql`${t.userA} < ${t.userB}`),
  ],
);

export const conversations = pgTable(
  'conversations',
  {
    id: primaryId(),
    matchId: uuid('match_id')
      .notNull()
      .unique()
      .references(() => matches.id, { onDelete: 'cascade' }),
    userA: member('user_a'),
    userB: member('user_b'),
    dateVerified: boolean('date_verified').notNull().default(false),
    datePhotoKey: text('date_photo_key'),
    ratingsSubmitted: boolean('ratings_submitted').notNull().default(false),
    createdAt: createdAtNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('conversations_user_a_idx').on(t.userA), index('conversations_user_b_idx').on(t.userB)],
);

/** A block hides both members from each other everywhere. Written by the safety tools. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: member('blocker_id'),
    blockedId: member('blocked_id'),
    createdAt: createdAtNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('blocks_blocked_idx').on(t.blockedId, t.blockerId),
  ],
);

/** Chat messages. (sender_id, client_key) makes a retried send store one message. */
export const messages = pgTable(
  'messages',
  {
    id: primaryId(),
    conversationId: parentId('conversation_id', () => conversations.id),
    senderId: member('sender_id'),
    content: text('content').notNull(),
    type: text('type').notNull().default('text'),
    clientKey: text('client_key').notNull(),
    /** The safety-nudge category the text matched (contracts/nudges.ts), or null. */
    nudge: text('nudge'),
    /** It contains a word its recipient hid: it waits in their Hidden folder, with no toast or notification. */
    hidden: boolean('hidden').notNull().default(false),
    readAt: at('read_at'),
    createdAt: createdAtNow(),
  },
  (t) => [
    uniqueIndex('messages_sender_client_key_idx').on(t.senderId, t.clientKey),
    index('messages_conversation_created_idx').on(t.conversationId, t.createdAt, t.id),
  ],
);
