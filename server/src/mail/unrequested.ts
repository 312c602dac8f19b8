import { AsyncLocalStorage } from 'node:async_hooks';
import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { UNREQUESTED_MAIL_PER_DAY } from '../../../contracts/reminders';
import { consumeLimits } from '../auth/rate-limit';
import type { Db } from '../db/client';
import { AppError } from '../lib/errors';
import type { Logger } from '../lib/logger';
import type { Mail, Mailer } from './mailer';

/**
 * Set around a request whose mail its address's owner asked for herself: from a device or an
 * address her account has signed in from. Her reset or sign-in link then goes out even when
 * strangers have spent the day's allowance for her address (they could otherwise cut her off).
 */
export const ownersRequest = new AsyncLocalStorage<true>();

/**
 * Mail nobody at the address asked for (a confirmation, a sign-in or reset link, a contact's
 * invitation) can be made to go to any address by typing it. So, whoever asks and through
 * whichever route: an address gets at most UNREQUESTED_MAIL_PER_DAY of them a day, none once it
 * asked us to stop, and each carries the one link that stops them (and lets them back).
 */
export function limitUnrequestedMail(
  mailer: Mailer,
  options: { db: Db; secret: string; baseUrl: string; logger: Logger; canonical: (address: string) => string },
): Mailer {
  const { db, logger } = options;
  return {
    kind: mailer.kind,
    async send(mail) {
      if (!mail.unrequested || ownersRequest.getStore()) return mailer.send(mail);
      const key = mailAddressKey(options.secret, options.canonical(mail.to));
      const refused = await db.execute(sql`select 1 from mail_refusals where address_key = ${key}`);
      if (refused.rows.length) {
        logger.info({ subject: mail.subject }, 'unrequested mail not sent: the address asked us to stop');
        return 'withheld';
      }
      try {
        await consumeLimits(db, [
          { key: `unrequested-mail:${key}`, max: UNREQUESTED_MAIL_PER_DAY, windowSeconds: 86_400 },
        ]);
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'RATE_LIMITED')) throw error;
        logger.warn({ subject: mail.subject }, 'unrequested mail not sent: the address had its allowance for today');
        return 'withheld';
      }
      return mailer.send(withStopLink(mail, `${options.baseUrl}/mail-stop?token=${key}`));
    },
  };
}

/** The keyed hash an address is known by (the address itself is not kept): also its stop link's token. */
export const mailAddressKey = (secret: string, canonicalAddress: string) =>
  createHmac('sha256', secret).update(`mail-address:${canonicalAddress}`).digest('hex');

const STOP_TEXT = `Did not ask for this? Nothing happens unless you follow the link above, and we send an address at most ${UNREQUESTED_MAIL_PER_DAY} emails like this a day. To stop them all:`;

function withStopLink(mail: Mail, stop: string): Mail {
  const escaped = stop.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  const footer = `<p style="font-size:12px;color:#6b7280;line-height:1.5">${STOP_TEXT} <a href="${escaped}" style="color:#6b7280">stop emails from Vouch I did not ask for</a>.</p>`;
  return {
    ...mail,
    text: `${mail.text}\n\n${STOP_TEXT} ${stop}`,
    html: mail.html.includes('</body>') ? mail.html.replace('</body>', `${footer}\n</body>`) : `${mail.html}${footer}`,
    headers: { ...mail.headers, 'List-Unsubscribe': `<${stop}>` },
  };
}
