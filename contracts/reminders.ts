import { z } from './zod';
import { ZTimeZone } from './check-ins';

/**
 * Mail to members who are away: what happened while they were not on Vouch. Each kind has its
 * own switch; every mail has a one-click unsubscribe for its kind and a link to these settings.
 * Nothing private goes in a mail: no message text, only first names.
 */
export const REMINDER_KINDS = [
  'new_match',
  'unread_message',
  'date_tomorrow',
  'date_to_verify',
  'report_outcome',
] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

export const REMINDER_LABELS: Record<ReminderKind, { label: string; description: string }> = {
  new_match: { label: 'New matches', description: 'When someone you liked likes you back.' },
  unread_message: { label: 'Unread messages', description: 'After an hour unread; one email a day per conversation.' },
  date_tomorrow: { label: 'Dates tomorrow', description: 'The day before a date you accepted.' },
  date_to_verify: { label: 'Dates to verify', description: 'After a date, so you can verify it and rate it.' },
  report_outcome: { label: 'Report outcomes', description: 'When our safety team has decided on a report you made.' },
};

export const ZReminderSettings = z.object(
  Object.fromEntries(REMINDER_KINDS.map((kind) => [kind, z.boolean()])) as Record<ReminderKind, z.ZodBoolean>,
);
export type TReminderSettings = z.infer<typeof ZReminderSettings>;
export const ZReminderSettingsInput = ZReminderSettings.partial();

/** The browser's time zone, so a reminder writes times as the member reads them. */
export const ZTimeZoneInput = z.object({ timeZone: ZTimeZone });

export const ZUnsubscribeToken = z.object({ token: z.string().min(20).max(200) });
export const ZUnsubscribed = z.object({ kind: z.enum(REMINDER_KINDS), label: z.string() });

/**
 * Mail an address did not ask for (a confirmation, a sign-in or reset link, a contact's
 * invitation): anyone can make us send it by typing the address. At most this many a day reach
 * one address, whoever asks and through whichever route, and each says how to stop them all.
 */
export const UNREQUESTED_MAIL_PER_DAY = 5;
export const ZMailStopToken = z.object({ token: z.string().regex(/^[0-9a-f]{64}$/) });
export const ZMailStopState = z.object({ stopped: z.boolean() });
