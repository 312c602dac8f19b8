import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { memberId } from './auth';
import { datePlans } from './trust';
import { at, bytea, createdAtNow, primaryId } from './columns';

/**
 * A member's one trusted contact: someone outside Vouch who is emailed if the member misses a
 * date check-in. Nothing is sent to them before they confirm through the link in their
 * invitation (only the link token's hash is kept).
 */
export const trustedContacts = pgTable('trusted_contacts', {
  userId: memberId('user_id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  invitedAt: at('invited_at').notNull().defaultNow(),
  confirmedAt: at('confirmed_at'),
});

/**
 * "Ask me at 22:00 if I'm OK" for an accepted date. At checkAt the member is asked (a
 * notification and an email with an "I'm OK" link); if they have not answered graceMinutes
 * later, the contact confirmed at that moment is emailed. The asking and the alert are jobs (jobs
 * table), so they survive restarts and run once across servers. The link's token is a keyed hash
 * of the check-in and okNonce: the server can write it again for a retried mail, and the database
 * alone cannot.
 *
 * A check-in is its owner's alone: what the other member does (cancel, unmatch, block, leave,
 * get banned) never removes or silences it. So it keeps, as of the moment it was set, all the
 * alert needs (the other's first name and photo, the place and the time), and outlives its plan.
 */
export const dateCheckIns = pgTable(
  'date_check_ins',
  {
    id: primaryId(),
    /** The date; null once it is gone (the other member unmatched or left). */
    planId: uuid('plan_id').references(() => datePlans.id, { onDelete: 'set null' }),
    userId: memberId('user_id'),
    checkAt: at('check_at').notNull(),
    graceMinutes: integer('grace_minutes').notNull(),
    note: text('note').notNull().default(''),
    /** The member's time zone, so mail writes times as they read them. */
    timeZone: text('time_zone').notNull().default('UTC'),
    /**
     * scheduled, asked, ok, alerted (the contact was emailed), unsent (the alert was due and no
     * contact was confirmed to receive it) or cancelled (turned off by its owner).
     */
    status: text('status').notNull().default('scheduled'),
    /** The other member's first name, main photo (a small JPEG), the place and the start, as set. */
    otherName: text('other_name').notNull().default(''),
    otherPhoto: bytea('other_photo'),
    place: text('place').notNull().default(''),
    startsAt: at('starts_at'),
    /** Why the date itself is off while the check-in goes on: 'cancelled' or 'ended' (unmatched, blocked, left). */
    dateEnded: text('date_ended'),
    okNonce: text('ok_nonce').notNull(),
    askedAt: at('asked_at'),
    answeredAt: at('answered_at'),
    alertedAt: at('alerted_at'),
    createdAt: createdAtNow(),
  },
  (t) => [
    uniqueIndex('date_check_ins_plan_user_idx').on(t.planId, t.userId),
    index('date_check_ins_user_idx')
      .on(t.userId)
      .where(sql`status in ('scheduled', 'asked')`),
  ],
);
