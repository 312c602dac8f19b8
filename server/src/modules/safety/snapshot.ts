import { createHash } from 'node:crypto';
import type { Db } from '../../db/client';
import type { SnapshotMessage } from '../../db/schema';
import { selectSnapshot } from './safety.queries';

/** The latest messages of a conversation, oldest first, as sealed into reports and past matches. */
export async function snapshotConversation(
  db: Pick<Db, 'execute'>,
  conversationId: string,
): Promise<SnapshotMessage[]> {
  return (await selectSnapshot(db, conversationId)).map((row) => ({
    id: row.id,
    senderId: row.sender_id,
    content: row.content,
    createdAt: row.created_at,
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
