import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { PASSWORD, uniqueEmail } from '../../test/accounts';
import { freePort, startTestServer, type TestServer } from '../../test/test-server';

type Received = { to: string[]; raw: string };

describe('mail over SMTP_URL', () => {
  const received: Received[] = [];
  let smtp: SMTPServer;
  let server: TestServer;

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
    server = await startTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true` });
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
    expect(mail.raw).toMatch(/verify-email\?token=/);
    const outbox = await client.json<{ mail: { to: string }[] }>('GET', '/api/dev/mail');
    expect(outbox.body.mail.some((m) => m.to === email)).toBe(false);
  });
});
