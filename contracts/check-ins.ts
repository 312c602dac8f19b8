import { z } from './zod';
import { ZInstant } from './common';
import { NAME_TEXT, personName } from './text';

/**
 * Date check-ins: a member names one trusted contact, who confirms by a link; for an accepted
 * date they ask to be asked "Are you OK?" at a time of their choosing. If they do not answer
 * within the grace period, the contact gets an email. Free on every plan.
 */

export const CHECK_IN_GRACE_MINUTES = [15, 30, 60] as const;
export const CHECK_IN_NOTE_MAX = 500;
/** A check-in is asked between the date's start and this many hours after it. */
export const CHECK_IN_WINDOW_HOURS = 24;
/** Invitations a member may send to contacts per day (each mails someone who never signed up). */
export const CONTACT_INVITES_PER_DAY = 5;

export const CHECK_IN_TEXT = {
  contactNameRequired: 'Enter their name',
  contactNameTooLong: 'Please keep the name under 80 characters.',
  contactEmailInvalid: 'Please enter a valid email address.',
  contactIsYou: 'Your trusted contact must be someone else: enter their email, not yours.',
  contactInvitesSpent: `You can invite ${CONTACT_INVITES_PER_DAY} contacts a day. Try again tomorrow.`,
  contactMailWithheld:
    'We could not email this address: it has had all the emails we send an address unasked today, or it asked us to stop. Try again tomorrow, or name someone else.',
  contactNeeded: 'Add a trusted contact in Settings first, and wait for them to confirm.',
  contactNotConfirmed: 'Your trusted contact has not confirmed yet. Ask them to open the email we sent them.',
  timeRequired: 'Choose when we should ask you',
  timeOutsideDate: `Choose a time after the date starts and within ${CHECK_IN_WINDOW_HOURS} hours of it.`,
  timeInPast: 'Choose a time in the future.',
  graceInvalid: `Choose ${CHECK_IN_GRACE_MINUTES.join(', ')} minutes.`,
  noteTooLong: `Please keep it under ${CHECK_IN_NOTE_MAX} characters.`,
  notAccepted: 'A check-in can be set only for an accepted date.',
  linkInvalid: 'This link has expired or does not exist.',
  nobodyAlerted: 'Nobody could be alerted',
} as const;

/** An IANA time zone the browser reports, so mail shows times as the member reads them. */
export const ZTimeZone = z
  .string()
  .min(1)
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'Unknown time zone');

export const ZTrustedContactInput = z.object({
  name: z
    .string()
    .trim()
    .min(1, CHECK_IN_TEXT.contactNameRequired)
    .max(80, CHECK_IN_TEXT.contactNameTooLong)
    .refine(personName, NAME_TEXT.noLinks),
  email: z.email(CHECK_IN_TEXT.contactEmailInvalid).max(254, CHECK_IN_TEXT.contactEmailInvalid),
});
export type TTrustedContactInput = z.infer<typeof ZTrustedContactInput>;

export const ZTrustedContact = z.object({
  name: z.string(),
  email: z.string(),
  /** Whether they followed the link in their invitation; until then nothing is sent to them. */
  confirmed: z.boolean(),
  invitedAt: ZInstant,
});
export type TTrustedContact = z.infer<typeof ZTrustedContact>;

export const ZTrustedContactState = z.object({ contact: ZTrustedContact.nullable() });

/**
 * unsent: the alert was due and no contact was confirmed to receive it. cancelled: turned off by
 * its owner (nothing else turns a check-in off).
 */
export const CHECK_IN_STATUSES = ['scheduled', 'asked', 'ok', 'alerted', 'unsent', 'cancelled'] as const;

export const ZCheckInInput = z.object({
  checkAt: z.iso.datetime({ offset: true, error: CHECK_IN_TEXT.timeRequired }),
  graceMinutes: z.union(
    CHECK_IN_GRACE_MINUTES.map((minutes) => z.literal(minutes)),
    { error: CHECK_IN_TEXT.graceInvalid },
  ),
  note: z.string().trim().max(CHECK_IN_NOTE_MAX, CHECK_IN_TEXT.noteTooLong).default(''),
  timeZone: ZTimeZone.default('UTC'),
});
export type TCheckInInput = z.input<typeof ZCheckInInput>;

/**
 * A member's own check-in for one date. Only its owner ever reads it. It keeps what it was set
 * with (the other's first name, the place, the start), and outlives its date: planId is null
 * once the date is gone, and dateEnded says why it is off while the check-in goes on.
 */
export const ZCheckIn = z.object({
  id: z.uuid(),
  planId: z.string().nullable(),
  otherName: z.string(),
  place: z.string(),
  startsAt: ZInstant.nullable(),
  dateEnded: z.enum(['cancelled', 'ended']).nullable(),
  checkAt: ZInstant,
  graceMinutes: z.number(),
  note: z.string(),
  status: z.enum(CHECK_IN_STATUSES),
  askedAt: ZInstant.nullable(),
  answeredAt: ZInstant.nullable(),
  alertedAt: ZInstant.nullable(),
});
export type TCheckIn = z.infer<typeof ZCheckIn>;

export const ZCheckInList = z.object({ checkIns: z.array(ZCheckIn) });
export const ZLinkToken = z.object({ token: z.string().min(20).max(100) });
/** What a public link's page says it did: who the member is, by first name only. */
export const ZLinkOutcome = z.object({ firstName: z.string() });
