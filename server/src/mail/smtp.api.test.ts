import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { PASSWORD, uniqueEmail } from '../../test/accounts';
import { createLogger } from '../lib/logger';
import { sampleMails } from '../../test/mail-samples';
import { freePort, startTestServer, type TestServer } from '../../test/test-server';
import { createMailer } from './mailer';

type Received = { to: string[]; raw: string };

describe('mail over SMTP_URL', () => {
  const received: Received[] = [];
  let smtp: SMTPServer;
  let server: TestServer;
  let smtpUrl = '';

  beforeAll(async () => {
    const port = await freePort();
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
    smtpUrl = `smtp://127.0.0.1:${port}?ignoreTLS=true`;
    server = await startTestServer({ SMTP_URL: smtpUrl });
  });
  afterAll(async () => {
    await server?.stop();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('sends the verification mail through the SMTP server instead of the outbox', async () => {
    const email = uniqueEmail('smtp');
    const client = server.client();
    expect((await client.json('POST', '/api/auth/sign-up/email', { email, password: PASSWORD, name: '' })).status).toBe(
      200,
    );
    await expect.poll(() => received.find((mail) => mail.to.includes(email)), { timeout: 10_000 }).toBeDefined();
    const mail = received.find((m) => m.to.includes(email))!;
    expect(mail.raw).toContain('Subject: Confirm your email for Vouch');
    expect(mail.raw).toMatch(/confirm-email\?token=/);
    const outbox = await client.json<{ mail: { to: string }[] }>('GET', '/api/dev/mail');
    expect(outbox.body.mail.some((m) => m.to === email)).toBe(false);
  });

  it('sends every reminder and check-in mail as a real SMTP server receives it: both parts, the unsubscribe headers, the photo', async () => {
    const mailer = createMailer({
      smtpUrl,
      from: 'Vouch <no-reply@vouch.example>',
      db: server.deps.database.db,
      logger: createLogger('silent'),
      production: true,
    });
    for (const [name, sample] of Object.entries(await sampleMails())) {
      const to = `${name}@example.com`;
      await mailer.send({ ...sample, to });
      const mail = received.find((m) => m.to.includes(to));
      expect(mail, name).toBeDefined();
      // Read as a mail reader would: line ends as \n, folded headers and soft line breaks joined.
      const raw = mail!.raw
        .replace(/\r\n/g, '\n')
        .replace(/\n[ \t]+/g, ' ')
        .replace(/=\n/g, '');
      expect(raw, name).toMatch(/Content-Type: text\/plain/);
      expect(raw, name).toMatch(/Content-Type: text\/html/);
      expect(raw, name).toContain('From: Vouch <no-reply@vouch.example>');
      if (name.startsWith('reminder-')) {
        expect(raw, name).toMatch(
          /^List-Unsubscribe: <https:\/\/vouch\.example\/api\/reminders\/unsubscribe\?token=.+>$/m,
        );
        expect(raw, name).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
      } else expect(raw, name).not.toContain('List-Unsubscribe');
      if (name === 'check-in-alert') {
        expect(raw).toMatch(/Content-Type: image\/jpeg/);
        expect(raw).toMatch(/Content-ID: <match-photo>/);
      }
    }
  });
});
