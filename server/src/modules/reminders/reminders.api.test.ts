import { describe, expect, it } from 'vitest';
import type { TDevMail } from '../../../../contracts/responses';
import { PASSWORD } from '../../../test/accounts';
import { matchedPair, planDate } from '../../../test/dates';
import { factoryAdmin } from '../../../test/members';
import { openSocket } from '../../../test/sockets';
import { serverSuite } from '../../../test/suite';
import { testDatabaseKind } from '../../../test/test-server';
import type { TestClient } from '../../../test/test-client';
import { inviteToVerifyPastDates } from '../dates/calendar.service';
import { scheduleSweep } from './reminders.service';

/**
 * Mail to members who are away, driven by the server's clock and read from the dev outbox: each
 * kind reaches a member who is away and wants it, once, without anything private, with a
 * one-click unsubscribe; none reaches a member who is on Vouch or turned the kind off.
 */
const suite = serverSuite();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const emailOf = async (client: TestClient) =>
  (await client.json<{ user: { email: string } }>('GET', '/api/me')).body.user.email;
const mailTo = async (to: string) =>
  (await suite.server.client().json<{ mail: TDevMail[] }>('GET', '/api/dev/mail')).body.mail.filter(
    (mail) => mail.to === to,
  );
const pass = async (ms: number) => {
  suite.server.deps.clock.advance(ms);
  await suite.server.deps.jobs.runDue();
};
/** Moves the clock to a time the database wrote (a message's), plus `ms`. */
const passUntil = (at: string, ms: number) =>
  pass(new Date(at).getTime() + ms - suite.server.deps.clock.now().getTime());
/** Two matched members with their mailboxes, both away (no request for ten minutes). */
async function awayPair(names: [string, string] = ['Nora Quinn', 'Theo Marsh']) {
  // The database writes a message's time from the system clock: each test starts from it, with
  // a sweep due in the next five minutes of that time (an earlier test's sweep waits further on).
  suite.server.deps.clock.resetForTest();
  await scheduleSweep(suite.server.deps.database.db, suite.server.deps.clock.now());
  const pair = await matchedPair(suite, names);
  const [noraEmail, theoEmail] = [await emailOf(pair.sharer.client), await emailOf(pair.match.client)];
  await pass(10 * MINUTE);
  return { ...pair, noraEmail, theoEmail };
}

/** Every reminder: a one-click unsubscribe in its headers and a link for people, and no private detail. */
function expectReminderShape(mail: TDevMail) {
  expect(mail.headers['List-Unsubscribe']).toMatch(
    /^<http:\/\/127\.0\.0\.1:\d+\/api\/reminders\/unsubscribe\?token=.+>$/,
  );
  expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  expect(mail.text).toMatch(/\/unsubscribe\?token=/);
  expect(mail.text).toContain('/settings#email');
  expect(mail.text).not.toMatch(/Quinn|Marsh/); // first names only
}

describe(`reminder mail on ${testDatabaseKind}`, () => {
  it('tells each member who is away about a new match, once, by first name', async () => {
    const pair = await awayPair();
    await pass(MINUTE);
    const [toNora] = (await mailTo(pair.noraEmail)).filter((m) => m.subject.startsWith('You have a new match'));
    const [toTheo] = (await mailTo(pair.theoEmail)).filter((m) => m.subject.startsWith('You have a new match'));
    expect(toNora!.subject).toBe('You have a new match: Theo');
    expect(toTheo!.subject).toBe('You have a new match: Nora');
    expect(toNora!.link).toContain(`/messages?conversation=${pair.conversationId}`);
    expectReminderShape(toNora!);
    await pass(HOUR);
    expect((await mailTo(pair.noraEmail)).filter((m) => m.subject.startsWith('You have a new match'))).toHaveLength(1);
  });

  it('mails a message unread for an hour, never its text, at most once a day per conversation', async () => {
    const pair = await awayPair();
    const say = (content: string) =>
      pair.sharer.client.json<{ createdAt: string }>('POST', `/api/conversations/${pair.conversationId}/messages`, {
        content,
        clientKey: crypto.randomUUID(),
      });
    const sent = await say('The secret is under the blue door');
    expect(sent.status).toBe(201);
    const unread = async () => (await mailTo(pair.theoEmail)).filter((m) => m.subject === 'Nora sent you a message');
    await passUntil(sent.body.createdAt, 50 * MINUTE);
    expect(await unread()).toHaveLength(0);
    await passUntil(sent.body.createdAt, 65 * MINUTE);
    const [mail] = await unread();
    expect(mail).toBeDefined();
    expect(mail!.text).not.toContain('secret');
    expect(mail!.html).not.toContain('secret');
    expectReminderShape(mail!);
    // More messages the same day: no second mail for this conversation.
    await say('Are you there?');
    await pass(3 * HOUR);
    expect(await unread()).toHaveLength(1);
  });

  it('sends nothing to a member who is on Vouch, or who turned that kind off, and nothing for a message they read', async () => {
    // On Vouch: a tab open (a socket) while the hour passes.
    const online = await awayPair();
    const socket = await openSocket(online.match.client);
    await online.sharer.client.json('POST', `/api/conversations/${online.conversationId}/messages`, {
      content: 'hello',
      clientKey: crypto.randomUUID(),
    });
    await pass(2 * HOUR);
    expect((await mailTo(online.theoEmail)).filter((m) => m.subject.includes('sent you a message'))).toEqual([]);
    socket.socket.close();

    // Turned off: no unread-message mail; the other kinds still come.
    const off = await awayPair(['Ada Lee', 'Ben Ode']);
    expect((await off.match.client.json('PATCH', '/api/reminders', { unread_message: false })).status).toBe(200);
    await off.sharer.client.json('POST', `/api/conversations/${off.conversationId}/messages`, {
      content: 'hello',
      clientKey: crypto.randomUUID(),
    });
    await pass(2 * HOUR);
    expect((await mailTo(off.theoEmail)).map((m) => m.subject)).toEqual(['You have a new match: Ada']);

    // Read within the hour: nothing.
    const read = await awayPair(['Cy Ray', 'Dee Fox']);
    await read.sharer.client.json('POST', `/api/conversations/${read.conversationId}/messages`, {
      content: 'hello',
      clientKey: crypto.randomUUID(),
    });
    await read.match.client.json('POST', `/api/conversations/${read.conversationId}/read`);
    await pass(2 * HOUR);
    expect((await mailTo(read.theoEmail)).filter((m) => m.subject.includes('sent you a message'))).toHaveLength(0);
  });

  it('reminds both of a date the day before, in their time zone, and asks them to verify it afterwards', async () => {
    const pair = await awayPair();
    await pair.sharer.client.json('PUT', '/api/reminders/time-zone', { timeZone: 'Europe/Paris' });
    const startsAt = new Date(suite.server.deps.clock.now().getTime() + 30 * HOUR);
    await planDate(pair, true, startsAt);
    await pass(10 * MINUTE);
    expect((await mailTo(pair.noraEmail)).filter((m) => m.subject.includes('tomorrow'))).toHaveLength(0);
    await pass(7 * HOUR);
    const [tomorrow] = (await mailTo(pair.noraEmail)).filter((m) => m.subject === 'Your date with Theo is tomorrow');
    expect(tomorrow!.text).toMatch(/\d\d:\d\d (CET|CEST|GMT\+\d)/);
    expect(tomorrow!.text).not.toContain('Blue Bottle'); // the place stays out of mail
    expectReminderShape(tomorrow!);
    expect((await mailTo(pair.theoEmail)).filter((m) => m.subject === 'Your date with Nora is tomorrow')).toHaveLength(
      1,
    );

    // The date is over (two hours after its start): both are asked to verify it.
    suite.server.deps.clock.advance(startsAt.getTime() + 3 * HOUR - suite.server.deps.clock.now().getTime());
    await inviteToVerifyPastDates(suite.server.deps.database.db, suite.server.deps.clock.now());
    await pass(MINUTE);
    const [verify] = (await mailTo(pair.theoEmail)).filter((m) => m.subject === 'How did your date with Nora go?');
    expect(verify!.link).toContain(`/messages?conversation=${pair.conversationId}&verify=1`);
    expectReminderShape(verify!);
  });

  it("tells a reporter who is away that their report was decided, without the decision's words", async () => {
    const pair = await awayPair();
    const admin = await factoryAdmin(suite.server);
    const filed = await pair.sharer.client.json<{ caseId: string }>('POST', '/api/reports', {
      subjectId: pair.match.id,
      reason: 'scam',
      details: 'Asked for money',
      conversationId: pair.conversationId,
      source: 'chat',
      clientKey: crypto.randomUUID(),
    });
    expect(filed.status).toBe(201);
    const cases = await admin.client.json<{ cases: { id: string; subject: { userId: string } }[] }>(
      'GET',
      '/api/admin/cases?kind=report&status=open',
    );
    const item = cases.body.cases.find((c) => c.subject.userId === pair.match.id)!;
    await admin.client.json('POST', `/api/admin/cases/${item.id}/decision`, {
      decision: 'warn',
      note: 'Warned for a scam attempt',
    });
    await pass(10 * MINUTE);
    const [outcome] = (await mailTo(pair.noraEmail)).filter((m) => m.subject === 'We have reviewed your report');
    expect(outcome!.text).not.toContain('scam attempt');
    expectReminderShape(outcome!);
  });

  it('unsubscribes in one click from the mail client, with no cookie and no origin, and refuses a forged link', async () => {
    const pair = await awayPair();
    await pass(MINUTE);
    const [mail] = (await mailTo(pair.noraEmail)).filter((m) => m.subject.startsWith('You have a new match'));
    const url = mail!.headers['List-Unsubscribe']!.slice(1, -1);
    // What a mail client sends (RFC 8058): a form body, no session, no Origin.
    const oneClick = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.json()).toEqual({ kind: 'new_match', label: 'New matches' });
    const { body: settings } = await pair.sharer.client.json<Record<string, boolean>>('GET', '/api/reminders');
    expect(settings).toEqual({
      new_match: false,
      unread_message: true,
      date_tomorrow: true,
      date_to_verify: true,
      report_outcome: true,
    });
    // The same link cannot be turned on another member or kind.
    const token = new URL(url).searchParams.get('token')!;
    const [userId, , mac] = token.split('.');
    for (const forged of [
      `${pair.match.id}.new_match.${mac}`,
      `${userId}.unread_message.${mac}`,
      `${userId}.new_match.x${mac}`,
    ])
      expect(
        (await fetch(`${new URL(url).origin}/api/reminders/unsubscribe?token=${forged}`, { method: 'POST' })).status,
      ).toBe(404);
    expect((await pair.sharer.client.json('PATCH', '/api/reminders', { new_match: 'yes' })).status).toBe(400);

    // The link of an account deleted since still answers as an unsubscribe (it was a 500): there is
    // nobody left to mail.
    const other = (await mailTo(pair.theoEmail)).find((m) => m.headers['List-Unsubscribe']);
    const otherUrl = other!.headers['List-Unsubscribe']!.slice(1, -1);
    expect((await pair.match.client.json('POST', '/api/account/delete', { password: PASSWORD })).status).toBe(200);
    const late = await fetch(otherUrl, { method: 'POST', body: 'List-Unsubscribe=One-Click' });
    expect(late.status).toBe(200);
  });
});
