import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as OTPAuth from 'otpauth';
import { REPORT_OUTCOMES, STANDARD_WARNING, type TCaseDecision } from '../../../../contracts/admin';
import type { TErrorBody } from '../../../../contracts/errors';
import { PASSWORD, signIn } from '../../../test/accounts';
import { openSocket } from '../../../test/sockets';
import { pngImage } from '../../../test/images';
import { serverSuite } from '../../../test/suite';
import { ok, type TestClient } from '../../../test/test-client';
import { testDatabaseKind } from '../../../test/test-server';
import { factoryAdmin, factoryMember } from '../../../test/members';
import { createOrPromoteAdmin } from './service';
import { liftEndedSuspensions } from './users.service';
import { insertMember } from '../seed/factories';

const suite = serverSuite();

const db = () => suite.server.deps.database.db;
const member = (name = 'Member') => factoryMember(suite.server, suite.passwordHash, { name });
type OpenApi = { paths: Record<string, Record<string, { 'x-access'?: string }>> };
const fill = (template: string) => template.replace(/\{[^}]+\}/g, '00000000-0000-0000-0000-000000000000');

const admin = () => factoryAdmin(suite.server);
const decide = (client: TestClient, caseId: string, json: TCaseDecision) =>
  client.api.admin.cases[':caseId'].decision.$post({ param: { caseId }, json });
const userOf = (client: TestClient, userId: string) => client.api.admin.users[':userId'].$get({ param: { userId } });
const adminSignIn = (client: TestClient, email: string, password: string) =>
  client.api.admin['sign-in'].$post({ json: { email, password } });
/** A PNG file as a browser's file input gives it. */
const pngFile = async (name: string, width?: number, height?: number) =>
  new File([new Uint8Array(await pngImage(width, height))], name, { type: 'image/png' });

describe(`admin sign-in on ${testDatabaseKind}`, () => {
  it('succeeds only for administrators; members and wrong passwords get Access Denied', async () => {
    const someone = await member();
    const [{ email }] = (await db().execute<{ email: string }>(sql`select email from "user" where id = ${someone.id}`))
      .rows as [{ email: string }];
    const denied = await adminSignIn(suite.server.client(), email, PASSWORD);
    expect(denied.status).toBe(401);
    expect(((await denied.json()) as TErrorBody).error.message).toBe(
      'Invalid admin credentials. Please check your email and password.',
    );

    const boss = await admin();
    const wrong = await adminSignIn(suite.server.client(), boss.email, 'Wrong1234');
    expect(wrong.status).toBe(401);
    expect((await ok(boss.client.api.me.$get())).isAdmin).toBe(true);
    expect((await boss.client.api.admin.stats.$get()).status).toBe(200);
  });

  it('asks an administrator with a second factor for it, and grants nothing before', async () => {
    const email = `admin-2fa-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const { userId } = await createOrPromoteAdmin(suite.server.deps, email, PASSWORD);
    await db().execute(sql`update "user" set two_factor_enabled = true where id = ${userId}`);
    const client = suite.server.client();
    expect(await ok(adminSignIn(client, email, PASSWORD))).toEqual({ twoFactorRequired: true });
    expect((await client.api.me.$get()).status).toBe(401);
    expect((await client.api.admin.stats.$get()).status).toBe(401);
  });

  it('logs the admin sign-in only once the second factor is accepted, and logs a wrong code', async () => {
    const email = `admin-totp-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const { userId } = await createOrPromoteAdmin(suite.server.deps, email, PASSWORD);
    const first = suite.server.client();
    expect((await adminSignIn(first, email, PASSWORD)).status).toBe(200);
    const { totpURI } = (
      await first.json<{ totpURI: string }>('POST', '/api/auth/two-factor/enable', { password: PASSWORD })
    ).body;
    const totp = OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP;
    const codeAt = (step: number) => totp.generate({ timestamp: Date.now() + step * 30_000 });
    expect((await first.json('POST', '/api/auth/two-factor/verify-totp', { code: codeAt(-1) })).status).toBe(200);
    type Entry = { event_type: string; actor_id: string | null; details: Record<string, unknown> };
    const entries = async () =>
      (
        await db().execute<Entry>(
          sql`select event_type, actor_id, details from security_logs where actor_id = ${userId} or details->>'userId' = ${userId} order by seq`,
        )
      ).rows;
    const before = (await entries()).length;
    // Turning the app on in Settings is not a sign-in.
    expect((await entries()).map((e) => e.event_type)).toEqual(['admin_created', 'admin_sign_in']);

    const device = suite.server.client();
    expect(await ok(adminSignIn(device, email, PASSWORD))).toEqual({ twoFactorRequired: true });
    expect((await entries()).length).toBe(before); // the password alone is not a sign-in
    const wrong = await device.json<TErrorBody>('POST', '/api/auth/two-factor/verify-totp', {
      code: '000000',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.code).toBe('INVALID_CODE');
    expect((await entries()).slice(before)).toEqual([
      {
        event_type: 'admin_sign_in_failed',
        actor_id: null,
        details: expect.objectContaining({ userId, step: 'second factor' }),
      },
    ]);
    expect((await device.json('POST', '/api/auth/two-factor/verify-totp', { code: codeAt(0) })).status).toBe(200);
    // The same code again, from another device within its 30 seconds: refused (RFC 6238 §5.2).
    const replay = suite.server.client();
    expect(await ok(adminSignIn(replay, email, PASSWORD))).toEqual({ twoFactorRequired: true });
    expect((await replay.json('POST', '/api/auth/two-factor/verify-totp', { code: codeAt(0) })).status).toBe(401);
    expect((await replay.api.admin.stats.$get()).status).toBe(401);
    expect((await entries()).slice(before + 1, before + 2)).toEqual([
      { event_type: 'admin_sign_in', actor_id: userId, details: expect.objectContaining({ twoFactor: true }) },
    ]);
    expect((await device.api.admin.stats.$get()).status).toBe(200);
  });

  it('ends admin rights 24 hours after sign-in', async () => {
    const boss = await admin();
    await db().execute(sql`update session set created_at = now() - interval '25 hours' where user_id = ${boss.id}`);
    expect((await boss.client.api.admin.stats.$get()).status).toBe(403);
    expect((await ok(boss.client.api.me.$get())).isAdmin).toBe(false);
  });
});

describe(`admin route access on ${testDatabaseKind}`, () => {
  it('answers 401 to visitors, 403 to members and banned members, and lets admins through, on every admin route', async () => {
    const doc = (await suite.server.client().json<OpenApi>('GET', '/api/openapi.json')).body;
    const routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => op['x-access'] === 'admin')
        .map(([method]) => ({ path, method: method.toUpperCase() })),
    );
    expect(routes.length).toBeGreaterThan(10);
    const plain = await member();
    const banned = await member('Banned');
    await db().execute(sql`update "user" set banned = true where id = ${banned.id}`);
    const boss = await admin();
    for (const { path, method } of routes) {
      const body = method === 'GET' ? undefined : {};
      expect((await suite.server.client().request(method, fill(path), body)).status, `${method} ${path} visitor`).toBe(
        401,
      );
      expect((await plain.client.request(method, fill(path), body)).status, `${method} ${path} member`).toBe(403);
      expect((await banned.client.request(method, fill(path), body)).status, `${method} ${path} banned`).toBe(403);
      const asAdmin = (await boss.client.request(method, fill(path), body)).status;
      if (method === 'GET' && !path.includes('{')) expect(asAdmin, `${method} ${path} admin`).toBe(200);
      else expect([200, 201, 400, 404, 409, 415], `${method} ${path} admin`).toContain(asAdmin);
    }
  });
});

describe(`admin actions on ${testDatabaseKind}`, () => {
  it('bans a member: the session ends, sign-in is refused, the profile hides; logged with before and after', async () => {
    const boss = await admin();
    const target = await member('Troublemaker');
    const [{ email }] = (await db().execute<{ email: string }>(sql`select email from "user" where id = ${target.id}`))
      .rows as [{ email: string }];
    const banned = await ok(
      boss.client.api.admin.users[':userId'].blocked.$put({
        param: { userId: target.id },
        json: { blocked: true, reason: 'Scam messages' },
      }),
    );
    expect(banned).toMatchObject({ banned: true, banReason: 'Scam messages' });
    expect((await target.client.api.me.$get()).status).toBe(401);
    expect((await signIn(suite.server.client(), email)).status).not.toBe(200);
    const viewer = await member('Viewer');
    const seen = await ok(viewer.client.api.discover.$get({ query: { limit: '50' } }));
    expect(seen.profiles.map((p) => p.userId)).not.toContain(target.id);
    const { rows } = await db().execute<{
      details: { before: { banned: boolean }; after: { banned: boolean } };
      actor_id: string;
    }>(
      sql`select details, actor_id from security_logs where event_type = 'user_blocked' and details->>'target' = ${target.id}`,
    );
    expect(rows[0]).toMatchObject({
      actor_id: boss.id,
      details: { before: { banned: false }, after: { banned: true } },
    });
    // The blocked badge stays: it is the saved state.
    expect((await ok(userOf(boss.client, target.id))).banned).toBe(true);
    expect(
      (
        await ok(
          boss.client.api.admin.users[':userId'].blocked.$put({
            param: { userId: target.id },
            json: { blocked: false },
          }),
        )
      ).banned,
    ).toBe(false);
    expect((await signIn(suite.server.client(), email)).status).toBe(200);
  });

  it('lifts a suspension once its end has passed', async () => {
    const boss = await admin();
    const target = await member('Suspended');
    const suspended = await ok(
      boss.client.api.admin.users[':userId'].blocked.$put({
        param: { userId: target.id },
        json: { blocked: true, reason: 'Cooling off', days: 3 },
      }),
    );
    expect(suspended.banExpires).not.toBeNull();
    await liftEndedSuspensions(db());
    expect((await ok(userOf(boss.client, target.id))).banned).toBe(true);
    await db().execute(sql`update "user" set ban_expires = now() - interval '1 minute' where id = ${target.id}`);
    expect(await liftEndedSuspensions(db())).toBeGreaterThanOrEqual(1);
    expect((await ok(userOf(boss.client, target.id))).banned).toBe(false);
    const { rows } = await db().execute<{ hidden: boolean }>(
      sql`select hidden from profiles where user_id = ${target.id}`,
    );
    expect(rows[0]!.hidden).toBe(false);
  });

  it('counts accounts, not profiles, and open high-priority issues, not log lines', async () => {
    const boss = await admin();
    const stats = () => ok(boss.client.api.admin.stats.$get());
    const counters = async () => (await ok(boss.client.api.admin['security-events'].$get())).counters;
    const before = await stats();
    // An account without a profile is an account; a profile made today for an old account is not a new one.
    await insertMember(db(), {
      email: `no-profile-${crypto.randomUUID().slice(0, 8)}@example.com`,
      passwordHash: suite.passwordHash,
      profile: null,
    });
    await insertMember(db(), {
      email: `old-${crypto.randomUUID().slice(0, 8)}@example.com`,
      passwordHash: suite.passwordHash,
      createdAt: new Date(Date.now() - 10 * 86_400_000),
    });
    expect(await stats()).toMatchObject({ totalUsers: before.totalUsers + 2, newToday: before.newToday + 1 });

    // Running the audit again and again adds nothing; a safety report adds one until it is resolved.
    await ok(boss.client.api.admin.audit.$post());
    const start = await counters();
    for (let i = 0; i < 3; i++) await ok(boss.client.api.admin.audit.$post());
    expect((await counters()).highPriorityIssues).toBe(start.highPriorityIssues);
    const reporter = await member('Worried');
    const subject = await member('Worrying');
    const filed = await ok(
      reporter.client.api.reports.$post({
        json: { subjectId: subject.id, reason: 'safety', clientKey: crypto.randomUUID() },
      }),
    );
    expect((await counters()).highPriorityIssues).toBe(start.highPriorityIssues + 1);
    await ok(decide(boss.client, filed.id, { decision: 'warn', note: 'We warned the member.' }));
    expect(await counters()).toMatchObject({
      highPriorityIssues: start.highPriorityIssues,
      resolvedIssues: start.resolvedIssues + 1,
    });
  });

  it('resolves a report; the reporter sees the outcome', async () => {
    const boss = await admin();
    const reporter = await member('Reporter');
    const subject = await member('Subject');
    const filed = await ok(
      reporter.client.api.reports.$post({
        json: { subjectId: subject.id, reason: 'harassment', clientKey: crypto.randomUUID() },
      }),
    );
    const queue = await ok(boss.client.api.admin.cases.$get({ query: { kind: 'report', status: 'open' } }));
    expect(queue.cases.map((c) => c.id)).toContain(filed.id);
    const note = 'Rude twice in the sealed messages; first offence.';
    expect((await decide(boss.client, filed.id, { decision: 'warn', note })).status).toBe(200);
    expect((await decide(boss.client, filed.id, { decision: 'dismiss', note: 'Again' })).status).toBe(409);
    // The reporter reads the decision's policy text; the note is the moderators' own.
    const mine = await ok(reporter.client.api.reports.mine.$get());
    expect(mine.reports[0]).toMatchObject({ status: 'actioned', outcome: REPORT_OUTCOMES.warn.message });
    const reporterNotes = await ok(reporter.client.api.notifications.$get());
    expect(reporterNotes.notifications.map((n) => n.message)).toContain(REPORT_OUTCOMES.warn.message);
    expect(JSON.stringify(reporterNotes)).not.toContain('first offence');
    // The warned member gets the standard warning, never the note written for the reporter.
    const notes = await ok(subject.client.api.notifications.$get());
    const warning = notes.notifications.find((n) => n.title === STANDARD_WARNING.title);
    expect(warning?.message).toBe(STANDARD_WARNING.message);
    expect(JSON.stringify(notes)).not.toContain('first offence');
  });

  it('runs the audit with real findings, and a tampered security log shows as a broken chain', async () => {
    const boss = await admin();
    const first = await ok(boss.client.api.admin.audit.$post());
    expect(first.issues.map((i) => i.check)).toContain('admin-2fa');
    expect(first.issues.map((i) => i.check)).not.toContain('log-chain');
    expect((await ok(boss.client.api.admin.audit.$get())).audit?.ranAt).toBe(first.ranAt);

    // As the database's owner would: the append-only trigger is put aside for the edit.
    await db().transaction(async (tx) => {
      await tx.execute(sql`alter table security_logs disable trigger security_logs_no_change`);
      await tx.execute(
        sql`update security_logs set details = '{"edited": true}'::jsonb where seq = (select min(seq) from security_logs where hash is not null)`,
      );
      await tx.execute(sql`alter table security_logs enable trigger security_logs_no_change`);
    });
    const second = await ok(boss.client.api.admin.audit.$post());
    expect(second.issues.find((i) => i.check === 'log-chain')).toMatchObject({ severity: 'high' });
  });

  it('pushes statistics changes to administrators only', async () => {
    const boss = await admin();
    const a = await member('Ada');
    const b = await member('Bea');
    const adminSocket = await openSocket(boss.client);
    const memberSocket = await openSocket(a.client);
    await ok(a.client.api.likes.$post({ json: { targetId: b.id } }));
    await ok(b.client.api.likes.$post({ json: { targetId: a.id } }));
    await adminSocket.next((e) => e.type === 'stats-changed');
    expect(memberSocket.events.some((e) => (e as { type: string }).type === 'stats-changed')).toBe(false);
    adminSocket.socket.close();
    memberSocket.socket.close();
  });

  it('creates a campaign that visitors see in its placement, counts impressions and clicks, pauses and deletes it', async () => {
    const boss = await admin();
    const created = boss.client.api.admin.campaigns.$post({
      form: {
        file: await pngFile('ad.png', 600, 200),
        name: 'Spring picnic',
        targetUrl: 'https://example.com/picnic',
        placement: 'home_bottom',
      },
    });
    const campaign = await ok(created);
    expect((await created).status).toBe(201);

    const visitor = suite.server.client();
    const adsShown = async () =>
      (await ok(visitor.api.ads.$get({ query: { placement: 'home_bottom' } }))).ads.map((a) => a.id);
    expect(await adsShown()).toContain(campaign.id);
    expect((await visitor.get(campaign.imageUrl)).status).toBe(200);
    await ok(visitor.api.ads[':id'].impression.$post({ param: { id: campaign.id } }));
    // The click as the ad slot's link sends it: a navigation that started on our page.
    const click = await visitor.api.ads[':id'].click.$get(
      { param: { id: campaign.id } },
      { headers: { 'sec-fetch-site': 'same-origin' } },
    );
    expect(click.status).toBe(302);
    expect(click.headers.get('location')).toBe('https://example.com/picnic');
    const listed = await ok(boss.client.api.admin.campaigns.$get());
    expect(listed.campaigns.find((c) => c.id === campaign.id)).toMatchObject({ impressions: 1, clicks: 1 });

    const bad = await boss.client.api.admin.campaigns.$post({
      form: { file: await pngFile('ad.png'), name: 'Bad', targetUrl: 'javascript:alert(1)' },
    });
    expect(bad.status).toBe(400);

    expect(
      (
        await boss.client.api.admin.campaigns[':id'].active.$put({
          param: { id: campaign.id },
          json: { active: false },
        })
      ).status,
    ).toBe(200);
    expect(await adsShown()).not.toContain(campaign.id);
    expect((await boss.client.api.admin.campaigns[':id'].$delete({ param: { id: campaign.id } })).status).toBe(200);
    expect((await visitor.get(campaign.imageUrl)).status).toBe(404);
  });

  it('pages, edits and cancels subscriptions; a cancelled one stays active until it expires', async () => {
    const boss = await admin();
    const payer = await member('Payer');
    await db().execute(sql`insert into subscriptions (user_id, tier, active) values (${payer.id}, 'premium', true)`);
    const subscriptions = boss.client.api.admin.subscriptions;
    const page = await ok(subscriptions.$get({ query: { search: payer.id.slice(0, 12), pageSize: '10' } }));
    expect(page.total).toBe(1);
    const id = page.subscriptions[0]!.id;
    expect((await subscriptions.$get({ query: { pageSize: '7' } })).status).toBe(400);
    const cancelled = await ok(subscriptions[':id'].cancel.$post({ param: { id } }));
    expect(cancelled.active).toBe(true);
    expect(cancelled.cancelledAt).not.toBeNull();
    expect(new Date(cancelled.expiresAt!).getTime()).toBeGreaterThan(Date.now());
    expect((await ok(payer.client.api.me.$get())).subscription.isActive).toBe(true);
    const edited = await ok(
      subscriptions[':id'].$put({ param: { id }, json: { tier: 'premium', active: false, expiresAt: null } }),
    );
    expect(edited.active).toBe(false);
    expect((await ok(payer.client.api.me.$get())).subscription.isActive).toBe(false);
  });

  it('stores contact and support messages for the admin inbox, priority support first', async () => {
    const boss = await admin();
    const visitor = suite.server.client();
    const missing = await visitor.api.contact.$post({
      json: { name: 'Vi', email: 'vi@example.com', subject: '', message: 'Hi' },
    });
    expect(missing.status).toBe(400);
    expect(
      (
        await visitor.api.contact.$post({
          json: { name: 'Vi', email: 'vi@example.com', subject: 'Question', message: 'How do ratings work?' },
        })
      ).status,
    ).toBe(201);
    const premium = await member('Pat'); // within the 30-day trial, so Premium
    expect(
      (
        await premium.client.api.contact.$post({
          json: {
            kind: 'support',
            name: 'Pat',
            email: 'pat@example.com',
            subject: 'Help',
            message: 'My photo will not upload',
          },
        })
      ).status,
    ).toBe(201);
    const inbox = await ok(boss.client.api.admin.inbox.$get());
    expect(inbox.messages[0]).toMatchObject({ subject: 'Help', priority: true, userId: premium.id });
    const question = inbox.messages.find((m) => m.subject === 'Question')!;
    expect(question).toMatchObject({ priority: false, userId: null, handled: false });
    const handled = () => boss.client.api.admin.inbox[':id'].handled.$post({ param: { id: question.id } });
    expect((await handled()).status).toBe(200);
    expect((await handled()).status).toBe(404);
  });
});
