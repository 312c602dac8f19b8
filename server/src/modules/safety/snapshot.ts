import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { SNAPSHOT_MESSAGES } from '../../../../contracts/safety';
import type { Db } from '../../db/client';
import type { SnapshotMessage } from '../../db/schema';

/** The latest messages of a conversation, oldest first, as sealed into reports and past matches. */
export async function snapshotConversation(
  db: Pick<Db, 'execute'>,
  conversationId: string,
): Promise<SnapshotMessage[]> {
  const { rows } = await db.execute<{ id: string; sender_id: string; content: string; created_at: Date | string }>(sql`
    select id, sender_id, content, created_at from messages where conversation_id = ${conversationId}
    order by created_at desc, id desc limit ${SNAPSHOT_MESSAGES}`);
  return rows.reverse().map((row) => ({
    id: row.id,
    senderId: row.sender_id,
    content: row.content,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

/**
 * The seal stored beside a snapshot: any later edit of the evidence no longer matches it.
 * Hashed in a fixed field order, because jsonb does not keep the order keys were written in.
 */
export function sealOf(snapshot: SnapshotMessage[]): string {
  const canonical = snapshot.map((m) => [m.id, m.senderId, m.content, m.createdAt]);
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}
