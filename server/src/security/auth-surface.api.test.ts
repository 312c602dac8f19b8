import { LOGIN_HINTS } from '../../../contracts/messages';
import { describe, expect, it } from 'vitest';
import * as OTPAuth from 'otpauth';
import { eq, sql } from 'drizzle-orm';
import { account, adminUsers, user } from '../db/schema';
import { verifyPassword } from '../auth/password';
import { isExposedAuthRoute } from '../auth/routes';
import { latestMail, PASSWORD, uniqueEmail } from '../../test/accounts';
import { cookiesOf, requestFrom } from '../../test/from-address';
import { factoryAdmin, factoryMember } from '../../test/members';
import { serverSuite } from '../../test/suite';
import { testDatabaseKind } from '../../test/test-server';
import type { TestClient } from '../../test/test-client';

type ErrorBody = { error: { code: string; message: string } };

/**
 * Attacks on what better-auth mounts under /api/auth: every endpoint it defines (admin plugin
 * or not, exposed or not) is called by every kind of caller with a body aimed at another
 * member's account; every encoding of a body is tried on the routes the limits guard; and a
 * stranger tries to lock a member out.
 */
const suite = serverSuite({ RATE_LIMIT_IP_MAX: '1000' });
const HIJACK = 'Hijacked123';

type Endpoint = { method: string; path: string };

/**
 * The routes better-auth's admin plugin mounted while it was installed: an attacker tries them
 * whether or not they are defined today.
 */
const ADMIN_PLUGIN_ROUTES: Endpoint[] = [
  ...['/admin/get-user', '/admin/list-users'].map((path) => ({ method: 'GET', path })),
  ...[
    'ban-user',
    'create-user',
    'has-permission',
    'impersonate-user',
    'list-user-sessions',
    'remove-user',
    'revoke-user-session',
    'revoke-user-sessions',
    'set-role',
    'set-user-password',
    'stop-impersonating',
    'unban-user',
    'update-user',
  ].map((name) => ({ method: 'POST', path: `/admin/${name}` })),
];

/** Every HTTP endpoint better-auth defines with this configuration, read from the running server, and the admin plugin's. */
function authEndpoints(): Endpoint[] {
  const endpoints: Endpoint[] = [...ADMIN_PLUGIN_ROUTES];
  for (const endpoint of Object.values(
    suite.server.deps.auth.api as Record<string, { path?: string; options?: { method?: string | string[] } }>,
  )) {
    if (!endpoint?.path) continue;
    for (const method of [endpoint.options?.method ?? 'GET'].flat()) {
      if (method === 'GET' || method === 'POST') endpoints.push({ method, path: endpoint.path });
    }
  }
  // Signing out ends the caller's own session: last, so the other calls are made signed in.
  return endpoints.sort((a, b) => Number(a.path === '/sign-out') - Number(b.path === '/sign-out'));
}

async function passwordHashOf(userId: string): Promise<string> {
  const [row] = await suite.server.deps.database.db
    .select({ password: account.password })
    .from(account)
    .where(eq(account.userId, userId));
  return row!.password!;
}

describe(`better-auth's own routes on ${testDatabaseKind}`, () => {
  it(
    'mounts no route that can act on another account, for any caller, an admin included',
    { timeout: 180_000 },
    async () => {
      const db = suite.server.deps.database.db;
      const ownerEmail = uniqueEmail('owner');
      const owner = await factoryMember(suite.server, suite.passwordHash, {
        email: ownerEmail,
        profile: { name: 'Olive' },
      });
      const other = await factoryMember(suite.server, suite.passwordHash, { profile: { name: 'Otto' } });
      const banned = await factoryMember(suite.server, suite.passwordHash, { profile: { name: 'Bart' } });
      await db.execute(sql`update "user" set banned = true where id = ${banned.id}`);
      const admin = await factoryAdmin(suite.server);
      // An admin whose 24-hour window has passed: refused by /api/admin/*, and by everything here.
      const staleAdmin = await factoryAdmin(suite.server);
      await db.execute(
        sql`update session set created_at = now() - interval '25 hours' where user_id = ${staleAdmin.id}`,
      );
      const adminsBefore = (await db.select().from(adminUsers)).length;

      const endpoints = authEndpoints();
      expect(endpoints.length).toBeGreaterThan(50);
      // Aimed at the owner: their id, their email, a new password and a role.
      const body = {
        userId: owner.id,
        id: owner.id,
        email: ownerEmail,
        newEmail: 'taken@example.com',
        password: HIJACK,
        newPassword: HIJACK,
        currentPassword: HIJACK,
        role: 'admin',
        name: 'Hijacked',
        token: 'x',
        sessionToken: 'x',
        code: '000000',
      };
      const principals: [string, TestClient][] = [
        ['visitor', suite.server.client()],
        ['other', other.client],
        ['banned', banned.client],
        ['admin', admin.client],
        ['stale admin', staleAdmin.client],
      ];
      const failures: string[] = [];
      let cells = 0;
      for (const [who, client] of principals) {
        for (const endpoint of endpoints) {
          const url = `/api/auth${endpoint.path.replace(/:[a-zA-Z]+/g, 'x')}`;
          const response = await client.request(endpoint.method, url, endpoint.method === 'POST' ? body : undefined);
          const text = await response.text();
          cells++;
          const where = `${endpoint.method} ${endpoint.path} as ${who}: ${response.status}`;
          if (response.status >= 500) failures.push(`${where} (server error)`);
          if (
            !isExposedAuthRoute(endpoint.method, endpoint.path.replace(/:[a-zA-Z]+/g, 'x')) &&
            response.status !== 404
          )
            failures.push(`${where}, expected 404`);
          // Sign-up answers with the email it was given (the same for a new address as a taken one).
          if (text.includes(ownerEmail) && endpoint.path !== '/sign-up/email')
            failures.push(`${where} leaked the owner's email`);
          if (text.includes('Olive')) failures.push(`${where} leaked the owner's name`);
        }
      }
      expect(failures).toEqual([]);

      // Nothing of the owner's changed: password, email, name, ban, admin rights.
      expect(await verifyPassword({ hash: await passwordHashOf(owner.id), password: PASSWORD })).toBe(true);
      const [after] = await db
        .select({ email: user.email, name: user.name, banned: user.banned })
        .from(user)
        .where(eq(user.id, owner.id));
      expect(after).toEqual({ email: ownerEmail, name: expect.not.stringContaining('Hijacked'), banned: false });
      expect((await db.select().from(adminUsers)).length).toBe(adminsBefore);
      expect((await owner.client.json('GET', '/api/me')).status).toBe(200);
      console.info(
        `better-auth routes: ${endpoints.length} endpoints × ${principals.length} principals = ${cells} requests, ${failures.length} failures`,
      );
    },
  );

  it('refuses every body encoding but JSON on its POST routes, before anything is counted or sent', async () => {
    const email = uniqueEmail('enc');
    await factoryMember(suite.server, suite.passwordHash, { email });
    const client = suite.server.client();
    const posts = authEndpoints().filter((e) => e.method === 'POST' && isExposedAuthRoute(e.method, e.path));
    const fields = {
      email,
      password: 'Wrong123Guess',
      name: 'Enc',
      newPassword: 'Another123',
      token: 'x',
      code: '000000',
    };
    const form = () => {
      const data = new FormData();
      for (const [key, value] of Object.entries(fields)) data.append(key, value);
      return data;
    };
    const raw = (url: string, type: string | null, payload: string | FormData) =>
      fetch(new URL(url, client.baseUrl), {
        method: 'POST',
        headers: { origin: client.baseUrl, ...(type ? { 'content-type': type } : {}) },
        body: payload,
      });
    const encodings: [string, () => Promise<Response>][] = [];
    for (const { path } of posts) {
      const url = `/api/auth${path}`;
      encodings.push(
        [`${path} form`, () => raw(url, 'application/x-www-form-urlencoded', new URLSearchParams(fields).toString())],
        [`${path} multipart`, () => raw(url, null, form())],
        [`${path} text`, () => raw(url, 'text/plain', JSON.stringify(fields))],
        [`${path} json-ish`, () => raw(url, 'application/jsonx', JSON.stringify(fields))],
      );
    }
    const mailBefore = await suite.server.deps.database.db.execute(sql`select count(*)::int as n from dev_mail`);
    for (const [name, send] of encodings) {
      const response = await send();
      expect(response.status, name).toBe(415);
      expect(((await response.json()) as { error: { code: string } }).error.code, name).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    expect((await suite.server.deps.database.db.execute(sql`select count(*)::int as n from dev_mail`)).rows).toEqual(
      mailBefore.rows,
    );

    // Twelve form-encoded guesses were never evaluated; JSON guesses meet the limit after five.
    for (let i = 0; i < 12; i++)
      expect(
        (
          await raw(
            '/api/auth/sign-in/email',
            'application/x-www-form-urlencoded',
            `email=${encodeURIComponent(email)}&password=Form${i}Guess`,
          )
        ).status,
      ).toBe(415);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push(
        (await client.json('POST', '/api/auth/sign-in/email', { email, password: `Wrong${i}Guess` })).status,
      );
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });

  it(
    'never counts a right password, and a stranger guessing from many addresses cannot lock the owner out',
    { timeout: 120_000 },
    async () => {
      const email = uniqueEmail('lock');
      const owner = await factoryMember(suite.server, suite.passwordHash, { email });
      const url = `${suite.server.url}/api/auth/sign-in/email`;
      const signInFrom = (address: string, password: string, cookie?: string) =>
        requestFrom(address, url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: suite.server.url, ...(cookie ? { cookie } : {}) },
          body: JSON.stringify({ email, password }),
        });

      // Successes are free: eight right passwords, then four typos, and the owner still gets in.
      for (let i = 0; i < 8; i++) expect((await signInFrom('127.0.0.1', PASSWORD)).status).toBe(200);
      for (let i = 0; i < 4; i++) expect((await signInFrom('127.0.0.1', `Typo${i}Pass`)).status).toBe(401);
      const onOwnDevice = await signInFrom('127.0.0.1', PASSWORD);
      expect(onOwnDevice.status).toBe(200);
      const device = cookiesOf(onOwnDevice).vouch_device;
      expect(device).toBeTruthy();

      // A stranger with ten addresses, six guesses each: five per address, thirty for the account.
      const answers: number[] = [];
      for (let a = 0; a < 10; a++) {
        for (let i = 0; i < 6; i++) answers.push((await signInFrom(`127.0.3.${a + 1}`, `Guess${a}x${i}`)).status);
      }
      expect(answers.filter((s) => s === 401).length).toBe(30);
      // A fresh address is asked for one more proof, whatever the password: the stranger's wrong
      // guess and the owner's right password at a new address get the very same answer.
      const guess = await signInFrom('127.0.3.99', 'Guess99');
      const ownerAway = await signInFrom('127.0.4.7', PASSWORD);
      expect(guess.status).toBe(403);
      expect(guess.json()).toEqual({ error: { code: 'DEVICE_CHECK', message: LOGIN_HINTS.deviceCheck } });
      expect([ownerAway.status, ownerAway.json()]).toEqual([guess.status, guess.json()]);
      expect(ownerAway.headers['set-cookie']?.some((c) => c.startsWith('better-auth.session_token'))).toBeFalsy();

      // The owner is not locked out: from an address they used, or on their device from a new one.
      expect((await signInFrom('127.0.0.1', PASSWORD)).status).toBe(200);
      expect((await signInFrom('127.0.4.1', PASSWORD, `vouch_device=${device}`)).status).toBe(200);
      // A forged device cookie (another account's id, no valid signature) counts for nothing.
      expect((await signInFrom('127.0.4.2', PASSWORD, `vouch_device=${owner.id}.${'A'.repeat(43)}`)).status).toBe(403);
      // On a new device, the mailed link (sent for the right password only) makes it hers: then she signs in.
      // Mailed after the answer: read until both are there (the owner at 127.0.4.7 and with the
      // forged cookie), and none for the stranger's guess.
      const approvalsTo = async () =>
        (
          await suite.server
            .client()
            .json<{ mail: { to: string; subject: string; link: string }[] }>('GET', '/api/dev/mail')
        ).body.mail.filter((m) => m.to === email && m.subject === 'Sign in to Vouch on a new device');
      await expect.poll(async () => (await approvalsTo()).length).toBe(2);
      const approvals = await approvalsTo();
      const token = new URL(approvals[0]!.link).searchParams.get('token')!;
      const approved = await requestFrom('127.0.4.7', `${suite.server.url}/api/account/approve-device`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: suite.server.url },
        body: JSON.stringify({ token }),
      });
      expect(approved.status).toBe(200);
      const newDevice = cookiesOf(approved).vouch_device!;
      expect((await signInFrom('127.0.4.7', PASSWORD, `vouch_device=${newDevice}`)).status).toBe(200);
      // A forged approval does nothing.
      const forged = await requestFrom('127.0.4.8', `${suite.server.url}/api/account/approve-device`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: suite.server.url },
        body: JSON.stringify({ token: `${owner.id}.9999999999.${'A'.repeat(43)}` }),
      });
      expect(forged.status).toBe(404);
    },
  );

  it(
    'lets no one who holds her password lock her out of the code step, or guess codes without end',
    { timeout: 120_000 },
    async () => {
      const email = uniqueEmail('code-lock');
      const owner = await factoryMember(suite.server, suite.passwordHash, { email });
      const post = (address: string, path: string, body: unknown, cookie = '') =>
        requestFrom(address, `${suite.server.url}/api/auth${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: suite.server.url, cookie },
          body: JSON.stringify(body),
        });
      // Her own browser has signed in before; then she turns on an authenticator app.
      const device = `vouch_device=${cookiesOf(await post('127.0.0.1', '/sign-in/email', { email, password: PASSWORD })).vouch_device!}`;
      const { totpURI } = (
        await owner.client.json<{ totpURI: string }>('POST', '/api/auth/two-factor/enable', { password: PASSWORD })
      ).body;
      const codeFor = (step: number) =>
        (OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP).generate({ timestamp: Date.now() + step * 30_000 });
      expect((await owner.client.json('POST', '/api/auth/two-factor/verify-totp', { code: codeFor(-1) })).status).toBe(
        200,
      );
      /** A password sign-in that stops at the code step: the cookie that carries the step on. */
      const challenge = async (address: string, cookie = '') => {
        const answer = await post(address, '/sign-in/email', { email, password: PASSWORD }, cookie);
        expect(answer.json()).toMatchObject({ twoFactorRedirect: true });
        const step = `better-auth.two_factor=${cookiesOf(answer)['better-auth.two_factor']!}`;
        return (code: string) =>
          post(address, '/two-factor/verify-totp', { code }, [step, cookie].filter(Boolean).join('; '));
      };

      // Someone with her password, from new addresses: five wrong codes a challenge, three challenges.
      const statuses: number[] = [];
      for (let c = 0; c < 3; c++) {
        const tryCode = await challenge(`127.0.5.${c + 1}`);
        for (let i = 0; i < 5; i++) statuses.push((await tryCode(String(100000 + c * 10 + i))).status);
      }
      // Ten are wrong codes; then new devices are asked for one more proof, the right code included.
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(statuses.slice(10)).toEqual(Array(5).fill(403));
      const lucky = await (await challenge('127.0.5.9'))(codeFor(1));
      expect([lucky.status, lucky.json()]).toEqual([
        403,
        { error: { code: 'DEVICE_CHECK', message: LOGIN_HINTS.deviceCheck } },
      ]);
      expect(lucky.headers['set-cookie']?.some((c) => c.startsWith('better-auth.session_token'))).toBeFalsy();

      // She is not locked out on her own device (better-auth's lock refused her for 15 minutes).
      const own = await (await challenge('127.0.0.1', device))(codeFor(0));
      expect(own.status).toBe(200);
      expect(own.headers['set-cookie']?.some((c) => c.startsWith('better-auth.session_token'))).toBe(true);
      // She was mailed a link to make a new device hers, and not once per refused code.
      const approvals = async () =>
        (
          await suite.server.client().json<{ mail: { to: string; subject: string }[] }>('GET', '/api/dev/mail')
        ).body.mail.filter((m) => m.to === email && m.subject === 'Sign in to Vouch on a new device').length;
      await expect.poll(approvals).toBeGreaterThan(0);
      expect(await approvals()).toBeLessThanOrEqual(3);
    },
  );

  it('refuses a banned member a session on every path, and stops a session the moment its member is banned', async () => {
    const email = uniqueEmail('ban');
    const member = await factoryMember(suite.server, suite.passwordHash, { email });
    const admin = await factoryAdmin(suite.server);
    const stolen = member.client.withOrigin(member.client.baseUrl);
    expect(
      (await admin.client.json('PUT', `/api/admin/users/${member.id}/blocked`, { blocked: true, reason: 'Scam' }))
        .status,
    ).toBe(200);
    // The copy of the cookie is dead everywhere at once, better-auth's routes included.
    expect((await stolen.json('GET', '/api/me')).status).toBe(401);
    for (const path of ['/api/auth/change-password', '/api/auth/two-factor/enable']) {
      expect(
        (await stolen.json('POST', path, { currentPassword: PASSWORD, newPassword: 'Another123', password: PASSWORD }))
          .status,
        path,
      ).toBe(401);
    }
    const again = await suite.server
      .client()
      .json<{ error: { code: string } }>('POST', '/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(again.status).toBe(403);
    expect(again.body.error.code).toBe('BANNED_USER');
    const [sessions] = (
      await suite.server.deps.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from session where user_id = ${member.id}`,
      )
    ).rows;
    expect(sessions!.n).toBe(0);
  });

  it('sends a suspended member to the page that says why and how to appeal, never to an error in JSON', async () => {
    const email = uniqueEmail('susp');
    const member = await factoryMember(suite.server, suite.passwordHash, { email });
    const admin = await factoryAdmin(suite.server);
    const visitor = suite.server.client();
    // A link mailed before the suspension, followed after it.
    expect(
      (await visitor.json('POST', '/api/auth/sign-in/magic-link', { email, callbackURL: '/dashboard' })).status,
    ).toBe(200);
    const link = new URL((await latestMail(visitor, email, 'Your Vouch sign-in link')).link!);
    expect(
      (
        await admin.client.json('PUT', `/api/admin/users/${member.id}/blocked`, {
          blocked: true,
          reason: 'Scam',
          days: 3,
        })
      ).status,
    ).toBe(200);
    const followed = await visitor.request('GET', link.pathname + link.search);
    expect(followed.status).toBe(302);
    expect(followed.headers.get('location')).toBe('/suspended');
    expect((await visitor.get('/api/me')).status).toBe(401);

    // Asking again mails no link: what happened, and where to appeal.
    expect(
      (await visitor.json('POST', '/api/auth/sign-in/magic-link', { email, callbackURL: '/dashboard' })).status,
    ).toBe(200);
    const notice = await latestMail(visitor, email, 'Your Vouch account is suspended');
    expect(notice.link).toMatch(/\/suspended$/);
    expect(notice.text).not.toContain('/magic-link/verify');

    // The right password says until when; a wrong one says nothing about a suspension.
    const right = await visitor.json<ErrorBody>('POST', '/api/auth/sign-in/email', { email, password: PASSWORD });
    expect(right.status).toBe(403);
    expect(right.body.error.message).toMatch(/^This account is suspended until \d{1,2} \w+ \d{4}\.$/);
    const wrong = await visitor.json<ErrorBody>('POST', '/api/auth/sign-in/email', {
      email,
      password: 'Not-the-password1',
    });
    expect(wrong.status).toBe(401);
    expect(JSON.stringify(wrong.body)).not.toMatch(/suspend|BANNED/i);
  });

  it('keeps session tokens out of every answer a page script can read', async () => {
    const email = uniqueEmail('tok');
    await factoryMember(suite.server, suite.passwordHash, { email });
    const client = suite.server.client();
    const signedIn = await client.request('POST', '/api/auth/sign-in/email', { email, password: PASSWORD });
    const token = decodeURIComponent(cookiesOfResponse(signedIn)['better-auth.session_token'] ?? '').split('.')[0]!;
    expect(token.length).toBeGreaterThan(10);
    expect(await signedIn.text()).not.toContain(token);
    const changed = await client.request('POST', '/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'Changed123',
      revokeOtherSessions: true,
    });
    expect(changed.status).toBe(200);
    const changedBody = await changed.text();
    expect(changedBody).not.toMatch(/"token"/);
    for (const path of ['/api/auth/list-sessions', '/api/auth/get-session'])
      expect((await client.request('GET', path)).status, path).toBe(404);
  });
});

function cookiesOfResponse(response: Response): Record<string, string> {
  const jar: Record<string, string> = {};
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const index = pair!.indexOf('=');
    jar[pair!.slice(0, index)] = pair!.slice(index + 1);
  }
  return jar;
}
