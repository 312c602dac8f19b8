import { composeMail } from '../../mail/compose';
import type { MailAttachment } from '../../mail/mailer';

/**
 * The check-in's mail. The contact's mails carry everything they are told and nothing more:
 * no link into Vouch, no address or account of the member's match.
 */

/** A moment as the member reads it: in their time zone, with the zone's name. */
export const inZone = (date: Date, timeZone: string) =>
  date.toLocaleString('en-GB', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  });

/**
 * The contact is greeted by the first word of the name the member typed for them: the rest is the
 * member's text, and a name is the one place where a stranger's words would reach a third party.
 */
const greeting = (contactName: string) => `Hello ${contactName.trim().split(/\s+/)[0] || 'there'},`;

export const contactInviteMail = (to: string, contactName: string, memberName: string, link: string) =>
  composeMail(
    to,
    `${memberName} asked you to be their trusted contact`,
    [
      { kind: 'paragraph', text: greeting(contactName) },
      {
        kind: 'paragraph',
        text: `${memberName} uses Vouch, a dating app, and would like you to be their trusted contact. When they go on a date, they can ask Vouch to check on them at a time they choose. If they do not answer, we email you with who they are meeting, where and when, so you can reach them.`,
      },
      { kind: 'button', label: 'Yes, I will be their contact', link },
      {
        kind: 'small',
        text: 'We email you only about missed check-ins, never anything else. If you do not follow the link, you will not hear from us again.',
      },
    ],
    { unrequested: true },
  );

export const checkInAskMail = (to: string, memberName: string, place: string, link: string) =>
  composeMail(to, 'Are you OK?', [
    { kind: 'paragraph', text: `Hi ${memberName}, you asked us to check on you during your date at ${place}.` },
    { kind: 'button', label: "I'm OK", link },
    {
      kind: 'small',
      text: 'If you do not press it in time, we email your trusted contact so they can reach you. If you are not safe, call your local emergency number now.',
    },
  ]);

const EMERGENCY =
  'If you cannot reach them and you are worried, call the local emergency number where they are: 112 across Europe, 999 in the UK, 911 in the US and Canada, 000 in Australia.';

export function checkInAlertMail(alert: {
  to: string;
  contactName: string;
  memberName: string;
  otherName: string;
  photo: MailAttachment | null;
  when: string;
  place: string;
  checkAt: string;
  note: string;
}) {
  return composeMail(alert.to, `${alert.memberName} has not checked in after their date`, [
    { kind: 'paragraph', text: greeting(alert.contactName) },
    {
      kind: 'paragraph',
      text: `${alert.memberName} asked us to check on them at ${alert.checkAt} and has not answered. They named you as their trusted contact. Please try to reach them now.`,
    },
    { kind: 'heading', text: 'Their date' },
    {
      kind: 'facts',
      rows: [
        ['Meeting', alert.otherName],
        ['When', alert.when],
        ['Where', alert.place],
      ],
    },
    ...(alert.photo
      ? [{ kind: 'photo' as const, attachment: alert.photo, alt: `${alert.otherName}'s profile photo` }]
      : []),
    ...(alert.note
      ? [{ kind: 'quote' as const, label: `What ${alert.memberName} wrote for you:`, text: alert.note }]
      : []),
    { kind: 'paragraph', text: EMERGENCY },
    {
      kind: 'small',
      text: `This is the only mail about this date unless ${alert.memberName} checks in late; then we tell you they are OK.`,
    },
  ]);
}

export const allClearMail = (to: string, contactName: string, memberName: string) =>
  composeMail(to, `${memberName} is OK`, [
    { kind: 'paragraph', text: greeting(contactName) },
    { kind: 'paragraph', text: `${memberName} has just checked in after their date: they say they are OK.` },
    { kind: 'small', text: 'Thank you for looking out for them.' },
  ]);
