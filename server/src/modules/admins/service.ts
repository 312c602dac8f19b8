import { randomBytes } from 'node:crypto';
import { normalizeEmail } from '../../../../contracts/auth';
import { eq } from 'drizzle-orm';
import type { Deps } from '../../lib/context';
import { adminUsers, user } from '../../db/schema';
import { appendSecurityLog } from '../audit/security-log';

export type PromoteResult = { userId: string; email: string; created: boolean; password?: string };

/**
 * Creates or promotes an administrator: an admin_users row, the one source of admin rights.
 * A new account gets a generated password (printed once by the CLI) and a verified email.
 */
export async function createOrPromoteAdmin(
  deps: Pick<Deps, 'auth' | 'database'>,
  email: string,
  password?: string,
): Promise<PromoteResult> {
  const { db } = deps.database;
  const normalized = normalizeEmail(email);
  let [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, normalized)).limit(1);
  let generated: string | undefined;
  if (!existing) {
    generated = password ?? `${randomBytes(9).toString('base64url')}A1`;
    await deps.auth.api.signUpEmail({ body: { email: normalized, password: generated, name: 'Administrator' } });
    [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, normalized)).limit(1);
  }
  if (!existing) throw new Error(`the account of ${normalized} could not be made`);
  const userId = existing.id;
  await db.transaction(async (tx) => {
    await tx.update(user).set({ emailVerified: true }).where(eq(user.id, userId));
    await tx.insert(adminUsers).values({ userId }).onConflictDoNothing();
    await appendSecurityLog(tx, {
      eventType: 'admin_created',
      actorId: null,
      severity: 'warning',
      details: { userId, email: normalized, via: 'cli' },
    });
  });
  return { userId, email: normalized, created: !!generated, password: password ? undefined : generated };
}
