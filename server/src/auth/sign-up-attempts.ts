import { createHmac, randomUUID } from 'node:crypto';
import { normalizeEmail } from '../../../contracts/auth';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Every sign-up ends at "check your email", whether it opened an account or met one (confirmed,
 * unconfirmed, or a banned mailbox's). Signing in afterwards with the password typed must end
 * there too, or the difference tells who is a member: a new account answers "Email not
 * confirmed" to its password, an existing one "wrong password". So each sign-up's password is
 * kept a day, as a hash keyed with the server's secret (one typed by the owner herself must not
 * be guessable from the database), under a keyed hash of the address, and a sign-in refused with
 * it is answered as an unconfirmed one.
 */
const KEPT_SECONDS = 86_400;

const key = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');
const identifier = (secret: string, email: string) => `sign-up-attempt:${key(secret, normalizeEmail(email))}`;
const typed = (secret: string, email: string, password: string) =>
  key(secret, `sign-up-attempt:${normalizeEmail(email)}:${password}`);

export async function rememberSignUpAttempt(db: Db, secret: string, email: string, password: string): Promise<void> {
  await db.execute(sql`
    insert into verification (id, identifier, value, expires_at)
    values (${randomUUID()}, ${identifier(secret, email)}, ${typed(secret, email, password)},
            now() + make_interval(secs => ${KEPT_SECONDS}))`);
}

/** Whether this password was typed in a sign-up with this address in the last day. */
export async function wasTypedAtSignUp(db: Db, secret: string, email: string, password: string): Promise<boolean> {
  const found = await db.execute(sql`
    select 1 from verification
    where identifier = ${identifier(secret, email)} and value = ${typed(secret, email, password)} and expires_at > now()`);
  return found.rows.length > 0;
}

/** The address is confirmed now: its owner chose the password; passwords typed at sign-ups are forgotten. */
export async function forgetSignUpAttempts(db: Pick<Db, 'execute'>, secret: string, email: string): Promise<void> {
  await db.execute(sql`delete from verification where identifier = ${identifier(secret, email)}`);
}
