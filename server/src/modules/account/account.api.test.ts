import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { PASSWORD_UNCHANGED } from '../../../../contracts/account';
import type { TErrorBody } from '../../../../contracts/errors';
import { photos, profiles, reviews, user } from '../../db/schema';
import { latestMail, mailCount, PASSWORD, registerVerified, signIn, uniqueEmail } from '../../../test/accounts';
import { pngImage } from '../../../test/images';
import { factoryMember } from '../../../test/members';
import { serverSuite } from '../../../test/suite';
import { testDatabaseKind } from '../../../test/test-server';
import { ok, type TestClient } from '../../../test/test-client';

const suite = serverSuite();

const db = () => suite.server.deps.database.db;
/** The code an authenticator app would show now for this otpauth:// address. */
/** The app's code for a step from now (-1 the last, 1 the next): the server accepts one step either way. */
const codeFor = (uri: string, step = 0) =>
  (OTPAuth.URI.parse(uri) as OTPAuth.TOTP).generate({ timestamp: Date.now() + step * 30_000 });

async function member() {
  const client = suite.server.client();
  const email = uniqueEmail('acct');
  await registerVerified(client, email);
  expect((await signIn(client, email)).status).toBe(200);
  await ok(client.api.profile.$put({ json: { name: 'Sam', age: 31, interests: ['chess'] } }));
  const me = await ok(client.api.me.$get());
  return { client, email, id: me.user.id };
}

/** A photo upload as a browser's file input sends it. */
const uploadPhoto = async (client: TestClient) =>
  client.api.profile.photos.$post({
    form: { file: new File([new Uint8Array(await pngImage())], 'me.png', { type: 'image/png' }) },
  });

/** A password sign-in from a new device (a fresh client), and what it answered. */
async function signInElsewhere(email: string) {
  const device = suite.server.client();
  const { body } = await device.json<{ twoFactorRedirect?: boolean; twoFactorMethods?: string[] }>(
    'POST',
    '/api/auth/sign-in/email',
    { email, password: PASSWORD },
  );
  return { device, body };
}

async function kinds(client: TestClient) {
  return (await ok(client.api.account.activity.$get())).events.map((e) => e.kind);
}

describe(`second factors on ${testDatabaseKind}`, () => {
  it('enrols an authenticator app, then asks every sign-in for a fresh code', async () => {
    const { client, email } = await member();
    expect((await client.json('POST', '/api/auth/two-factor/enable', { password: 'WrongPass1' })).status).toBe(400);
    const enabled = await client.json<{ totpURI: string }>('POST', '/api/auth/two-factor/enable', {
      password: PASSWORD,
    });
    expect(enabled.status).toBe(200);
    const secret = new URL(enabled.body.totpURI).searchParams.get('secret')!;
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    // Not on until a code from the app proves it was set up.
    expect(await ok(client.api.account.security.$get())).toMatchObject({
      twoFactorEnabled: false,
      authenticatorApp: false,
    });
    expect((await client.json('POST', '/api/auth/two-factor/verify-totp', { code: '000000' })).status).toBe(401);
    expect(
      (await client.json('POST', '/api/auth/two-factor/verify-totp', { code: codeFor(enabled.body.totpURI, -1) }))
        .status,
    ).toBe(200);
    expect(await ok(client.api.account.security.$get())).toEqual({
      twoFactorEnabled: true,
      authenticatorApp: true,
      emailCode: false,
    });

    const { device, body: first } = await signInElsewhere(email);
    expect(first.twoFactorRedirect).toBe(true);
    // The code that turned the app on is spent: it does not sign in.
    const enrolmentCode = codeFor(enabled.body.totpURI, -1);
    expect((await device.json('POST', '/api/auth/two-factor/verify-totp', { code: enrolmentCode })).status).toBe(401);
    // Email codes are off: the code step is not offered them, and asking anyway mails nothing.
    expect(first.twoFactorMethods).toEqual(['totp']);
    const refused = await device.json<TErrorBody>('POST', '/api/auth/two-factor/send-otp', {});
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('EMAIL_CODES_OFF');
    expect(await mailCount(device, email, 'Your Vouch sign-in code')).toBe(0);
    expect((await device.api.me.$get()).status).toBe(401);
    expect((await device.json('POST', '/api/auth/two-factor/verify-totp', { code: '123456' })).status).toBe(401);
    expect(
      (await device.json('POST', '/api/auth/two-factor/verify-totp', { code: codeFor(enabled.body.totpURI) })).status,
    ).toBe(200);
    expect((await device.api.me.$get()).status).toBe(200);
    expect(await kinds(device)).toEqual(expect.arrayContaining(['sign_in', 'mfa_app_enabled']));

    // A code works once (RFC 6238 §5.2): someone who saw it, or sends it twice at once, is refused.
    const code = codeFor(enabled.body.totpURI, 1);
    const twice = await Promise.all(
      [0, 1, 2].map(async () => {
        const { device: other } = await signInElsewhere(email);
        return (await other.json('POST', '/api/auth/two-factor/verify-totp', { code })).status;
      }),
    );
    expect(twice.sort((a, b) => a - b)).toEqual([200, 401, 401]);
    const again = (await signInElsewhere(email)).device;
    expect(
      (await again.json('POST', '/api/auth/two-factor/verify-totp', { code: codeFor(enabled.body.totpURI) })).status,
    ).toBe(401);

    // A magic link would skip the code, so the member is told to use the password instead.
    await suite.server.client().json('POST', '/api/auth/sign-in/magic-link', { email, callbackURL: '/dashboard' });
    expect((await latestMail(client, email, 'Sign in to Vouch with your password')).link).toContain('/login');

    expect((await client.api.account.security.app.disable.$post({ json: { password: 'WrongPass1' } })).status).toBe(
      400,
    );
    expect(
      (await ok(client.api.account.security.app.disable.$post({ json: { password: PASSWORD } }))).twoFactorEnabled,
    ).toBe(false);
    expect((await signInElsewhere(email)).body.twoFactorRedirect).toBeUndefined();
    expect(await kinds(client)).toContain('mfa_app_disabled');
  });

  it('mails sign-in codes only while the member has email codes on', async () => {
    const { client, email } = await member();
    expect(
      (await client.api.account.security['email-code'].$put({ json: { enabled: true, password: 'nope' } })).status,
    ).toBe(400);
    expect(
      await ok(client.api.account.security['email-code'].$put({ json: { enabled: true, password: PASSWORD } })),
    ).toEqual({
      twoFactorEnabled: true,
      authenticatorApp: false,
      emailCode: true,
    });
    const { device, body: signedIn } = await signInElsewhere(email);
    expect(signedIn).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['otp'] });
    expect((await device.json('POST', '/api/auth/two-factor/send-otp', {})).status).toBe(200);
    const mail = await latestMail(device, email, 'Your Vouch sign-in code');
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    expect((await device.json('POST', '/api/auth/two-factor/verify-otp', { code })).status).toBe(200);
    expect((await device.api.me.$get()).status).toBe(200);

    // Whoever holds her password cannot fill her inbox: five codes in 15 minutes, then refused.
    const flood: number[] = [];
    for (let i = 0; i < 8; i++) {
      const { device: other } = await signInElsewhere(email);
      flood.push((await other.json('POST', '/api/auth/two-factor/send-otp', {})).status);
    }
    expect(flood).toEqual([200, 200, 200, 200, 429, 429, 429, 429]);
    expect(await mailCount(device, email, 'Your Vouch sign-in code')).toBe(5);

    await ok(client.api.account.security['email-code'].$put({ json: { enabled: false, password: PASSWORD } }));
    expect(await kinds(client)).toEqual(expect.arrayContaining(['mfa_email_enabled', 'mfa_email_disabled']));
    // With the factor off no code is needed, and none would be mailed.
    expect((await signInElsewhere(email)).body.twoFactorRedirect).toBeUndefined();
  });
});

describe(`password, sessions and activity on ${testDatabaseKind}`, () => {
  it('changes the password under the same rules and signs the other devices out', async () => {
    const { client, email } = await member();
    const other = suite.server.client();
    expect((await signIn(other, email)).status).toBe(200);
    const { sessions } = await ok(client.api.account.sessions.$get());
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);

    const weak = await client.json<TErrorBody>('POST', '/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'weakpass1',
      revokeOtherSessions: true,
    });
    expect(weak.status).toBe(400);
    expect(weak.body.error.message).toBe('Password should contain at least one uppercase letter');
    const unchanged = await client.json<TErrorBody>('POST', '/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: PASSWORD,
      revokeOtherSessions: true,
    });
    expect(unchanged.status).toBe(400);
    expect(unchanged.body.error.message).toBe(PASSWORD_UNCHANGED);
    expect((await other.api.me.$get()).status).toBe(200); // nothing happened: the other session lives
    const wrong = await client.json('POST', '/api/auth/change-password', {
      currentPassword: 'NotMine123',
      newPassword: 'Brandnew123',
      revokeOtherSessions: true,
    });
    expect(wrong.status).toBe(400);
    expect(
      (
        await client.json('POST', '/api/auth/change-password', {
          currentPassword: PASSWORD,
          newPassword: 'Brandnew123',
          revokeOtherSessions: true,
        })
      ).status,
    ).toBe(200);
    expect((await other.api.me.$get()).status).toBe(401);
    expect((await client.api.me.$get()).status).toBe(200);
    expect((await signIn(suite.server.client(), email, 'Brandnew123')).status).toBe(200);
    expect(await kinds(client)).toEqual(expect.arrayContaining(['password_changed', 'sign_in']));
  });

  it("signs out one other device, never another member's, and not this one", async () => {
    const { client, email } = await member();
    const phone = suite.server.client();
    const laptop = suite.server.client();
    for (const device of [phone, laptop]) expect((await signIn(device, email)).status).toBe(200);
    const stranger = (await member()).client;
    const list = (await ok(client.api.account.sessions.$get())).sessions;
    const current = list.find((s) => s.current)!;
    const phoneSession = (await ok(phone.api.account.sessions.$get())).sessions.find((s) => s.current)!;
    const revoke = (device: TestClient, sessionId: string) =>
      device.api.account.sessions[':sessionId'].revoke.$post({ param: { sessionId } });

    // Someone else's session id is no handle on it.
    expect((await revoke(stranger, phoneSession.id)).status).toBe(404);
    expect((await phone.api.me.$get()).status).toBe(200);
    const self = await revoke(client, current.id);
    expect(self.status).toBe(400);

    expect((await revoke(client, phoneSession.id)).status).toBe(200);
    expect((await phone.api.me.$get()).status).toBe(401);
    expect((await laptop.api.me.$get()).status).toBe(200);
    expect((await client.api.me.$get()).status).toBe(200);
    expect((await revoke(client, phoneSession.id)).status).toBe(404);
    expect(await kinds(client)).toContain('session_revoked');
  });

  it('signs out every other device at once', async () => {
    const { client, email } = await member();
    const phone = suite.server.client();
    expect((await signIn(phone, email)).status).toBe(200);
    expect((await phone.api.me.$get()).status).toBe(200);
    expect((await ok(client.api.account.sessions['revoke-others'].$post())).revoked).toBe(1);
    expect((await phone.api.me.$get()).status).toBe(401);
    expect((await client.api.me.$get()).status).toBe(200);
    expect(await kinds(client)).toContain('sessions_revoked');
  });
});

describe(`privacy settings on ${testDatabaseKind}`, () => {
  it('hides the profile, keeps distance private, and lets only verified members write', async () => {
    const zone = `privacy-${crypto.randomUUID().slice(0, 6)}`;
    const near = { latitude: 41.88, longitude: -87.63 };
    const shy = await factoryMember(suite.server, suite.passwordHash, { profile: { location: zone }, position: near });
    const viewer = await factoryMember(suite.server, suite.passwordHash, { position: near });
    const cards = async () => (await ok(viewer.client.api.discover.$get({ query: { location: zone } }))).profiles;
    expect((await cards())[0]!.distance).not.toBeNull();

    const saved = await ok(
      shy.client.api.account.privacy.$put({
        json: { hideProfile: false, verifiedOnlyMessages: true, showDistance: false },
      }),
    );
    expect(saved).toEqual({ hideProfile: false, verifiedOnlyMessages: true, showDistance: false });
    expect((await cards())[0]!.distance).toBeNull();

    await ok(shy.client.api.likes.$post({ json: { targetId: viewer.id } }));
    const match = await ok(viewer.client.api.likes.$post({ json: { targetId: shy.id } }));
    const sayHi = () =>
      viewer.client.api.conversations[':conversationId'].messages.$post({
        param: { conversationId: match.conversationId! },
        json: { content: 'Hi!', clientKey: crypto.randomUUID() },
      });
    const refused = await sayHi();
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as TErrorBody).error.message).toMatch(
      /only accepts messages from selfie-verified members/,
    );
    await db().update(profiles).set({ selfieVerified: true }).where(eq(profiles.userId, viewer.id));
    expect((await sayHi()).status).toBe(201);

    await ok(
      shy.client.api.account.privacy.$put({
        json: { hideProfile: true, verifiedOnlyMessages: true, showDistance: false },
      }),
    );
    const other = await factoryMember(suite.server, suite.passwordHash);
    expect((await ok(other.client.api.discover.$get({ query: { location: zone } }))).profiles).toHaveLength(0);
  });
});

describe(`download and delete my data on ${testDatabaseKind}`, () => {
  it('exports everything with photos inlined', async () => {
    const { client, email } = await member();
    expect((await uploadPhoto(client)).status).toBe(201);
    const call = client.api.account.export.$get();
    const data = await ok(call);
    expect((await call).headers.get('content-disposition')).toMatch(/attachment; filename="vouch-data-/);
    expect(data.account.email).toBe(email);
    expect(data.profile?.name).toBe('Sam');
    expect(data.photos[0]?.image).toMatch(/^data:image\/(jpeg|webp|png);base64,/);
    expect(data.securityActivity.length).toBeGreaterThan(0);
  });

  it('deletes the account for good: rows and files go, ratings given stay anonymous, the email can register again', async () => {
    const { client, email, id } = await member();
    expect((await uploadPhoto(client)).status).toBe(201);
    const [photo] = await db().select().from(photos).where(eq(photos.userId, id));
    expect(await suite.server.deps.storage.get(photo!.largeKey)).not.toBeNull();
    const other = await factoryMember(suite.server, suite.passwordHash);
    await db().insert(reviews).values({
      conversationId: crypto.randomUUID(),
      reviewerId: id,
      revieweeId: other.id,
      overall: 4,
      safety: 5,
      respect: 5,
      communication: 4,
      comment: 'Lovely evening',
      revealedAt: new Date(),
    });
    await db().execute(
      sql`insert into subscriptions (user_id, tier, active, expires_at) values (${id}, 'premium', true, now() + interval '20 days')`,
    );

    const wrong = await client.api.account.delete.$post({ json: { password: 'WrongPass1' } });
    expect(wrong.status).toBe(400);
    expect(await ok(client.api.account.delete.$post({ json: { password: PASSWORD } }))).toEqual({ deleted: true });
    expect((await client.api.me.$get()).status).toBe(401);
    expect(await db().select().from(user).where(eq(user.id, id))).toHaveLength(0);
    expect(await db().select().from(photos).where(eq(photos.userId, id))).toHaveLength(0);
    expect(await suite.server.deps.storage.get(photo!.largeKey)).toBeNull();
    expect(await suite.server.deps.storage.get(photo!.thumbKey)).toBeNull();
    const { rows: leftovers } = await db().execute<{ n: number }>(sql`
      select (select count(*) from subscriptions where user_id = ${id}) + (select count(*) from profiles where user_id = ${id})
           + (select count(*) from account_events where user_id = ${id}) + (select count(*) from session where user_id = ${id}) as n`);
    expect(Number(leftovers[0]!.n)).toBe(0);
    const [kept] = await db().select().from(reviews).where(eq(reviews.revieweeId, other.id));
    expect(kept).toMatchObject({ reviewerId: null, comment: '', overall: 4, safety: 5 });

    const again = suite.server.client();
    await registerVerified(again, email);
    expect((await signIn(again, email)).status).toBe(200);
  });
});
