import sharp from 'sharp';
import type { Mail } from '../src/mail/mailer';
import { allClearMail, checkInAlertMail, checkInAskMail, contactInviteMail } from '../src/modules/check-ins/mails';
import {
  dateTomorrowMail,
  dateToVerifyMail,
  newMatchMail,
  reportOutcomeMail,
  unreadMessageMail,
} from '../src/modules/reminders/mails';
import { prng } from '../src/lib/random';
import { drawPortrait } from '../src/modules/seed/portraits';

const BASE = 'https://vouch.example';
const address = (to: string) => ({ to, userId: 'sample0member0id', baseUrl: BASE, secret: 'x'.repeat(32) });

/**
 * One of each mail a member or their contact gets beyond sign-in, with sample names: sent
 * through a real SMTP server in smtp.api.test.ts, and photographed by `npm run screenshots`.
 */
export async function sampleMails(): Promise<Record<string, Mail>> {
  const photo = await sharp(await drawPortrait(prng(11), false))
    .resize(320, 320, { fit: 'cover' })
    .jpeg({ quality: 80 })
    .toBuffer();
  const member = 'nora@example.com';
  return {
    'reminder-new-match': newMatchMail(address(member), 'Theo', `${BASE}/messages?conversation=1`),
    'reminder-unread-message': unreadMessageMail(address(member), 'Theo', `${BASE}/messages?conversation=1`),
    'reminder-date-tomorrow': dateTomorrowMail(
      address(member),
      'Theo',
      'Friday 27 November at 19:30 CET',
      `${BASE}/calendar`,
    ),
    'reminder-date-to-verify': dateToVerifyMail(address(member), 'Theo', `${BASE}/messages?conversation=1&verify=1`),
    'reminder-report-outcome': reportOutcomeMail(address(member), `${BASE}/settings`),
    'check-in-contact-invite': contactInviteMail('mia@example.com', 'Mia', 'Nora', `${BASE}/trusted-contact?token=t`),
    'check-in-ask': checkInAskMail(member, 'Nora', 'Harbour Bar', `${BASE}/check-in?token=t`),
    'check-in-alert': checkInAlertMail({
      to: 'mia@example.com',
      contactName: 'Mia',
      memberName: 'Nora',
      otherName: 'Theo',
      photo: { filename: 'match.jpg', cid: 'match-photo', contentType: 'image/jpeg', content: photo },
      when: 'Friday 27 November at 19:30 CET',
      place: 'Harbour Bar, 12 Quay Street',
      checkAt: 'Friday 27 November at 21:30 CET',
      note: 'Dinner with Theo, then maybe a walk along the river. I will text you when I am home.',
    }),
    'check-in-all-clear': allClearMail('mia@example.com', 'Mia', 'Nora'),
  };
}
