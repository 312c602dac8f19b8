import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { TInboxMessage } from '../../../../contracts/admin';
import type { Db } from '../../db/client';
import { contactMessages, user } from '../../db/schema';
import type { Deps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { appendSecurityLog } from '../audit/security-log';
import { getPlanState } from '../plans/service';

/** Stores a contact or support message; a Premium member's support message is flagged as priority. */
export async function receiveMessage(
  db: Db,
  senderId: string | null,
  input: { kind: 'contact' | 'support'; name: string; email: string; subject: string; message: string },
): Promise<void> {
  let priority = false;
  if (senderId && input.kind === 'support') {
    const [account] = await db.select({ createdAt: user.createdAt }).from(user).where(eq(user.id, senderId));
    priority = !!account && (await getPlanState(db, senderId, account.createdAt)).tier === 'premium';
  }
  await db.insert(contactMessages).values({ ...input, userId: senderId, priority });
}

/** Unhandled messages first (priority support on top), then the handled ones; newest first. */
export async function listInbox(db: Db): Promise<TInboxMessage[]> {
  const rows = await db
    .select()
    .from(contactMessages)
    .orderBy(
      sql`${contactMessages.handledAt} is not null`,
      desc(contactMessages.priority),
      desc(contactMessages.createdAt),
    )
    .limit(100);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    userId: row.userId,
    priority: row.priority,
    handled: row.handledAt !== null,
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function markHandled(deps: Pick<Deps, 'database'>, adminId: string, id: string): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const [row] = await tx
      .update(contactMessages)
      .set({ handledAt: new Date(), handledBy: adminId })
      .where(and(eq(contactMessages.id, id), isNull(contactMessages.handledAt)))
      .returning({ id: contactMessages.id });
    if (!row) throw new AppError('NOT_FOUND', 'No unhandled message with that id.');
    await appendSecurityLog(tx, {
      eventType: 'inbox_message_handled',
      severity: 'info',
      actorId: adminId,
      details: { target: id, before: { handled: false }, after: { handled: true } },
    });
  });
}
