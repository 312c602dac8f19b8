import { boolean, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { memberId } from './auth';
import { at } from './columns';

const on = (name: string) => boolean(name).notNull().default(true);

/** Which reminder mails a member wants (all by default), and their browser's time zone. */
export const reminderSettings = pgTable('reminder_settings', {
  userId: memberId('user_id').primaryKey(),
  newMatch: on('new_match'),
  unreadMessage: on('unread_message'),
  dateTomorrow: on('date_tomorrow'),
  dateToVerify: on('date_to_verify'),
  reportOutcome: on('report_outcome'),
  timeZone: text('time_zone'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * Each reminder mail sent, by what it was about (a match, a conversation and day, a date, a
 * case): written before the mail goes, so the same reminder is never sent twice.
 */
export const reminderMail = pgTable(
  'reminder_mail',
  {
    userId: memberId('user_id'),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    sentAt: at('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.key] })],
);
