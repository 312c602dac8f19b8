import { createHmac, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * A sign-up with the address of a confirmed account leaves the account as it is. Signing in
 * afterwards with the password typed then would be refused as a wrong password, where the same
 * steps with an unused address end at "confirm your email": the difference tells who is a member.
 * So the typed password is kept a day, as a hash keyed with the server's secret (one typed by
 * the owner herself must not be guessable from the database), and such a sign-in is answered as
 * an unconfirmed one.
 */
const KEPT_SECONDS = 86_400;

const identifier = (userId: string) => `sign-up-attempt:${userId}`;
const keyed = (secret: string, userId: string, password: string) =>
  createHmac('sha256', secret).update(`sign-up-attempt:${userId}:${password}`).digest('hex');

export async function rememberSignUpAttempt(db: Db, secret: string, userId: string, password: string): Promise<void> {
  await db.execute(sql`
    insert into verification (id, identifier, value, expires_at)
    values (${randomUUID()}, ${identifier(userId)}, ${keyed(secret, userId, password)}, now() + make_interval(secs => ${KEPT_SECONDS}))`);
}

/** Whether this password was typed in a sign-up with the address of this account in the last day. */
export async function wasTypedAtSignUp(db: Db, secret: string, email: string, password: string): Promise<boolean> {
  const { rows } = await db.execute<{ id: string }>(
    sql`select id from "user" where email = ${email.trim().toLowerCase()}`,
  );
  const userId = rows[0]?.id;
  if (!userId) return false;
  const found = await db.execute(sql`
    select 1 from verification
    where identifier = ${identifier(userId)} and value = ${keyed(secret, userId, password)} and expires_at > now()`);
  return found.rows.length > 0;
}
