import { sql } from 'drizzle-orm';

/**
 * "Banned now": banned, or suspended until a time still ahead. The one rule for every place that
 * asks (sessions, sockets, photos, sign-up with a banned mailbox, mail, cases); a suspension whose
 * time has passed is over here at once, before the sweep that clears its columns
 * (admins.queries.ts, liftSuspensions) has run.
 */
export function isBannedNow(member: { banned: boolean | null; banExpires: Date | null }, now = new Date()): boolean {
  return !!member.banned && (member.banExpires === null || member.banExpires > now);
}

/** The same rule in SQL, over the "user" row the query names `alias` (absent from a left join: not banned). */
export const bannedNow = (alias: string) => {
  const row = sql.identifier(alias);
  return sql<boolean>`(coalesce(${row}.banned, false) and (${row}.ban_expires is null or ${row}.ban_expires > now()))`;
};
