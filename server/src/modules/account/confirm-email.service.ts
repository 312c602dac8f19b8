import { and, eq } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify } from 'jose';
import { z } from 'zod';
import { CONFIRM_EMAIL_TEXT, normalizeEmail } from '../../../../contracts/auth';
import { consumeLimits } from '../../auth/rate-limit';
import { forgetSignUpAttempts } from '../../auth/sign-up-attempts';
import { hashPassword, verifyPassword } from '../../auth/password';
import type { Db } from '../../db/client';
import { account, session, twoFactor, user } from '../../db/schema';
import { AppError } from '../../lib/errors';

/** Wrong passwords one confirmation link may be tried with in an hour. */
const CONFIRM_TRIES_PER_HOUR = 10;

/**
 * The mailed confirmation link proves the mailbox, not who chose the account's password: anyone
 * can sign up with someone else's address, and the owner's inbox then holds a link to confirm
 * his account. So the link confirms the address only with the account's password (whoever
 * follows it knows it: she chose it), or with a new one, which ends every password, session
 * and second factor set before the mailbox was proven. Answers the address, for signing in.
 */
export async function confirmEmail(
  db: Db,
  secret: string,
  input: { token: string; password?: string; newPassword?: string },
): Promise<{ email: string }> {
  const email = await emailOfToken(secret, input.token);
  const [member] = await db
    .select({ id: user.id, verified: user.emailVerified, hash: account.password })
    .from(user)
    .leftJoin(account, and(eq(account.userId, user.id), eq(account.providerId, 'credential')))
    .where(eq(user.email, email))
    .limit(1);
  if (!member) throw new AppError('NOT_FOUND', CONFIRM_EMAIL_TEXT.linkInvalid);
  if (member.verified) throw new AppError('CONFLICT', CONFIRM_EMAIL_TEXT.alreadyConfirmed);
  await consumeLimits(db, [{ key: `confirm-email:${member.id}`, max: CONFIRM_TRIES_PER_HOUR, windowSeconds: 3600 }]);
  if (input.newPassword !== undefined) {
    const hash = await hashPassword(input.newPassword);
    await db.transaction(async (tx) => {
      await tx
        .update(account)
        .set({ password: hash, updatedAt: new Date() })
        .where(and(eq(account.userId, member.id), eq(account.providerId, 'credential')));
      await tx.delete(session).where(eq(session.userId, member.id));
      await tx.delete(twoFactor).where(eq(twoFactor.userId, member.id));
      // Whoever signed up first named the account and filled its details: none of it is hers.
      await tx
        .update(user)
        .set({ emailVerified: true, twoFactorEnabled: false, name: '', registration: null })
        .where(eq(user.id, member.id));
      await forgetSignUpAttempts(tx, secret, email);
    });
    return { email };
  }
  if (!member.hash || !(await verifyPassword({ hash: member.hash, password: input.password ?? '' })))
    throw new AppError('BAD_REQUEST', CONFIRM_EMAIL_TEXT.wrongPassword, { password: CONFIRM_EMAIL_TEXT.wrongPassword });
  await db.transaction(async (tx) => {
    // Nothing could have signed in before the address was confirmed; whatever did is ended all the same.
    await tx.delete(session).where(eq(session.userId, member.id));
    await tx.delete(twoFactor).where(eq(twoFactor.userId, member.id));
    await tx.update(user).set({ emailVerified: true, twoFactorEnabled: false }).where(eq(user.id, member.id));
    await forgetSignUpAttempts(tx, secret, email);
  });
  return { email };
}

/** The address a confirmation link was made for (better-auth's signed token), if it is genuine and fresh. */
async function emailOfToken(secret: string, token: string): Promise<string> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] });
    const parsed = z.object({ email: z.string(), updateTo: z.string().optional() }).safeParse(payload);
    // A change of address (updateTo) is not a flow of ours.
    if (parsed.success && parsed.data.updateTo === undefined) return normalizeEmail(parsed.data.email);
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw new AppError('NOT_FOUND', CONFIRM_EMAIL_TEXT.linkExpired);
  }
  throw new AppError('NOT_FOUND', CONFIRM_EMAIL_TEXT.linkInvalid);
}
