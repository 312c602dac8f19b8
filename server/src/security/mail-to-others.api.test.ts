import { describe, expect, it } from 'vitest';
import { CHECK_IN_TEXT } from '../../../contracts/check-ins';
import { UNREQUESTED_MAIL_PER_DAY } from '../../../contracts/reminders';
import type { TDevMail } from '../../../contracts/responses';
import { PASSWORD, uniqueEmail } from '../../test/accounts';
import { requestFrom } from '../../test/from-address';
import { factoryMember } from '../../test/members';
import { serverSuite } from '../../test/suite';
import { testDatabaseKind } from '../../test/test-server';

/**
 * Someone using Vouch to mail a third party: every route that mails an address its owner did not
 * ask for, tried again and again, from one account and from several.
 */
const suite = serverSuite();

const mailTo = async (address: string): Promise<TDevMail[]> =>
  (await suite.server.client().json<{ mail: TDevMail[] }>('GET', '/api/dev/mail')).body.mail.filter(
    (mail) => mail.to === address,
  );

describe(`mail to someone who did not ask for it on ${testDatabaseKind}`, () => {
  it(`reaches an address at most ${UNREQUESTED_MAIL_PER_DAY} times a day by every route together, each mail with a link that stops them all`, async () => {
    const victim = uniqueEmail('third-party');
    const visitor = suite.server.client();
    const attempts: [string, () => Promise<unknown>][] = [
      [
        'sign-up',
        () => visitor.json('POST', '/api/auth/sign-up/email', { email: victim, password: PASSWORD, name: '' }),
      ],
      ...Array.from({ length: 12 }, (_, i): [string, () => Promise<unknown>] => [
        `sign-in ${i}`,
        () => suite.server.client().json('POST', '/api/auth/sign-in/email', { email: victim, password: PASSWORD }),
      ]),
      ...Array.from({ length: 4 }, (_, i): [string, () => Promise<unknown>] => [
        `reset ${i}`,
        () =>
          visitor.json('POST', '/api/auth/request-password-reset', {
            email: victim,
            redirectTo: '/auth/reset-password',
          }),
      ]),
    ];
    for (let i = 0; i < 3; i++) {
      const member = await factoryMember(suite.server, suite.passwordHash, { profile: { name: `Sender ${i}` } });
      attempts.push([
        `invitation ${i}`,
        () => member.client.json('PUT', '/api/trusted-contact', { name: 'Friend', email: victim }),
      ]);
    }
    const answers = new Map<string, unknown>();
    for (const [name, attempt] of attempts) answers.set(name, await attempt());
    await new Promise((resolve) => setTimeout(resolve, 200)); // mail goes out after some answers
    const received = await mailTo(victim);
    expect(received).toHaveLength(UNREQUESTED_MAIL_PER_DAY);
    // The invitations came after the allowance was spent: each member is told so, and her
    // settings show no contact "invited" (one was shown as invited though nothing was sent).
    for (let i = 0; i < 3; i++) {
      expect(answers.get(`invitation ${i}`)).toMatchObject({
        status: 400,
        body: { error: { message: CHECK_IN_TEXT.contactMailWithheld } },
      });
    }

    // Every one says how to stop them, in words and as the header a mail client shows as a button.
    for (const mail of received) {
      expect(mail.text).toMatch(/To stop them all: http:\/\/127\.0\.0\.1:\d+\/mail-stop\?token=[0-9a-f]{64}/);
      expect(mail.headers['List-Unsubscribe']).toMatch(/\/mail-stop\?token=[0-9a-f]{64}>$/);
    }

    // Stopped: nothing more reaches the address, whoever asks, tomorrow included.
    const other = uniqueEmail('stops');
    await visitor.json('POST', '/api/auth/sign-up/email', { email: other, password: PASSWORD, name: '' });
    const [first] = await mailTo(other);
    const token = new URL(first!.headers['List-Unsubscribe']!.slice(1, -1)).searchParams.get('token')!;
    expect((await visitor.json('POST', '/api/mail/stop', { token, stopped: true })).body).toEqual({ stopped: true });
    await suite.server.client().json('POST', '/api/auth/sign-in/email', { email: other, password: PASSWORD });
    await visitor.json('POST', '/api/auth/request-password-reset', {
      email: other,
      redirectTo: '/auth/reset-password',
    });
    expect(await mailTo(other)).toHaveLength(1);
    const inviter = await factoryMember(suite.server, suite.passwordHash);
    const invitation = await inviter.client.json('PUT', '/api/trusted-contact', { name: 'Friend', email: other });
    expect(invitation.status).toBe(400);
    expect((await inviter.client.json('GET', '/api/trusted-contact')).body).toEqual({ contact: null });
    // The owner can let them back from the same link.
    expect((await visitor.json('POST', '/api/mail/stop', { token, stopped: false })).body).toEqual({ stopped: false });
    await suite.server.client().json('POST', '/api/auth/sign-in/email', { email: other, password: PASSWORD });
    expect(await mailTo(other)).toHaveLength(2);
    // A made-up token is refused before it reaches the database.
    expect((await visitor.json('POST', '/api/mail/stop', { token: 'x'.repeat(64), stopped: true })).status).toBe(400);
  });

  it('never cuts the owner off: her reset, asked for from her own address or device, goes out after strangers spent the allowance', async () => {
    const email = uniqueEmail('owner');
    await factoryMember(suite.server, suite.passwordHash, { email }); // signed in from 127.0.0.1
    const ask = (address: string, path: string, body: Record<string, unknown>) =>
      requestFrom(address, `${suite.server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: suite.server.url },
        body: JSON.stringify({ email, ...body }),
      });
    for (let i = 0; i < UNREQUESTED_MAIL_PER_DAY + 2; i++)
      await ask(`127.0.12.${i + 1}`, '/api/auth/sign-in/magic-link', {});
    await expect.poll(async () => (await mailTo(email)).length).toBe(UNREQUESTED_MAIL_PER_DAY);
    // A stranger's reset is held back; hers, from the address she signs in from, is not.
    await ask('127.0.12.99', '/api/auth/request-password-reset', { redirectTo: '/auth/reset-password' });
    await ask('127.0.0.1', '/api/auth/request-password-reset', { redirectTo: '/auth/reset-password' });
    await expect
      .poll(async () => (await mailTo(email)).filter((m) => m.subject === 'Reset your Vouch password').length)
      .toBe(1);
    expect(await mailTo(email)).toHaveLength(UNREQUESTED_MAIL_PER_DAY + 1);
  });
});
