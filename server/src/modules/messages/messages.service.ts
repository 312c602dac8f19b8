import { and, eq } from 'drizzle-orm';
import { photoUrl } from '../../../../contracts/picture-urls';
import { messagePreview, type TConversation, type TMessage } from '../../../../contracts/messages-api';
import { SAFETY_TEXT } from '../../../../contracts/safety';
import { isHiddenFor } from '../safety/hidden-word-matchers';
import type { Db } from '../../db/client';
import { messages } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { isPremium, planFromColumns } from '../plans/service';
import { announceStatsChange, publish } from '../../realtime/hub';
import { markGroupRead } from '../notifications/notifications.service';
import { displayName, otherMember } from '../profiles/names';
import {
  insertMessage,
  markMessagesRead,
  selectConversations,
  selectMessages,
  selectParticipantView,
  selectSendFacts,
  type MessageRow,
  type ParticipantView,
  type Participation,
} from './messages.queries';

/** Anyone but its two members learns nothing (404). Between a blocked pair the conversation is closed: a clear 403, no content. */
/** The viewer's row of a conversation they may write in, or the refusal. */
function checkParticipant<Row extends ParticipantView>(row: Row | undefined): Row {
  if (!row) throw new AppError('NOT_FOUND', 'That conversation does not exist.');
  if (row.blocked) throw new AppError('BLOCKED', SAFETY_TEXT.cannotMessage);
  return row;
}

/** The access check every conversation call starts with. */
export async function requireParticipant(db: Pick<Db, 'execute'>, ids: Participation) {
  return { otherId: checkParticipant(await selectParticipantView(db, ids)).other_id };
}

/** `receipts`: the viewer has Premium, so their own messages say whether they were read. */
export function toMessage(
  row: MessageRow | typeof messages.$inferSelect,
  viewerId: string,
  receipts = false,
): TMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    content: row.content,
    type: row.type,
    clientKey: row.clientKey,
    createdAt: row.createdAt.toISOString(),
    read: row.senderId !== viewerId && row.readAt !== null,
    seen: row.senderId === viewerId && receipts ? row.readAt !== null : null,
    nudge: (row.nudge as TMessage['nudge']) ?? null,
    // Only its recipient learns that a message was hidden: the sender never learns the words.
    hidden: row.hidden && row.senderId !== viewerId,
  };
}

/** A conversation's newest message for the list: one hidden from the viewer goes without its text. */
const lastMessageFor = (viewerId: string, last: NonNullable<TConversation['lastMessage']>) =>
  last.hidden && last.senderId !== viewerId ? { ...last, content: '' } : { ...last, hidden: false };

/** The member's conversations, most recent first, with the last message and the unread count. */
export async function listConversations(db: Db, viewerId: string): Promise<TConversation[]> {
  const rows = await selectConversations(db, viewerId);
  return rows.map((row) => ({
    id: row.id,
    matchId: row.match_id,
    other: {
      ...otherMember(row),
      thumbUrl: row.photo_id ? photoUrl(row.photo_id, 'thumb') : null,
      selfieVerified: !!row.selfie_verified,
    },
    lastMessage:
      row.last_content !== null
        ? lastMessageFor(viewerId, {
            content: row.last_content,
            senderId: row.last_sender!,
            createdAt: row.last_at!,
            hidden: !!row.last_hidden,
          })
        : null,
    unreadCount: row.unread,
    dateVerified: row.date_verified,
    updatedAt: row.updated_at,
  }));
}

/** The newest messages (oldest first in the page), or everything after a message for catch-up. */
export async function listMessages(
  db: Db,
  viewerId: string,
  conversationId: string,
  after?: string,
): Promise<TMessage[]> {
  await requireParticipant(db, { viewerId, conversationId });
  const rows = await selectMessages(db, { conversationId, after });
  const receipts = await isPremium(db, viewerId);
  return rows.map((row) => toMessage(row, viewerId, receipts));
}

/**
 * Stores a message and delivers it in two round trips: the checks; then the message, the
 * recipient's notification and the realtime events, in one statement and one commit. Retried
 * with the same client key, it answers the stored message and delivers nothing twice.
 */
export async function sendMessage(
  db: Db,
  viewerId: string,
  conversationId: string,
  content: string,
  clientKey: string,
): Promise<TMessage> {
  // The participant check, the recipient's verified-only setting, the sender's name and plan.
  const facts = checkParticipant(await selectSendFacts(db, { viewerId, conversationId }));
  const otherId = facts.other_id;
  // A member who accepts messages from verified members only is written to by those alone.
  if (facts.refused) throw new AppError('FORBIDDEN', SAFETY_TEXT.verifiedOnly);
  // A word the recipient hid: the message waits in their Hidden folder. Their list is read and
  // compiled only when its version changed since this server last saw it.
  const version = facts.hidden_words_version;
  const hidden = version !== null && (await isHiddenFor(db, otherId, version, content));

  const note = {
    type: 'message' as const,
    title: `New message from ${displayName(facts.sender_name)}`,
    message: messagePreview(content),
    link: `/messages?conversation=${conversationId}`,
    groupKey: `conversation:${conversationId}`,
  };
  // The message, its conversation moved up and the recipient's notification: one statement, one commit.
  const stored = await insertMessage(db, {
    viewerId,
    conversationId,
    recipientId: otherId,
    content,
    clientKey,
    hidden,
    note,
  });
  // A retry (the key already stored) answers the first message, and only in its own conversation.
  const [message] = stored
    ? [stored]
    : await db
        .select()
        .from(messages)
        .where(and(eq(messages.senderId, viewerId), eq(messages.clientKey, clientKey)));
  if (!message || message.conversationId !== conversationId)
    throw new AppError('CONFLICT', 'That message key was already used.');
  const mine = toMessage(message, viewerId, planFromColumns(facts).tier === 'premium');
  // The realtime events (ids only: each tab reads the message over HTTP) went out with the statement.
  if (stored) announceStatsChange(db);
  return mine;
}

/** Marks the other member's messages read; the sender hears of it only with Premium (read receipts). */
export async function markRead(db: Db, viewerId: string, conversationId: string): Promise<number> {
  const { otherId } = await requireParticipant(db, { viewerId, conversationId });
  const rows = await markMessagesRead(db, { viewerId, conversationId });
  await markGroupRead(db, viewerId, `conversation:${conversationId}`);
  if (rows.length) {
    const audience = (await isPremium(db, otherId)) ? [viewerId, otherId] : [viewerId];
    await publish(db, audience, { type: 'read', conversationId, readerId: viewerId });
  }
  return rows.length;
}
