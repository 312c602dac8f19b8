import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { ZMessage } from '../../../../contracts/messages-api';
import { nudgeFor } from '../../../../contracts/nudges';
import type { Db } from '../../db/client';
import { otherMemberOf, otherMemberColumns } from '../../db/pairs';
import { column, selectRow, selectRows, ZId } from '../../db/rows';
import { notificationUpsert, type NotificationNote } from '../notifications/notifications.queries';
import { planColumns, ZPlanColumns } from '../plans/service';
import { blockedBetween } from '../safety/blocks';
import { notifyInStatement, type StatementEvent } from '../../realtime/hub';

/**
 * The messages module's SQL. Every statement's rows are checked against their declared shape
 * (db/rows.ts). A conversation's members are its user_a and user_b; "the other member" is the
 * one who is not the viewer (db/pairs.ts).
 */

type Execute = Pick<Db, 'execute'>;

/** Who asks about which conversation. */
export type Participation = { viewerId: string; conversationId: string };

/** One of its two members' view of a conversation: the other member, and whether a block closed it. */
const participantView = ({ viewerId, conversationId }: Participation) => sql`
    select ${otherMemberOf('c', viewerId)} as other_id,
           ${blockedBetween(sql`c.user_a`, sql`c.user_b`)} as blocked
    from conversations c
    where c.id = ${conversationId} and (c.user_a = ${viewerId} or c.user_b = ${viewerId})`;

const ZParticipantView = z.object({ other_id: z.string(), blocked: z.boolean() });
export type ParticipantView = z.output<typeof ZParticipantView>;

/** The viewer's view of the conversation; undefined when they are not one of its members. */
export async function selectParticipantView(db: Execute, ids: Participation): Promise<ParticipantView | undefined> {
  return selectRow(db, ZParticipantView, participantView(ids));
}

/** The member's conversations, most recent first, with the last message and the unread count. */
export const selectConversations = (db: Execute, viewerId: string) =>
  selectRows(
    db,
    z.object({
      id: z.string(),
      match_id: z.string(),
      updated_at: column.timestamp,
      date_verified: z.boolean(),
      ...otherMemberColumns,
      selfie_verified: z.boolean().nullable(),
      photo_id: z.string().nullable(),
      last_content: z.string().nullable(),
      last_sender: z.string().nullable(),
      last_hidden: z.boolean().nullable(),
      last_at: column.timestamp.nullable(),
      unread: z.number(),
    }),
    sql`
    select c.id, c.match_id, c.updated_at, c.date_verified, o.other_id, p.name, p.selfie_verified,
           (select ph.id from photos ph where ph.user_id = o.other_id order by ph.position limit 1) as photo_id,
           last.content as last_content, last.sender_id as last_sender, last.hidden as last_hidden,
           last.created_at as last_at,
           (select count(*)::int from messages m where m.conversation_id = c.id and m.sender_id <> ${viewerId} and m.read_at is null) as unread
    from conversations c
    cross join lateral (select ${otherMemberOf('c', viewerId)} as other_id) o
    left join profiles p on p.user_id = o.other_id
    left join lateral (select m.content, m.sender_id, m.hidden, m.created_at from messages m where m.conversation_id = c.id
                       order by m.created_at desc, m.id desc limit 1) last on true
    where (c.user_a = ${viewerId} or c.user_b = ${viewerId})
      and not ${blockedBetween(viewerId, sql`o.other_id`)}
    order by coalesce(last.created_at, c.updated_at) desc`,
  );

/** A message row, as `messageColumns` selects it: the message as members see it, with its stored times. */
const ZMessageRow = ZMessage.pick({
  id: true,
  conversationId: true,
  senderId: true,
  content: true,
  type: true,
  clientKey: true,
  nudge: true,
  hidden: true,
}).extend({ readAt: column.date.nullable(), createdAt: column.date });
export type MessageRow = z.output<typeof ZMessageRow>;
const messageColumns = sql.raw(`id, conversation_id as "conversationId", sender_id as "senderId", content, type,
  client_key as "clientKey", nudge, hidden, read_at as "readAt", created_at as "createdAt"`);

/** The newest 100 messages (oldest first), or up to 500 after a message, for catch-up. */
export const selectMessages = (db: Execute, { conversationId, after }: { conversationId: string; after?: string }) =>
  selectRows(
    db,
    ZMessageRow,
    after
      ? sql`
        select ${messageColumns}
        from messages where conversation_id = ${conversationId}
          and (created_at, id) > (select created_at, id from messages where id = ${after} and conversation_id = ${conversationId})
        order by created_at, id limit 500`
      : sql`
        select * from (
          select ${messageColumns}
          from messages where conversation_id = ${conversationId} order by created_at desc, id desc limit 100) recent
        order by "createdAt", id`,
  );

/**
 * What sending needs: the participant view, the recipient's verified-only setting, the version of
 * their hidden words, the sender's name and plan.
 *
 * The version is null when they hide nothing; otherwise how many words and the XOR of the words'
 * 64-bit hashes, read from the primary key's index alone. The same list always has the same
 * version and any change to it gives another, whichever server instance made it, so a server
 * keeps the list compiled until the version changes (safety/hidden-word-matchers.ts).
 */
export const sendFactsStatement = (ids: Participation) => sql`
    select v.other_id, v.blocked, r.verified_only_messages and not coalesce(p.selfie_verified, false) as refused,
           (select count(*) || ':' || bit_xor(hashtextextended(hw.word, 0)) from hidden_words hw
             where hw.user_id = v.other_id having count(*) > 0) as hidden_words_version,
           coalesce(p.name, u.name) as sender_name, ${planColumns}
    from (${participantView(ids)}) v
    join "user" u on u.id = ${ids.viewerId}
    left join profiles p on p.user_id = u.id
    left join profiles r on r.user_id = v.other_id
    left join subscriptions s on s.user_id = u.id`;

const ZSendFacts = ZParticipantView.extend(ZPlanColumns.shape).extend({
  refused: z.boolean().nullable(),
  hidden_words_version: z.string().nullable(),
  sender_name: z.string().nullable(),
});

export async function selectSendFacts(db: Execute, ids: Participation) {
  return selectRow(db, ZSendFacts, sendFactsStatement(ids), { prepare: true });
}

export type MessageInput = Participation & {
  recipientId: string;
  content: string;
  clientKey: string;
  /** It contains a word the recipient hid: no notification, and no notification event. */
  hidden: boolean;
  note: NotificationNote;
};

/**
 * Stores a message once per client key, moves the conversation up, stores the recipient's
 * notification and sends both members the realtime events, in one statement (so atomically:
 * the events go out when the message is committed, and not for a retry that stored nothing). now() is the message's own created_at (the
 * transaction's time, to the microsecond); greatest(): two sends racing must not move the
 * conversation back in time. No row when the key was already used.
 */
export const messageInsertStatement = (m: MessageInput) => {
  const messageEvent: [string[], StatementEvent] = [
    [m.recipientId, m.viewerId],
    { type: 'message', conversationId: m.conversationId, messageId: sql`inserted.id` },
  ];
  // A hidden message raises no notification, so no notification event either.
  const notified = m.hidden
    ? sql`select inserted.*, null::uuid as notification_id, ${notifyInStatement([messageEvent])}
    from inserted`
    : sql`,
    noted as (${notificationUpsert(m.recipientId, m.note, sql`select 1 from inserted`)})
    select inserted.*, noted.id as notification_id, ${notifyInStatement([
      messageEvent,
      [[m.recipientId], { type: 'notification', notificationId: sql`noted.id` }],
    ])}
    from inserted, noted`;
  return sql`
    with inserted as (
      insert into messages (conversation_id, sender_id, content, client_key, nudge, hidden)
      values (${m.conversationId}, ${m.viewerId}, ${m.content}, ${m.clientKey}, ${nudgeFor(m.content)}, ${m.hidden})
      on conflict (sender_id, client_key) do nothing
      returning ${messageColumns}),
    touched as (update conversations set updated_at = greatest(updated_at, now()) where id = ${m.conversationId} and exists (select 1 from inserted))
    ${notified}`;
};

const ZStoredMessage = ZMessageRow.extend({ notification_id: z.string().nullable() });

/** messageInsertStatement's row; undefined when the key was already used. */
export async function insertMessage(db: Execute, m: MessageInput) {
  return selectRow(db, ZStoredMessage, messageInsertStatement(m), { prepare: true });
}

/** Marks the other member's unread messages read; the ids marked. */
export const markMessagesRead = (db: Execute, { viewerId, conversationId }: Participation) =>
  selectRows(
    db,
    ZId,
    sql`
    update messages set read_at = now()
    where conversation_id = ${conversationId} and sender_id <> ${viewerId} and read_at is null
    returning id`,
  );
