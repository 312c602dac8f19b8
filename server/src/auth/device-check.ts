import { and, eq } from 'drizzle-orm';
import { normalizeEmail } from '../../../contracts/auth';
import { LOGIN_HINTS } from '../../../contracts/messages';
import type { Db } from '../db/client';
import { account, user } from '../db/schema';
import { AppError } from '../lib/errors';
import type { Logger } from '../lib/logger';
import type { Mailer } from '../mail/mailer';
import { deviceApprovalMail } from '../mail/templates';
import { verifyPassword } from './password';
import { consumeLimits } from './rate-limit';
import { deviceApprovalToken } from './sign-in-guard';

/**
 * A sign-in from a new device after strangers spent the account's hourly allowance of guesses
 * (sign-in-guard.ts). The password is checked all the same: when it is right, the owner is mailed
 * a link that makes the device opening it known to the account, after which her sign-in goes
 * through as from her own device. The answer is the same whether the password was right or not,
 * and is given before the mail goes, so the guesser learns nothing from it.
 */
export async function deviceCheck(
  deps: { db: Db; mailer: Mailer; logger: Logger; secret: string; baseUrl: string },
  { email, password }: { email: string; password: unknown },
): Promise<AppError> {
  const [member] = await deps.db
    .select({ id: user.id, email: user.email, hash: account.password })
    .from(user)
    .innerJoin(account, and(eq(account.userId, user.id), eq(account.providerId, 'credential')))
    .where(eq(user.email, normalizeEmail(email)))
    .limit(1);
  const right =
    !!member?.hash && typeof password === 'string' && (await verifyPassword({ hash: member.hash, password }));
  if (right) mailDeviceApproval(deps, member);
  return new AppError('DEVICE_CHECK', LOGIN_HINTS.deviceCheck);
}

/** Device approvals mailed to one account an hour, at most: whoever holds her password cannot flood her. */
const APPROVALS_PER_HOUR = 3;

/**
 * Mails the owner a link that makes the device opening it known to her account, unless she had
 * her hour's approvals; in the background, so that the answer does not wait on (or time) it.
 */
export function mailDeviceApproval(
  deps: { db: Db; mailer: Mailer; logger: Logger; secret: string; baseUrl: string },
  member: { id: string; email: string },
): void {
  const link = `${deps.baseUrl}/approve-device?token=${deviceApprovalToken(deps.secret, member.id)}`;
  consumeLimits(deps.db, [{ key: `device-approval:${member.id}`, max: APPROVALS_PER_HOUR, windowSeconds: 3600 }])
    .then(
      () => deps.mailer.send(deviceApprovalMail(member.email, link)),
      (error: unknown) => {
        if (!(error instanceof AppError && error.code === 'RATE_LIMITED')) throw error;
      },
    )
    .catch((error: unknown) => deps.logger.error({ err: error }, 'a device approval could not be mailed'));
}
