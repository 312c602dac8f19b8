import { createHmac, timingSafeEqual } from 'node:crypto';
import { REMINDER_KINDS, REMINDER_LABELS, type ReminderKind } from '../../../../contracts/reminders';
import { composeMail, type MailPart } from '../../mail/compose';

/**
 * The reminder mails. Each names people by first name only and carries no message text, no
 * place, no photo. Each ends with a one-click unsubscribe from its kind (the List-Unsubscribe
 * and List-Unsubscribe-Post headers, RFC 8058, and a link for people) and a link to the settings.
 */

/** The unsubscribe token: member, kind, and a keyed hash of the two. */
export const unsubscribeToken = (secret: string, userId: string, kind: ReminderKind) =>
  `${userId}.${kind}.${createHmac('sha256', secret).update(`unsubscribe:${userId}:${kind}`).digest('base64url')}`;

/** The member and kind a token names, when its hash is right. */
export function readUnsubscribeToken(secret: string, token: string): { userId: string; kind: ReminderKind } | null {
  const [userId = '', kind = '', mac = ''] = token.split('.');
  if (!(REMINDER_KINDS as readonly string[]).includes(kind) || !mac) return null;
  const expected = Buffer.from(unsubscribeToken(secret, userId, kind as ReminderKind));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given)
    ? { userId, kind: kind as ReminderKind }
    : null;
}

export type ReminderAddress = { to: string; userId: string; baseUrl: string; secret: string };

function reminderMail(address: ReminderAddress, kind: ReminderKind, subject: string, body: MailPart[]) {
  const token = unsubscribeToken(address.secret, address.userId, kind);
  const oneClick = `${address.baseUrl}/api/reminders/unsubscribe?token=${token}`;
  const forPeople = `${address.baseUrl}/unsubscribe?token=${token}`;
  return composeMail(
    address.to,
    subject,
    [
      ...body,
      {
        kind: 'small',
        text: `You get this email because “${REMINDER_LABELS[kind].label}” is on in your email settings and you were not on Vouch.`,
      },
      {
        kind: 'links',
        links: [
          [`Stop emails about ${REMINDER_LABELS[kind].label.toLowerCase()}`, forPeople],
          ['Email settings', `${address.baseUrl}/settings#email`],
        ],
      },
    ],
    { headers: { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } },
  );
}

export const newMatchMail = (address: ReminderAddress, otherName: string, link: string) =>
  reminderMail(address, 'new_match', `You have a new match: ${otherName}`, [
    { kind: 'paragraph', text: `${otherName} likes you too. Say hello, and meet somewhere public for the first date.` },
    { kind: 'button', label: `Say hello to ${otherName}`, link },
  ]);

export const unreadMessageMail = (address: ReminderAddress, senderName: string, link: string) =>
  reminderMail(address, 'unread_message', `${senderName} sent you a message`, [
    { kind: 'paragraph', text: `A message from ${senderName} has been waiting for you on Vouch for an hour.` },
    { kind: 'button', label: 'Read it on Vouch', link },
  ]);

export const dateTomorrowMail = (address: ReminderAddress, otherName: string, when: string, link: string) =>
  reminderMail(address, 'date_tomorrow', `Your date with ${otherName} is tomorrow`, [
    { kind: 'paragraph', text: `A reminder: you are meeting ${otherName} on ${when}.` },
    {
      kind: 'paragraph',
      text: 'Meet somewhere public and get there on your own. You can share the date with a friend, or set a check-in so we ask you during the date whether you are OK.',
    },
    { kind: 'button', label: 'See the date', link },
  ]);

export const dateToVerifyMail = (address: ReminderAddress, otherName: string, link: string) =>
  reminderMail(address, 'date_to_verify', `How did your date with ${otherName} go?`, [
    {
      kind: 'paragraph',
      text: `Verify it with a photo of the two of you. Once ${otherName} confirms it, you can both rate the date.`,
    },
    { kind: 'button', label: 'Verify the date', link },
  ]);

export const reportOutcomeMail = (address: ReminderAddress, link: string) =>
  reminderMail(address, 'report_outcome', 'We have reviewed your report', [
    {
      kind: 'paragraph',
      text: 'Our safety team has decided on a report you made. The outcome is in Settings, under My reports. The member you reported is never told who reported them.',
    },
    { kind: 'button', label: 'See the outcome', link },
  ]);
