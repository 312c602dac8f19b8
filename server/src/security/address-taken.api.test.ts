import { describe, expect, it } from 'vitest';
import { CONFIRM_EMAIL_TEXT } from '../../../contracts/auth';
import { confirmationToken, confirmEmail, latestMail, PASSWORD, signIn, uniqueEmail } from '../../test/accounts';
import { factoryMember } from '../../test/members';
import { serverSuite } from '../../test/suite';
import { testDatabaseKind } from '../../test/test-server';

/**
 * Someone signs up first with a woman's address, his password in the account. Whatever link she
 * then follows, the account ends up with her password and nothing of his; and the same steps
 * tell no one whether an address belongs to a member.
 */
const suite = serverSuite();
const ATTACKERS = 'Attacker123';

const signUp = (email: string, password: string, details: Record<string, unknown> = { name: '' }) =>
  suite.server.client().json('POST', '/api/auth/sign-up/email', { email, password, ...details });

describe(`an address taken first, on ${testDatabaseKind}`, () => {
  it('never lets an account someone else opened with her address stand in her way, whichever link she follows', async () => {
    for (const link of ['his', 'hers'] as const) {
      const victim = uniqueEmail(`taken-${link}`);
      const visitor = suite.server.client();
      const hisDetails = { name: 'Mallory Attacker', registration: { age: 19, bio: 'his bio', interests: ['scams'] } };
      expect((await signUp(victim, ATTACKERS, hisDetails)).status).toBe(200);
      const his = await confirmationToken(visitor, victim);
      // Her own sign-up mails her a link (it used to mail nothing: his was the only one).
      expect((await signUp(victim, PASSWORD)).status).toBe(200);
      const hers = await confirmationToken(visitor, victim);
      expect(hers).not.toBe(his);
      const token = link === 'his' ? his : hers;

      // Following the link is not enough; nor is her own password, which the account does not have.
      const tried = await confirmEmail(visitor, victim, { password: PASSWORD }, token);
      expect([tried.status, tried.body.error?.message]).toEqual([400, CONFIRM_EMAIL_TEXT.wrongPassword]);
      expect((await signIn(suite.server.client(), victim, ATTACKERS)).status).toBe(403);
      // She chooses her own: everything set before she proved the mailbox ends.
      const chosen = await confirmEmail(visitor, victim, { newPassword: 'HerOwn2026' }, token);
      expect(chosen.body).toEqual({ email: victim });
      expect((await signIn(suite.server.client(), victim, ATTACKERS)).status).toBe(401);
      const her = suite.server.client();
      expect((await signIn(her, victim, 'HerOwn2026')).status).toBe(200);
      // Nothing he typed stays: not his name, not his details.
      const { body: me } = await her.json<{ user: { name: string }; registration: unknown }>('GET', '/api/me');
      expect([me.user.name, me.registration]).toEqual(['', null]);
      // The link is spent.
      const again = await confirmEmail(visitor, victim, { newPassword: 'Attacker456' }, token);
      expect([again.status, again.body.error?.message]).toEqual([409, CONFIRM_EMAIL_TEXT.alreadyConfirmed]);
    }
  });

  it('keeps nothing of his when she gets in by a sign-in link instead (the link proves her mailbox)', async () => {
    const victim = uniqueEmail('taken-link');
    const hisDetails = { name: 'Mallory Attacker', registration: { age: 19, bio: 'his bio', interests: ['scams'] } };
    expect((await signUp(victim, ATTACKERS, hisDetails)).status).toBe(200);
    const her = suite.server.client();
    expect(
      (await her.json('POST', '/api/auth/sign-in/magic-link', { email: victim, callbackURL: '/dashboard' })).status,
    ).toBe(200);
    const link = (await latestMail(her, victim, 'Your Vouch sign-in link')).link!;
    const followed = await her.get(new URL(link).pathname + new URL(link).search);
    expect(followed.status).toBe(302);
    const { body: me } = await her.json<{ user: { name: string }; registration: unknown }>('GET', '/api/me');
    expect([me.user.name, me.registration]).toEqual(['', null]);
    // His password is gone, and answered as any wrong password is (not "confirm your email").
    const his = await signIn(suite.server.client(), victim, ATTACKERS);
    expect([his.status, (his.body as { error?: { code: string } }).error?.code]).toEqual([
      401,
      'INVALID_EMAIL_OR_PASSWORD',
    ]);
  });

  it('confirms nothing on opening an old-style link, refuses a forged token, and keeps guesses at the password few', async () => {
    const email = uniqueEmail('forged');
    expect((await signUp(email, ATTACKERS)).status).toBe(200);
    const visitor = suite.server.client();
    const token = await confirmationToken(visitor, email);
    const opened = await visitor.get(`/api/auth/verify-email?token=${token}&callbackURL=/login`);
    expect([opened.status, opened.headers.get('location')]).toEqual([302, `/confirm-email?token=${token}`]);
    expect((await signIn(suite.server.client(), email, ATTACKERS)).status).toBe(403);

    const [head, , signature] = token.split('.');
    const forgedBody = Buffer.from(JSON.stringify({ email, exp: 9_999_999_999 })).toString('base64url');
    const forged = await confirmEmail(
      visitor,
      email,
      { newPassword: 'Forged1234' },
      `${head}.${forgedBody}.${signature}`,
    );
    expect([forged.status, forged.body.error?.message]).toEqual([404, CONFIRM_EMAIL_TEXT.linkInvalid]);

    const guesses: number[] = [];
    for (let i = 0; i < 12; i++)
      guesses.push((await confirmEmail(visitor, email, { password: `Guess${i}Pass` }, token)).status);
    expect(guesses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(2);
  });

  it('answers the same for a member and a stranger: sign up with the address, then sign in with the password typed', async () => {
    const member = uniqueEmail('member');
    await factoryMember(suite.server, suite.passwordHash, { email: member });
    const stranger = uniqueEmail('stranger');
    const answers: { up: unknown[]; in: unknown[] }[] = [];
    // Once, and twice with two passwords signing in with the second (an unconfirmed account keeps its first).
    for (const email of [member, stranger]) {
      const up = await signUp(email, 'Probe1234');
      const inAfter = await signIn(suite.server.client(), email, 'Probe1234');
      await signUp(email, 'Probe5678');
      const inAfterSecond = await signIn(suite.server.client(), email, 'Probe5678');
      answers.push({
        up: [up.status, up.body],
        in: [inAfter.status, inAfter.body, inAfterSecond.status, inAfterSecond.body],
      });
    }
    // The sign-up answer names a made-up user either way: only its id and address differ.
    const shape = (answer: (typeof answers)[number]) =>
      JSON.stringify(answer)
        .replace(/"(id|email)":"[^"]+"/g, '"$1":"…"')
        .replace(/"(createdAt|updatedAt)":"[^"]+"/g, '"$1":"…"');
    expect(shape(answers[0]!)).toBe(shape(answers[1]!));
    expect(answers[0]!.in[0]).toBe(403);
    // The member's own password still works, and she was told someone tried.
    expect((await signIn(suite.server.client(), member, PASSWORD)).status).toBe(200);
  });
});
