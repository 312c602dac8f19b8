import { createHash, randomBytes } from 'node:crypto';
import { normalizeEmail } from '../../../../contracts/auth';
import { CHECK_IN_TEXT, CONTACT_INVITES_PER_DAY, type TTrustedContact } from '../../../../contracts/check-ins';
import { consumeLimits } from '../../auth/rate-limit';
import type { Db } from '../../db/client';
import type { Deps, SessionUser } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { nameOf } from '../profiles/names';
import { canonicalEmail } from '../safety/returning';
import { confirmContactByToken, deleteContact, selectContact, upsertContact } from './check-ins.queries';
import { firstName } from '../../../../contracts/profile';
import { contactInviteMail } from './mails';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

type ContactRow = NonNullable<Awaited<ReturnType<typeof selectContact>>>;
const toContact = (row: ContactRow): TTrustedContact => ({
  name: row.name,
  email: row.email,
  confirmed: row.confirmed_at !== null,
  invitedAt: row.invited_at,
});

export async function getContact(db: Db, userId: string): Promise<TTrustedContact | null> {
  const row = await selectContact(db, userId);
  return row ? toContact(row) : null;
}

/**
 * Names the member's trusted contact and mails them an invitation to confirm. The same address
 * again keeps its confirmation (a new invitation is mailed only while unconfirmed); a new one
 * must confirm. Each invitation mails someone who never signed up, so they are limited per day.
 */
export async function setContact(
  deps: Pick<Deps, 'database' | 'mailer' | 'env' | 'clock'>,
  member: Pick<SessionUser, 'id' | 'email'>,
  input: { name: string; email: string },
): Promise<TTrustedContact> {
  const { db } = deps.database;
  const email = normalizeEmail(input.email);
  if (canonicalEmail(email) === canonicalEmail(member.email))
    throw new AppError('BAD_REQUEST', CHECK_IN_TEXT.contactIsYou, { email: CHECK_IN_TEXT.contactIsYou });
  const before = await selectContact(db, member.id);
  const keepsConfirmation = before?.email === email && before.confirmed_at !== null;
  if (!keepsConfirmation) {
    await consumeLimits(db, [
      { key: `contact-invite:${member.id}`, max: CONTACT_INVITES_PER_DAY, windowSeconds: 86_400 },
    ]).catch((error: unknown) => {
      throw error instanceof AppError && error.code === 'RATE_LIMITED'
        ? new AppError('RATE_LIMITED', CHECK_IN_TEXT.contactInvitesSpent, undefined, error.headers)
        : error;
    });
  }
  const token = randomBytes(32).toString('base64url');
  // Mailed before it is saved: an invitation the address's daily allowance (or its request to
  // stop) withholds changes nothing, and the member is told, not shown "invited".
  if (!keepsConfirmation) {
    const link = `${deps.env.BASE_URL}/trusted-contact?token=${token}`;
    const mail = contactInviteMail(email, input.name, firstName(await nameOf(db, member.id)), link);
    if ((await deps.mailer.send(mail)) === 'withheld')
      throw new AppError('BAD_REQUEST', CHECK_IN_TEXT.contactMailWithheld, {
        email: CHECK_IN_TEXT.contactMailWithheld,
      });
  }
  const row = await upsertContact(db, {
    userId: member.id,
    name: input.name,
    email,
    tokenHash: hashToken(token),
    now: deps.clock.now(),
  });
  return toContact(row);
}

export async function removeContact(db: Db, userId: string): Promise<void> {
  await deleteContact(db, userId);
}

/** The contact follows the link in their invitation (a public page: they have no account). */
export async function confirmContact(db: Db, token: string): Promise<{ firstName: string }> {
  const confirmed = await confirmContactByToken(db, hashToken(token));
  if (!confirmed) throw new AppError('NOT_FOUND', CHECK_IN_TEXT.linkInvalid);
  return { firstName: firstName(confirmed.member_name) };
}
