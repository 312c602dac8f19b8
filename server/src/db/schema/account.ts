import { boolean, date, index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { memberId } from './auth';
import { at, createdAtNow, primaryId } from './columns';

/**
 * A member's second-factor choices beyond what better-auth stores. better-auth keeps the
 * authenticator app (two_factor) and the overall flag (user.two_factor_enabled); the email
 * code is a choice of ours, so the server can refuse to mail codes to those who turned it off.
 */
export const accountSecurity = pgTable('account_security', {
  userId: memberId('user_id').primaryKey(),
  emailCode: boolean('email_code').notNull().default(false),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * The member's own security activity: sign-ins, password and second-factor changes,
 * sessions ended. Shown in Settings; the newest 100 are kept per member.
 */
export const accountEvents = pgTable(
  'account_events',
  {
    id: primaryId(),
    userId: memberId('user_id'),
    kind: text('kind').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAtNow(),
  },
  (t) => [index('account_events_user_idx').on(t.userId, t.createdAt)],
);

/** One Premium boost per member per UTC day; the primary key is the limit. */
export const boosts = pgTable(
  'boosts',
  {
    userId: memberId('user_id'),
    day: date('day').notNull(),
    endsAt: at('ends_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
