import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { devMail } from '../db/schema';
import type { Logger } from '../lib/logger';

/** A picture sent with a mail, shown in its HTML as `cid:<cid>`. */
export type MailAttachment = { filename: string; cid: string; contentType: string; content: Buffer };
export type Mail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  link?: string;
  /** Extra headers: List-Unsubscribe and List-Unsubscribe-Post on the reminder mail. */
  headers?: Record<string, string>;
  attachments?: MailAttachment[];
  /**
   * Mail the address did not ask for itself (anyone can make us send it by typing the address):
   * counted against the address's daily allowance, and carrying the link that stops it.
   */
  unrequested?: true;
};
/**
 * 'withheld': not sent because the address had its allowance of unrequested mail for the day or
 * asked us to stop (mail/unrequested.ts); a caller that tells a member "we emailed them" must not.
 */
export type MailOutcome = 'sent' | 'withheld';
export type Mailer = { kind: 'smtp' | 'outbox' | 'dropped'; send(mail: Mail): Promise<MailOutcome> };

/**
 * SMTP when SMTP_URL is set. In production without it (allowed only with MAIL_DISABLED), mail is
 * dropped and the log says so without the link, which would open someone's account. Otherwise a
 * development outbox: the mail is stored in the database (listed at /dev/mail, to this machine
 * only), so every email flow can be completed with no mail server. Links are never logged.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  db: Db;
  logger: Logger;
  production: boolean;
}): Mailer {
  const { smtpUrl, from, db, logger, production } = options;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail({
          from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers: mail.headers,
          attachments: mail.attachments,
        });
        return 'sent';
      },
    };
  }
  if (production) {
    return {
      kind: 'dropped',
      async send(mail) {
        logger.warn({ subject: mail.subject }, 'mail dropped: MAIL_DISABLED is set and there is no SMTP_URL');
        return 'sent';
      },
    };
  }
  return {
    kind: 'outbox',
    async send(mail) {
      const { attachments = [], headers = {}, unrequested: _unrequested, ...rest } = mail;
      await db.insert(devMail).values({
        ...rest,
        link: mail.link ?? null,
        headers,
        attachments: attachments.map(({ content, ...meta }) => ({ ...meta, base64: content.toString('base64') })),
      });
      logger.info({ mailTo: mail.to, subject: mail.subject }, 'mail written to the dev outbox (see /dev/mail)');
      return 'sent';
    },
  };
}
