import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { devMail } from '../db/schema';
import type { Logger } from '../lib/logger';

export type Mail = { to: string; subject: string; text: string; html: string; link?: string };
export type Mailer = { kind: 'smtp' | 'outbox'; send(mail: Mail): Promise<void> };

/**
 * SMTP when SMTP_URL is set. Otherwise a development outbox: the mail is stored in the
 * database (listed at /dev/mail) and its link is logged, so every email flow can be
 * completed on a machine with no mail server.
 */
export function createMailer(options: { smtpUrl?: string; from: string; db: Db; logger: Logger }): Mailer {
  const { smtpUrl, from, db, logger } = options;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
      },
    };
  }
  return {
    kind: 'outbox',
    async send(mail) {
      await db.insert(devMail).values({ ...mail, link: mail.link ?? null });
      logger.info({ mailTo: mail.to, subject: mail.subject, link: mail.link }, 'mail written to the dev outbox');
    },
  };
}
