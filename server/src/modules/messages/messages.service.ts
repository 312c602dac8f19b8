import { and, eq, sql } from 'drizzle-orm';
import { messagePreview, type TConversation, type TMessage } from '../../../../contracts/messages-api';
import { nudgeFor, SAFETY_TEXT } from '../../../../contracts/safety';
import type { Db } from '../../db/client';
import { messages } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { isPremium, planColumns, planFromColumns, type PlanColumns } from '../plans/service';
import { announceStatsChange, publish, publishEach } from '../../realtime/hub';
import {
  markGroupRead,
  notificationEvent,
  notificationUpsert,
  type NotificationRow,
} from '../notifications/notifications.service';
import { blockedBetween } from '../safety/blocks';
import { displayName } from '../profiles/names';
import { otherMemberOf } from '../../db/pairs';
import { z } from 'zod';
import { column, selectRows } from '../../db/rows';

type MessageRow = typeof messages.$inferSelect;

/** Who asks about which conversation. */
type Participation = { viewerId: string; conversationId: string };

/** One of its two members' view of a conversation: the other member, and whether a block closed it. */
const participantView = ({ viewerId, conversationId }: Participation) => sql`
    select ${otherMemberOf('c', viewerId)} as other_id,
           ${blockedBetween(sql`c.user_a`, sql`c.user_b`)} as blocked
    from conversations c
    where c.id = ${conversationId} and (c.user_a = ${viewerId} or c.user_b = ${viewerId})`;

/** Anyone but its two members learns nothing (404). Between a blocked pair the conversation is closed: a clear 403, no content. */
function checkParticipant(row: { other_id: string; blocked: boolean } | undefined): { otherId: string } {
  if (!row) throw new AppError('NOT_FOUND', 'That conversation does not exist.');
  if (row.blocked) throw new AppError('BLOCKED', SAFETY_TEXT.cannotMessage);
  return { otherId: row.other_id };
}

/** The access check every conversation call starts with. */
export async function requireParticipant(db: Pick<Db, 'execute'>, ids: Participation) {
  const { rows } = await db.execute<{ other_id: string; blocked: boolean }>(participantView(ids));
  return checkParticipant(rows[0]);
}

/** `receipts`: the viewer has Premium, so their own messages say whether they were read. */
export function toMessage(row: MessageRow, viewerId: string, receipts = false): TMessage {
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
  };
}

/** The member's conversations, most recent first, with the last message and the unread count. */
export async function listConversations(db: Db, viewerId: string): Promise<TConversation[]> {
  const shape = z.object({
    id: z.string(),
    match_id: z.string(),
    updated_at: column.timestamp,
    date_verified: z.boolean(),
    other_id: z.string(),
    name: z.string().nullable(),
    selfie_verified: z.boolean().nullable(),
    photo_id: z.string().nullable(),
    last_content: z.string().nullable(),
    last_sender: z.string().nullable(),
    last_at: column.timestamp.nullable(),
    unread: z.number(),
  });
  const rows = await selectRows(
    db,
    shape,
    sql`
    select c.id, c.match_id, c.updated_at, c.date_verified, o.other_id, p.name, p.selfie_verified,
           (select ph.id from photos ph where ph.user_id = o.other_id order by ph.position limit 1) as photo_id,
           last.content as last_content, last.sender_id as last_sender, last.created_at as last_at,
           (select count(*)::int from messages m where m.conversation_id = c.id and m.sender_id <> ${viewerId} and m.read_at is null) as unread
    from conversations c
    cross join lateral (select ${otherMemberOf('c', viewerId)} as other_id) o
    left join profiles p on p.user_id = o.other_id
    left join lateral (select m.content, m.sender_id, m.created_at from messages m where m.conversation_id = c.id
                       order by m.created_at desc, m.id desc limit 1) last on true
    where (c.user_a = ${viewerId} or c.user_b = ${viewerId})
      and not ${blockedBetween(viewerId, sql`o.other_id`)}
    order by coalesce(last.created_at, c.updated_at) desc`,
  );
  return rows.map((row) => ({
    id: row.id,
    matchId: row.match_id,
    other: {
      userId: row.other_id,
      name: displayName(row.name),
      thumbUrl: row.photo_id ? `/api/files/${row.photo_id}?size=thumb` : null,
      selfieVerified: !!row.selfie_verified,
    },
    lastMessage:
      row.last_content !== null
        ? { content: row.last_content, senderId: row.last_sender!, createdAt: row.last_at! }
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
  const { rows } = after
    ? await db.execute<MessageRow>(sql`
        select id, conversation_id as "conversationId", sender_id as "senderId", content, type, client_key as "clientKey", nudge,
               read_at as "readAt", created_at as "createdAt"
        from messages where conversation_id = ${conversationId}
          and (created_at, id) > (select created_at, id from messages where id = ${after} and conversation_id = ${conversationId})
        order by created_at, id limit 500`)
    : await db.execute<MessageRow>(sql`
        select * from (
          select id, conversation_id as "conversationId", sender_id as "senderId", content, type, client_key as "clientKey", nudge,
                 read_at as "readAt", created_at as "createdAt"
          from messages where conversation_id = ${conversationId} order by created_at desc, id desc limit 100) recent
        order by "createdAt", id`);
  const receipts = await isPremium(db, viewerId);
  return rows.map((row) =>
    toMessage(
      { ...row, createdAt: new Date(row.createdAt), readAt: row.readAt ? new Date(row.readAt) : null },
      viewerId,
      receipts,
    ),
  );
}

/** Stores a message once per client key, moves the conversation up, and tells both members live. */
type SendFacts = PlanColumns & {
  other_id: string;
  blocked: boolean;
  refused: boolean | null;
  sender_name: string | null;
};

/**
 * Stores a message and delivers it: three round trips (the checks; the message with the
 * recipient's notification, in one statement and one commit; the realtime events). Retried
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
  const {
    rows: [facts],
  } = await db.execute<SendFacts>(sql`
    select v.other_id, v.blocked, r.verified_only_messages and not coalesce(p.selfie_verified, false) as refused,
           coalesce(p.name, u.name) as sender_name, ${planColumns}
    from (${participantView({ viewerId, conversationId })}) v
    join "user" u on u.id = ${viewerId}
    left join profiles p on p.user_id = u.id
    left join profiles r on r.user_id = v.other_id
    left join subscriptions s on s.user_id = u.id`);
  const { otherId } = checkParticipant(facts);
  // A member who accepts messages from verified members only is written to by those alone.
  if (facts!.refused) throw new AppError('FORBIDDEN', SAFETY_TEXT.verifiedOnly);

  // One statement, so atomic. now() is the message's own created_at (the transaction's time, to
  // the microsecond); greatest(): two sends racing must not move the conversation back in time.
  // The recipient's notification is stored by the same statement, when the message is new.
  type Stored = Omit<MessageRow, 'createdAt' | 'readAt'> & {
    createdAt: Date | string;
    readAt: Date | string | null;
    notification: NotificationRow | null;
  };
  const note = {
    type: 'message' as const,
    title: `New message from ${displayName(facts!.sender_name)}`,
    message: messagePreview(content),
    link: `/messages?conversation=${conversationId}`,
    groupKey: `conversation:${conversationId}`,
  };
  const {
    rows: [stored],
  } = await db.execute<Stored>(sql`
    with inserted as (
      insert into messages (conversation_id, sender_id, content, client_key, nudge)
      values (${conversationId}, ${viewerId}, ${content}, ${clientKey}, ${nudgeFor(content)})
      on conflict (sender_id, client_key) do nothing
      returning id, conversation_id as "conversationId", sender_id as "senderId", content, type, client_key as "clientKey",
                nudge, read_at as "readAt", created_at as "createdAt"),
    touched as (update conversations set updated_at = greatest(updated_at, now()) where id = ${conversationId} and exists (select 1 from inserted)),
    noted as (${notificationUpsert(otherId, note, sql`select 1 from inserted`)})
    select inserted.*, (select row_to_json(noted) from noted) as notification from inserted`);
  // A retry (the key already stored) answers the first message, and only in its own conversation.
  const [message] = stored
    ? [
        {
          ...stored,
          createdAt: new Date(stored.createdAt),
          readAt: stored.readAt === null ? null : new Date(stored.readAt),
        },
      ]
    : await db
        .select()
        .from(messages)
        .where(and(eq(messages.senderId, viewerId), eq(messages.clientKey, clientKey)));
  if (!message || message.conversationId !== conversationId)
    throw new AppError('CONFLICT', 'That message key was already used.');
  const mine = toMessage(message, viewerId, planFromColumns(facts!).tier === 'premium');
  if (stored) {
    await publishEach(db, [
      [[otherId], { type: 'message', message: toMessage(message, otherId) }],
      [[viewerId], { type: 'message', message: mine }],
      [[otherId], notificationEvent(stored.notification!)],
    ]);
    announceStatsChange(db);
  }
  return mine;
}

/** Marks the other member's messages read; the sender hears of it only with Premium (read receipts). */
export async function markRead(db: Db, viewerId: string, conversationId: string): Promise<number> {
  const { otherId } = await requireParticipant(db, { viewerId, conversationId });
  const { rows } = await db.execute<{ id: string }>(sql`
    update messages set read_at = now()
    where conversation_id = ${conversationId} and sender_id <> ${viewerId} and read_at is null
    returning id`);
  await markGroupRead(db, viewerId, `conversation:${conversationId}`);
  if (rows.length) {
    const audience = (await isPremium(db, otherId)) ? [viewerId, otherId] : [viewerId];
    await publish(db, audience, { type: 'read', conversationId, readerId: viewerId });
  }
  return rows.length;
}
