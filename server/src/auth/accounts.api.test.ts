import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { account, session, user } from '../db/schema';
import { confirmEmail, latestMail, PASSWORD, registerVerified, signIn, uniqueEmail } from '../../test/accounts';
import { ok } from '../../test/test-client';
import { startTestServer, testDatabaseKind, type TestServer } from '../../test/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

describe(`accounts on ${testDatabaseKind}`, () => {
  it('refuses passwords that break the rule, with the wording members are shown', async () => {
    const client = server.client();
    const cases: [string, string][] = [
      ['Short1', 'Password must be at least 8 characters long'],
      ['lowercase1', 'Password should contain at least one uppercase letter'],
      ['NoNumbersHere', 'Password should contain at least one number'],
    ];
    for (const [password, message] of cases) {
      const response = await client.json<{ error: { message: string } }>('POST', '/api/auth/sign-up/email', {
        email: uniqueEmail(),
        password,
        name: '',
      });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe(message);
    }
  });

  it('refuses a malformed email and an age under 18', async () => {
    const client = server.client();
    const badEmail = await client.json<{ error: { message: string } }>('POST', '/api/auth/sign-up/email', {
      email: 'not-an-email',
      password: PASSWORD,
      name: '',
    });
    expect(badEmail.status).toBe(400);
    const young = await client.json<{ error: { message: string } }>('POST', '/api/auth/sign-up/email', {
      email: uniqueEmail(),
      password: PASSWORD,
      name: '',
      registration: { age: 17 },
    });
    expect(young.status).toBe(400);
    expect(young.body.error.message).toBe('You must be at least 18 years old.');
  });

  it('keeps an unverified member out, then lets them in once the mailed link is followed', async () => {
    const client = server.client();
    const email = uniqueEmail();
    const registration = { name: 'Amy', age: 29, country: 'us', bio: 'Hi there', interests: ['hiking', 'jazz'] };
    const signUp = await client.json('POST', '/api/auth/sign-up/email', {
      email,
      password: PASSWORD,
      name: 'Amy',
      registration,
    });
    expect(signUp.status).toBe(200);

    const early = await signIn(client, email);
    expect(early.status).toBe(403);
    expect(early.body.error?.message).toBe('Email not confirmed');

    // The mailed link opens the page that confirms with the account's password; following it alone confirms nothing.
    const mail = await latestMail(client, email, 'Confirm your email');
    const link = new URL(mail.link!);
    expect(link.pathname).toBe('/confirm-email');
    expect((await signIn(client, email)).status).toBe(403);
    const verify = await confirmEmail(client, email, { password: PASSWORD }, link.searchParams.get('token')!);
    expect(verify.body).toEqual({ email });

    expect((await signIn(client, email)).status).toBe(200);
    const me = await ok(client.api.me.$get());
    expect(me.user.email).toBe(email);
    expect(me.registration).toEqual(registration);
    expect(me.isAdmin).toBe(false);
  });

  it('answers a wrong password with the message members are shown and stores argon2id hashes', async () => {
    const client = server.client();
    const { email } = await registerVerified(client);
    const wrong = await signIn(client, email, 'WrongPass1');
    expect(wrong.status).toBe(401);
    expect(wrong.body.error?.message).toBe('Invalid login credentials');

    const [row] = await server.deps.database.db
      .select({ hash: account.password })
      .from(account)
      .innerJoin(user, eq(user.id, account.userId))
      .where(eq(user.email, email));
    expect(row!.hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('sets an httpOnly, SameSite=Lax session cookie and forgets it on sign-out', async () => {
    const client = server.client();
    const { email } = await registerVerified(client);
    const response = await client.post('/api/auth/sign-in/email', { email, password: PASSWORD });
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('better-auth.session_token='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect((await client.api.me.$get()).status).toBe(200);

    expect((await client.post('/api/auth/sign-out', {})).status).toBe(200);
    expect((await client.api.me.$get()).status).toBe(401);
  });

  it('signs in with a magic link that works only once', async () => {
    const requester = server.client();
    const { email } = await registerVerified(requester);
    const sent = await requester.json('POST', '/api/auth/sign-in/magic-link', { email, callbackURL: '/dashboard' });
    expect(sent.status).toBe(200);
    const mail = await latestMail(requester, email, 'sign-in link');
    const link = new URL(mail.link!);

    const browser = server.client();
    const first = await browser.get(link.pathname + link.search);
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toContain('/dashboard');
    expect((await browser.api.me.$get()).status).toBe(200);

    const replay = server.client();
    await replay.get(link.pathname + link.search);
    expect((await replay.api.me.$get()).status).toBe(401);
  });

  it('does not create accounts or reveal them through the magic link', async () => {
    const client = server.client();
    const email = uniqueEmail('stranger');
    const response = await client.json('POST', '/api/auth/sign-in/magic-link', { email, callbackURL: '/dashboard' });
    expect(response.status).toBe(200);
    const rows = await server.deps.database.db.select().from(user).where(eq(user.email, email));
    expect(rows).toHaveLength(0);
  });

  it('resets a forgotten password and ends the old sessions', async () => {
    const oldDevice = server.client();
    const { email } = await registerVerified(oldDevice);
    expect((await signIn(oldDevice, email)).status).toBe(200);

    const client = server.client();
    expect(
      (await client.json('POST', '/api/auth/request-password-reset', { email, redirectTo: '/auth/reset-password' }))
        .status,
    ).toBe(200);
    const mail = await latestMail(client, email, 'Reset your Vouch password');
    const link = new URL(mail.link!);
    const redirect = await client.get(link.pathname + link.search);
    expect(redirect.status).toBe(302);
    const target = new URL(redirect.headers.get('location')!, server.url);
    expect(target.pathname).toBe('/auth/reset-password');
    const token = target.searchParams.get('token')!;

    const weak = await client.json<{ error: { message: string } }>('POST', '/api/auth/reset-password', {
      token,
      newPassword: 'weakpass',
    });
    expect(weak.status).toBe(400);
    expect((await client.json('POST', '/api/auth/reset-password', { token, newPassword: 'NewSecret456' })).status).toBe(
      200,
    );

    expect((await signIn(server.client(), email, PASSWORD)).status).toBe(401);
    expect((await signIn(server.client(), email, 'NewSecret456')).status).toBe(200);
    expect((await oldDevice.api.me.$get()).status).toBe(401);
    const reused = await client.json('POST', '/api/auth/reset-password', { token, newPassword: 'Another789X' });
    expect(reused.status).toBe(400);
  });

  it('answers 429 RATE_LIMITED, with the wait in words, after repeated wrong passwords for one email', async () => {
    const client = server.client();
    const { email } = await registerVerified(client);
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof signIn>> | undefined;
    for (let attempt = 0; attempt < 6; attempt++) {
      last = await signIn(client, email, 'WrongPass1');
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(last!.status).toBe(429);
    expect(last!.body.error?.code).toBe('RATE_LIMITED');
    expect(last!.body.error?.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    // The right password is refused too until the window passes: the limit is per email.
    expect((await signIn(client, email)).status).toBe(429);
  });

  it('refuses state changes from another origin', async () => {
    const client = server.client();
    const { email } = await registerVerified(client);
    const foreign = client.withOrigin('https://evil.example');
    expect((await foreign.post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(403);
    const none = client.withOrigin(null);
    expect((await none.post('/api/auth/sign-in/email', { email, password: PASSWORD })).status).toBe(403);
    const sessions = await server.deps.database.db
      .select()
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .where(eq(user.email, email));
    expect(sessions).toHaveLength(0);
  });

  it('refuses a session cookie whose signature was tampered with', async () => {
    const client = server.client();
    const { email } = await registerVerified(client);
    expect((await signIn(client, email)).status).toBe(200);
    const tokenOnly = client
      .cookieHeader()
      .split('; ')
      .find((c) => c.includes('session_token'))!;
    expect((await fetch(new URL('/api/matches', server.url), { headers: { cookie: tokenOnly } })).status).toBe(200);
    // The same token with another signature, and an unsigned token: both are strangers.
    const [name, value] = tokenOnly.split('=') as [string, string];
    const token = decodeURIComponent(value).split('.')[0]!;
    const forged = `${name}=${encodeURIComponent(`${token}.${Buffer.alloc(32, 7).toString('base64')}`)}`;
    for (const cookie of [forged, `${name}=${token}`]) {
      expect((await fetch(new URL('/api/matches', server.url), { headers: { cookie } })).status).toBe(401);
    }
  });

  it('moves the expiry of a session in use on once a day, and sends the browser the renewed cookie', async () => {
    const client = server.client();
    const { email } = await registerVerified(client);
    expect((await signIn(client, email)).status).toBe(200);
    const { db } = server.deps.database;
    const [member] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
    const userId = member!.id;
    const day = 24 * 3_600_000;
    // A session last extended two days ago, expiring tomorrow.
    await db
      .update(session)
      .set({ updatedAt: new Date(Date.now() - 2 * day), expiresAt: new Date(Date.now() + day) })
      .where(eq(session.userId, userId));
    const tokenOnly = client
      .cookieHeader()
      .split('; ')
      .find((c) => c.includes('session_token'))!;
    const response = await fetch(new URL('/api/matches', server.url), { headers: { cookie: tokenOnly } });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().some((line) => /session_token=[^;]+/.test(line))).toBe(true);
    const [row] = await db.select({ expiresAt: session.expiresAt }).from(session).where(eq(session.userId, userId));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * day);
    // Extended today: the next request is answered from the row alone, with no cookie to send.
    const next = await fetch(new URL('/api/matches', server.url), { headers: { cookie: tokenOnly } });
    expect(next.status).toBe(200);
    expect(next.headers.getSetCookie()).toEqual([]);
  });
});
