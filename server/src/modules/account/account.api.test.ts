import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import type { TAccountEvent, TActiveSession, TSecuritySettings } from '../../../../contracts/account';
import type { TDiscoverPage } from '../../../../contracts/discovery';
import { photos, profiles, reviews, user } from '../../db/schema';
import { latestMail, mailCount, PASSWORD, registerVerified, signIn, uniqueEmail } from '../../../test/accounts';
import { pngImage } from '../../../test/images';
import { factoryMember } from '../../../test/members';
import { serverSuite } from '../../../test/suite';
import { testDatabaseKind } from '../../../test/test-server';
import type { TestClient } from '../../../test/test-client';

const suite = serverSuite();

const db = () => suite.server.deps.database.db;
type ErrorBody = { error: { code: string; message: string } };
/** The code an authenticator app would show now for this otpauth:// address. */
const codeFor = (uri: string) => (OTPAuth.URI.parse(uri) as OTPAuth.TOTP).generate();

async function member() {
  const client = suite.server.client();
  const email = uniqueEmail('acct');
  await registerVerified(client, email);
  expect((await signIn(client, email)).status).toBe(200);
  await client.json('PUT', '/api/profile', { name: 'Sam', age: 31, interests: ['chess'] });
  const { body } = await client.json<{ user: { id: string } }>('GET', '/api/me');
  return { client, email, id: body.user.id };
}

async function kinds(client: TestClient) {
  return (await client.json<{ events: TAccountEvent[] }>('GET', '/api/account/activity')).body.events.map(
    (e) => e.kind,
  );
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
    expect((await client.json<TSecuritySettings>('GET', '/api/account/security')).body).toMatchObject({
      twoFactorEnabled: false,
      authenticatorApp: false,
    });
    expect((await client.json('POST', '/api/auth/two-factor/verify-totp', { code: '000000' })).status).toBe(401);
    expect(
      (await client.json('POST', '/api/auth/two-factor/verify-totp', { code: codeFor(enabled.body.totpURI) })).status,
    ).toBe(200);
    expect((await client.json<TSecuritySettings>('GET', '/api/account/security')).body).toEqual({
      twoFactorEnabled: true,
      authenticatorApp: true,
      emailCode: false,
    });

    const device = suite.server.client();
    const first = await device.json<{ twoFactorRedirect?: boolean; twoFactorMethods?: string[] }>(
      'POST',
      '/api/auth/sign-in/email',
      { email, password: PASSWORD },
    );
    expect(first.body.twoFactorRedirect).toBe(true);
    // Email codes are off: the code step is not offered them, and asking anyway mails nothing.
    expect(first.body.twoFactorMethods).toEqual(['totp']);
    const refused = await device.json<ErrorBody>('POST', '/api/auth/two-factor/send-otp', {});
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('EMAIL_CODES_OFF');
    expect(await mailCount(device, email, 'Your Vouch sign-in code')).toBe(0);
    expect((await device.get('/api/me')).status).toBe(401);
    expect((await device.json('POST', '/api/auth/two-factor/verify-totp', { code: '123456' })).status).toBe(401);
    expect(
      (await device.json('POST', '/api/auth/two-factor/verify-totp', { code: codeFor(enabled.body.totpURI) })).status,
    ).toBe(200);
    expect((await device.get('/api/me')).status).toBe(200);
    expect(await kinds(device)).toEqual(expect.arrayContaining(['sign_in', 'mfa_app_enabled']));

    // A magic link would skip the code, so the member is told to use the password instead.
    await suite.server.client().json('POST', '/api/auth/sign-in/magic-link', { email, callbackURL: '/dashboard' });
    expect((await latestMail(client, email, 'Sign in to Vouch with your password')).link).toContain('/login');

    expect((await client.json('POST', '/api/account/security/app/disable', { password: 'WrongPass1' })).status).toBe(
      400,
    );
    expect(
      (await client.json<TSecuritySettings>('POST', '/api/account/security/app/disable', { password: PASSWORD })).body
        .twoFactorEnabled,
    ).toBe(false);
    expect(
      (
        await suite.server
          .client()
          .json<{ twoFactorRedirect?: boolean }>('POST', '/api/auth/sign-in/email', { email, password: PASSWORD })
      ).body.twoFactorRedirect,
    ).toBeUndefined();
    expect(await kinds(client)).toContain('mfa_app_disabled');
  });

  it('mails sign-in codes only while the member has email codes on', async () => {
    const { client, email } = await member();
    expect(
      (await client.json<ErrorBody>('PUT', '/api/account/security/email-code', { enabled: true, password: 'nope' }))
        .status,
    ).toBe(400);
    expect(
      (
        await client.json<TSecuritySettings>('PUT', '/api/account/security/email-code', {
          enabled: true,
          password: PASSWORD,
        })
      ).body,
    ).toEqual({
      twoFactorEnabled: true,
      authenticatorApp: false,
      emailCode: true,
    });
    const device = suite.server.client();
    const signedIn = await device.json<{ twoFactorRedirect?: boolean; twoFactorMethods?: string[] }>(
      'POST',
      '/api/auth/sign-in/email',
      { email, password: PASSWORD },
    );
    expect(signedIn.body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['otp'] });
    expect((await device.json('POST', '/api/auth/two-factor/send-otp', {})).status).toBe(200);
    const mail = await latestMail(device, email, 'Your Vouch sign-in code');
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    expect((await device.json('POST', '/api/auth/two-factor/verify-otp', { code })).status).toBe(200);
    expect((await device.get('/api/me')).status).toBe(200);

    await client.json('PUT', '/api/account/security/email-code', { enabled: false, password: PASSWORD });
    expect(await kinds(client)).toEqual(expect.arrayContaining(['mfa_email_enabled', 'mfa_email_disabled']));
    // With the factor off no code is needed, and none would be mailed.
    expect(
      (
        await suite.server
          .client()
          .json<{ twoFactorRedirect?: boolean }>('POST', '/api/auth/sign-in/email', { email, password: PASSWORD })
      ).body.twoFactorRedirect,
    ).toBeUndefined();
  });
});

describe(`password, sessions and activity on ${testDatabaseKind}`, () => {
  it('changes the password under the same rules and signs the other devices out', async () => {
    const { client, email } = await member();
    const other = suite.server.client();
    expect((await signIn(other, email)).status).toBe(200);
    const sessions = (await client.json<{ sessions: TActiveSession[] }>('GET', '/api/account/sessions')).body.sessions;
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);

    const weak = await client.json<ErrorBody>('POST', '/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'weakpass1',
      revokeOtherSessions: true,
    });
    expect(weak.status).toBe(400);
    expect(weak.body.error.message).toBe('Password should contain at least one uppercase letter');
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
    expect((await other.get('/api/me')).status).toBe(401);
    expect((await client.get('/api/me')).status).toBe(200);
    expect((await signIn(suite.server.client(), email, 'Brandnew123')).status).toBe(200);
    expect(await kinds(client)).toEqual(expect.arrayContaining(['password_changed', 'sign_in']));
  });

  it("signs out one other device, never another member's, and not this one", async () => {
    const { client, email } = await member();
    const phone = suite.server.client();
    const laptop = suite.server.client();
    for (const device of [phone, laptop]) expect((await signIn(device, email)).status).toBe(200);
    const stranger = (await member()).client;
    const list = (await client.json<{ sessions: TActiveSession[] }>('GET', '/api/account/sessions')).body.sessions;
    const current = list.find((s) => s.current)!;
    const phoneSession = (
      await phone.json<{ sessions: TActiveSession[] }>('GET', '/api/account/sessions')
    ).body.sessions.find((s) => s.current)!;

    // Someone else's session id is no handle on it.
    expect((await stranger.json('POST', `/api/account/sessions/${phoneSession.id}/revoke`)).status).toBe(404);
    expect((await phone.get('/api/me')).status).toBe(200);
    const self = await client.json<ErrorBody>('POST', `/api/account/sessions/${current.id}/revoke`);
    expect(self.status).toBe(400);

    expect((await client.json('POST', `/api/account/sessions/${phoneSession.id}/revoke`)).status).toBe(200);
    expect((await phone.get('/api/me')).status).toBe(401);
    expect((await laptop.get('/api/me')).status).toBe(200);
    expect((await client.get('/api/me')).status).toBe(200);
    expect((await client.json('POST', `/api/account/sessions/${phoneSession.id}/revoke`)).status).toBe(404);
    expect(await kinds(client)).toContain('session_revoked');
  });

  it('signs out every other device at once', async () => {
    const { client, email } = await member();
    const phone = suite.server.client();
    expect((await signIn(phone, email)).status).toBe(200);
    expect((await phone.get('/api/me')).status).toBe(200);
    expect((await client.json<{ revoked: number }>('POST', '/api/account/sessions/revoke-others')).body.revoked).toBe(
      1,
    );
    expect((await phone.get('/api/me')).status).toBe(401);
    expect((await client.get('/api/me')).status).toBe(200);
    expect(await kinds(client)).toContain('sessions_revoked');
  });
});

describe(`privacy settings on ${testDatabaseKind}`, () => {
  it('hides the profile, keeps distance private, and lets only verified members write', async () => {
    const zone = `privacy-${crypto.randomUUID().slice(0, 6)}`;
    const near = { latitude: 41.88, longitude: -87.63 };
    const shy = await factoryMember(suite.server, suite.passwordHash, { profile: { location: zone }, position: near });
    const viewer = await factoryMember(suite.server, suite.passwordHash, { position: near });
    const cards = async () =>
      (await viewer.client.json<TDiscoverPage>('GET', `/api/discover?location=${zone}`)).body.profiles;
    expect((await cards())[0]!.distance).not.toBeNull();

    const saved = await shy.client.json('PUT', '/api/account/privacy', {
      hideProfile: false,
      verifiedOnlyMessages: true,
      showDistance: false,
    });
    expect(saved.body).toEqual({ hideProfile: false, verifiedOnlyMessages: true, showDistance: false });
    expect((await cards())[0]!.distance).toBeNull();

    await shy.client.json('POST', '/api/likes', { targetId: viewer.id });
    const match = await viewer.client.json<{ conversationId: string }>('POST', '/api/likes', { targetId: shy.id });
    const refused = await viewer.client.json<ErrorBody>(
      'POST',
      `/api/conversations/${match.body.conversationId}/messages`,
      { content: 'Hi!', clientKey: crypto.randomUUID() },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/only accepts messages from selfie-verified members/);
    await db().update(profiles).set({ selfieVerified: true }).where(eq(profiles.userId, viewer.id));
    expect(
      (
        await viewer.client.json('POST', `/api/conversations/${match.body.conversationId}/messages`, {
          content: 'Hi!',
          clientKey: crypto.randomUUID(),
        })
      ).status,
    ).toBe(201);

    await shy.client.json('PUT', '/api/account/privacy', {
      hideProfile: true,
      verifiedOnlyMessages: true,
      showDistance: false,
    });
    const other = await factoryMember(suite.server, suite.passwordHash);
    expect(
      (await other.client.json<TDiscoverPage>('GET', `/api/discover?location=${zone}`)).body.profiles,
    ).toHaveLength(0);
  });
});

describe(`download and delete my data on ${testDatabaseKind}`, () => {
  it('exports everything with photos inlined', async () => {
    const { client, email } = await member();
    expect((await client.upload('/api/profile/photos', await pngImage(), 'me.png', 'image/png')).status).toBe(201);
    const response = await client.get('/api/account/export');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="vouch-data-/);
    const data = (await response.json()) as {
      account: { email: string };
      profile: { name: string };
      photos: { image: string }[];
      securityActivity: unknown[];
    };
    expect(data.account.email).toBe(email);
    expect(data.profile.name).toBe('Sam');
    expect(data.photos[0]!.image).toMatch(/^data:image\/(jpeg|webp|png);base64,/);
    expect(data.securityActivity.length).toBeGreaterThan(0);
  });

  it('deletes the account for good: rows and files go, ratings given stay anonymous, the email can register again', async () => {
    const { client, email, id } = await member();
    expect((await client.upload('/api/profile/photos', await pngImage(), 'me.png', 'image/png')).status).toBe(201);
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

    const wrong = await client.json<ErrorBody>('POST', '/api/account/delete', { password: 'WrongPass1' });
    expect(wrong.status).toBe(400);
    const deleted = await client.json('POST', '/api/account/delete', { password: PASSWORD });
    expect(deleted.status).toBe(200);
    expect((await client.get('/api/me')).status).toBe(401);
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
