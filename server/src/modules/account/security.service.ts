import { and, eq, ne, sql } from 'drizzle-orm';
import {
  DELETE_TEXT,
  type AccountEventKind,
  type TActiveSession,
  type TSecuritySettings,
} from '../../../../contracts/account';
import { verifyPassword } from '../../auth/password';
import type { Db, Tx } from '../../db/client';
import { account, accountSecurity, session, twoFactor, user } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { RequestMeta } from '../../auth/hooks';
import { recordAccountEvent } from './events';
import { selectSecuritySettings } from './account.queries';

/** Sensitive changes need the member's current password. */
export async function requirePassword(db: Pick<Db, 'select'>, userId: string, password: string): Promise<void> {
  const [row] = await db
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')))
    .limit(1);
  if (!row?.hash || !(await verifyPassword({ hash: row.hash, password })))
    throw new AppError('BAD_REQUEST', DELETE_TEXT.wrongPassword, { password: DELETE_TEXT.wrongPassword });
}

/** An authenticator app counts once a code from it was verified (an unfinished set-up does not). */
export async function securitySettings(db: Pick<Db, 'execute'>, userId: string): Promise<TSecuritySettings> {
  const row = await selectSecuritySettings(db, userId);
  return { twoFactorEnabled: !!row?.enabled, authenticatorApp: !!row?.app, emailCode: !!row?.email_code };
}

/** Sign-in asks for a second factor while either the app or email codes are on. */
async function syncTwoFactorFlag(tx: Pick<Db, 'update' | 'execute'>, userId: string): Promise<TSecuritySettings> {
  const settings = await securitySettings(tx, userId);
  const enabled = settings.authenticatorApp || settings.emailCode;
  await tx.update(user).set({ twoFactorEnabled: enabled }).where(eq(user.id, userId));
  return { ...settings, twoFactorEnabled: enabled };
}

/**
 * A second factor turned on or off: the password first; the change and the sign-in flag in one
 * transaction; then the line in the member's security activity.
 */
async function changeSecondFactor(
  db: Db,
  { userId, password, meta, event }: { userId: string; password: string; meta: RequestMeta; event: AccountEventKind },
  change: (tx: Tx) => Promise<unknown>,
): Promise<TSecuritySettings> {
  await requirePassword(db, userId, password);
  const settings = await db.transaction(async (tx) => {
    await change(tx);
    return syncTwoFactorFlag(tx, userId);
  });
  await recordAccountEvent(db, userId, event, meta);
  return settings;
}

export const setEmailCode = (db: Db, userId: string, enabled: boolean, password: string, meta: RequestMeta) =>
  changeSecondFactor(
    db,
    { userId, password, meta, event: enabled ? 'mfa_email_enabled' : 'mfa_email_disabled' },
    (tx) =>
      tx
        .insert(accountSecurity)
        .values({ userId, emailCode: enabled })
        .onConflictDoUpdate({ target: accountSecurity.userId, set: { emailCode: enabled, updatedAt: new Date() } }),
  );

/** Turns the authenticator app off; email codes, if on, keep the second factor. */
export const disableAuthenticatorApp = (db: Db, userId: string, password: string, meta: RequestMeta) =>
  changeSecondFactor(db, { userId, password, meta, event: 'mfa_app_disabled' }, (tx) =>
    tx.delete(twoFactor).where(eq(twoFactor.userId, userId)),
  );

/** Whether email codes may be sent to this member (better-auth's sendOTP asks). */
export async function emailCodesAllowed(db: Pick<Db, 'select'>, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ on: accountSecurity.emailCode })
    .from(accountSecurity)
    .where(eq(accountSecurity.userId, userId));
  return !!row?.on;
}

export async function listSessions(
  db: Pick<Db, 'select'>,
  userId: string,
  currentId: string,
): Promise<TActiveSession[]> {
  const rows = await db
    .select()
    .from(session)
    .where(and(eq(session.userId, userId), sql`${session.expiresAt} > now()`))
    .orderBy(sql`${session.updatedAt} desc`);
  return rows.map((row) => ({
    id: row.id,
    current: row.id === currentId,
    ip: row.ipAddress ?? null,
    userAgent: row.userAgent ?? null,
    createdAt: row.createdAt.toISOString(),
    lastActiveAt: row.updatedAt.toISOString(),
  }));
}

/** Signs the member out everywhere but here; the sessions stop working at once (resolveSession reads the row). */
/** Signs one of the member's other devices out; this device signs out with Sign out instead. */
export async function revokeSession(
  db: Db,
  userId: string,
  currentId: string,
  sessionId: string,
  meta: RequestMeta,
): Promise<void> {
  if (sessionId === currentId)
    throw new AppError('BAD_REQUEST', 'This is the device you are using. Use Sign out to end this session.');
  const removed = await db
    .delete(session)
    .where(and(eq(session.userId, userId), eq(session.id, sessionId)))
    .returning({ id: session.id });
  if (!removed.length) throw new AppError('NOT_FOUND', 'That session has already ended.');
  await recordAccountEvent(db, userId, 'session_revoked', meta);
}

export async function revokeOtherSessions(
  db: Db,
  userId: string,
  currentId: string,
  meta: RequestMeta,
): Promise<number> {
  const removed = await db
    .delete(session)
    .where(and(eq(session.userId, userId), ne(session.id, currentId)))
    .returning({ id: session.id });
  if (removed.length) await recordAccountEvent(db, userId, 'sessions_revoked', meta);
  return removed.length;
}
