import { describe, expect, it } from 'vitest';
import { CHECK_IN_TEXT, CONTACT_INVITES_PER_DAY } from '../../../../contracts/check-ins';
import { NAME_TEXT } from '../../../../contracts/text';
import type { TDevMail } from '../../../../contracts/responses';
import { PASSWORD, uniqueEmail } from '../../../test/accounts';
import { DAY, matchedPair, planDate, type Pair } from '../../../test/dates';
import { factoryAdmin, factoryMember } from '../../../test/members';
import { serverSuite } from '../../../test/suite';
import { testDatabaseKind } from '../../../test/test-server';
import type { TestClient } from '../../../test/test-client';

/**
 * Date check-ins with a trusted contact, driven by the server's clock: the member is asked at
 * the time they chose; their contact is mailed once, only when they did not answer in time; and
 * nothing reaches the contact after "I'm OK", a cancelled date, a block or turning it off.
 */
const suite = serverSuite();
const HOUR = 3_600_000;
const MINUTE = 60_000;

const outbox = async (to: string): Promise<TDevMail[]> =>
  (await suite.server.client().json<{ mail: TDevMail[] }>('GET', '/api/dev/mail')).body.mail.filter(
    (mail) => mail.to === to,
  );
/** Moves the server's clock on, then runs what fell due. */
const pass = async (ms: number) => {
  suite.server.deps.clock.advance(ms);
  await suite.server.deps.jobs.runDue();
};
const tokenOf = (link: string | null) => new URL(link!).searchParams.get('token')!;

/** A member with a confirmed contact, on a date (accepted unless told) a day from now. */
async function onADate(options: { accept?: boolean; names?: [string, string] } = {}) {
  const pair = await matchedPair(suite, options.names ?? ['Nora Quinn', 'Theo Marsh']);
  const contactEmail = uniqueEmail('contact');
  const set = await pair.sharer.client.json('PUT', '/api/trusted-contact', { name: 'Mia', email: contactEmail });
  expect(set.status).toBe(200);
  const [invite] = await outbox(contactEmail);
  expect(invite!.subject).toBe('Nora asked you to be their trusted contact');
  const confirmed = await suite.server
    .client()
    .json('POST', '/api/trusted-contact/confirm', { token: tokenOf(invite!.link) });
  expect(confirmed.body).toEqual({ firstName: 'Nora' });
  const startsAt = new Date(suite.server.deps.clock.now().getTime() + DAY);
  const planId = await planDate(pair, options.accept ?? true, startsAt);
  return { ...pair, planId, startsAt, contactEmail, memberEmail: await emailOf(pair.sharer.client) };
}

const emailOf = async (client: TestClient) =>
  (await client.json<{ user: { email: string } }>('GET', '/api/me')).body.user.email;

const setCheckIn = (date: Pair & { planId: string; startsAt: Date }, body: Record<string, unknown> = {}) =>
  date.sharer.client.json<{ id: string; status: string; error?: { message: string; fields?: Record<string, string> } }>(
    'PUT',
    `/api/date-plans/${date.planId}/check-in`,
    {
      checkAt: new Date(date.startsAt.getTime() + 2 * HOUR).toISOString(),
      graceMinutes: 30,
      note: 'Dinner at the Blue Bottle, then maybe the cinema.',
      timeZone: 'Europe/Paris',
      ...body,
    },
  );

describe(`date check-ins on ${testDatabaseKind}`, () => {
  it('asks at the chosen time, then mails the contact once, with who, where, when and the note', async () => {
    const date = await onADate();
    const set = await setCheckIn(date);
    expect(set.status).toBe(200);
    expect(set.body.status).toBe('scheduled');

    // Nothing before the time.
    await pass(DAY + 2 * HOUR - MINUTE);
    expect(await outbox(date.memberEmail)).not.toContainEqual(expect.objectContaining({ subject: 'Are you OK?' }));
    // At the time: the member is asked, by mail and in the app; the contact hears nothing yet.
    await pass(2 * MINUTE);
    const asks = (await outbox(date.memberEmail)).filter((m) => m.subject === 'Are you OK?');
    expect(asks).toHaveLength(1);
    expect(asks[0]!.link).toMatch(/\/check-in\?token=/);
    const { body: notes } = await date.sharer.client.json<{ notifications: { type: string; title: string }[] }>(
      'GET',
      '/api/notifications',
    );
    expect(notes.notifications).toContainEqual(expect.objectContaining({ type: 'check_in', title: 'Are you OK?' }));
    expect((await outbox(date.contactEmail)).map((m) => m.subject)).toEqual([
      'Nora asked you to be their trusted contact',
    ]);

    // Thirty minutes later, unanswered: one mail to the contact, however often the jobs run.
    await pass(28 * MINUTE);
    expect((await outbox(date.contactEmail)).filter((m) => m.subject.includes('has not checked in'))).toHaveLength(0);
    await pass(2 * MINUTE);
    await pass(HOUR);
    const alerts = (await outbox(date.contactEmail)).filter((m) => m.subject.includes('has not checked in'));
    expect(alerts).toHaveLength(1);
    const [alert] = alerts;
    expect(alert!.subject).toBe('Nora has not checked in after their date');
    expect(alert!.text).toContain('Meeting: Theo');
    expect(alert!.text).toContain('Where: Blue Bottle Cafe');
    expect(alert!.text).toMatch(/When: \w+day \d+ \w+ at \d\d:\d\d (CET|CEST|GMT\+\d)/);
    expect(alert!.text).toContain('Dinner at the Blue Bottle, then maybe the cinema.');
    expect(alert!.text).toContain('112');
    expect(alert!.attachments).toEqual([expect.objectContaining({ cid: 'match-photo', contentType: 'image/jpeg' })]);
    expect(alert!.html).toContain('cid:match-photo');
    // What the contact sees is what the mail says: no surname, no address, no link into Vouch.
    expect(alert!.text).not.toContain('Marsh');
    expect(alert!.text).not.toContain(date.memberEmail);
    expect(alert!.text).not.toMatch(/https?:\/\//);
    expect(alert!.link).toBeNull();

    // The member answers late, from the mailed link: the contact is told they are OK.
    const late = await suite.server.client().json('POST', '/api/check-ins/ok', { token: tokenOf(asks[0]!.link) });
    expect(late.body).toEqual({ firstName: 'Nora' });
    expect((await outbox(date.contactEmail)).map((m) => m.subject)).toContain('Nora is OK');
  });

  it('sends the contact nothing after an early "I\'m OK" or turning it off, the two things only its owner can do', async () => {
    const outcomes: Record<string, string> = {};
    const ways: [string, (date: Awaited<ReturnType<typeof onADate>>, id: string) => Promise<unknown>][] = [
      ['early OK', (date, id) => date.sharer.client.json('POST', `/api/check-ins/${id}/ok`)],
      ['turned off', (date, id) => date.sharer.client.json('DELETE', `/api/check-ins/${id}`)],
    ];
    for (const [way, stop] of ways) {
      const date = await onADate();
      const { body } = await setCheckIn(date);
      await stop(date, body.id);
      await pass(DAY + 5 * HOUR);
      const { body: mine } = await date.sharer.client.json<{ checkIns: { status: string }[] }>('GET', '/api/check-ins');
      outcomes[way] =
        `${mine.checkIns[0]!.status}, ${(await outbox(date.contactEmail)).length - 1} mails to the contact`;
    }
    expect(outcomes).toEqual({
      'early OK': 'ok, 0 mails to the contact',
      'turned off': 'cancelled, 0 mails to the contact',
    });
  });

  it('the date cannot switch it off: after he cancels, unmatches, blocks, leaves or is banned she is told, asked, and her contact alerted with what was set', async () => {
    const admin = await factoryAdmin(suite.server);
    const outcomes: Record<string, string> = {};
    const ways: [string, (date: Awaited<ReturnType<typeof onADate>>) => Promise<{ status: number }>][] = [
      ['he cancels the date', (date) => date.match.client.json('POST', `/api/date-plans/${date.planId}/cancel`)],
      ['he unmatches', (date) => date.match.client.json('DELETE', `/api/matches/${date.matchId}`)],
      ['he blocks her', (date) => date.match.client.json('PUT', `/api/blocks/${date.sharer.id}`)],
      [
        'he reports and blocks her',
        async (date) => {
          const report = {
            subjectId: date.sharer.id,
            reason: 'harassment',
            alsoBlock: true,
            clientKey: crypto.randomUUID(),
          };
          const answer = await date.match.client.json('POST', '/api/reports', report);
          return { status: answer.status === 201 ? 200 : answer.status };
        },
      ],
      [
        'he deletes his account',
        (date) => date.match.client.json('POST', '/api/account/delete', { password: PASSWORD }),
      ],
      [
        'he is banned',
        (date) =>
          admin.client.json('PUT', `/api/admin/users/${date.match.id}/blocked`, { blocked: true, reason: 'Spam' }),
      ],
      // Her own safety moves leave it on too: she may block him in the middle of the date.
      ['she blocks him', (date) => date.sharer.client.json('PUT', `/api/blocks/${date.match.id}`)],
    ];
    for (const [way, act] of ways) {
      const date = await onADate();
      const { body: set } = await setCheckIn(date);
      expect((await act(date)).status, way).toBe(200);
      const { body: mine } = await date.sharer.client.json<{ checkIns: { id: string; status: string }[] }>(
        'GET',
        '/api/check-ins',
      );
      const { body: notes } = await date.sharer.client.json<{ notifications: { type: string; message: string }[] }>(
        'GET',
        '/api/notifications',
      );
      const told = notes.notifications.some((n) => n.type === 'check_in' && /stays on/.test(n.message));
      await pass(DAY + 2 * HOUR);
      const asked = (await outbox(date.memberEmail)).some((m) => m.subject === 'Are you OK?');
      await pass(31 * MINUTE);
      const [alert] = (await outbox(date.contactEmail)).filter((m) => m.subject.includes('has not checked in'));
      const complete =
        !!alert &&
        alert.text.includes('Meeting: Theo') &&
        alert.text.includes('Where: Blue Bottle Cafe') &&
        alert.text.includes('Dinner at the Blue Bottle') &&
        alert.attachments.some((a) => a.cid === 'match-photo');
      outcomes[way] =
        `${mine.checkIns.find((c) => c.id === set.id)?.status}, told ${told}, asked ${asked}, alert ${complete}`;
    }
    const held = 'scheduled, told true, asked true, alert true';
    expect(outcomes).toEqual(Object.fromEntries(ways.map(([way]) => [way, held])));
  });

  it('alerts the contact confirmed when it fires, and tells her plainly when there is none', async () => {
    // The contact removed while the check-in waits: nobody is mailed, and she is told so.
    const removed = await onADate();
    await setCheckIn(removed);
    await removed.sharer.client.json('DELETE', '/api/trusted-contact');
    await pass(DAY + 2 * HOUR + 31 * MINUTE);
    const { body: mine } = await removed.sharer.client.json<{ checkIns: { status: string }[] }>(
      'GET',
      '/api/check-ins',
    );
    expect(mine.checkIns[0]!.status).toBe('unsent');
    expect((await outbox(removed.contactEmail)).map((m) => m.subject)).toEqual([
      'Nora asked you to be their trusted contact',
    ]);
    const { body: notes } = await removed.sharer.client.json<{ notifications: { title: string }[] }>(
      'GET',
      '/api/notifications',
    );
    expect(notes.notifications).toContainEqual(expect.objectContaining({ title: CHECK_IN_TEXT.nobodyAlerted }));

    // Changed to someone new who confirms in time: the alert goes to them, not the old contact.
    const changed = await onADate();
    await setCheckIn(changed);
    const newContact = uniqueEmail('newcontact');
    await changed.sharer.client.json('PUT', '/api/trusted-contact', { name: 'Lou', email: newContact });
    const [invite] = await outbox(newContact);
    await suite.server.client().json('POST', '/api/trusted-contact/confirm', { token: tokenOf(invite!.link) });
    await pass(DAY + 2 * HOUR + 31 * MINUTE);
    expect((await outbox(newContact)).map((m) => m.subject)).toContain('Nora has not checked in after their date');
    expect((await outbox(changed.contactEmail)).filter((m) => m.subject.includes('has not checked in'))).toEqual([]);
  });

  it('refuses a check-in without a confirmed contact, off the date, in the past, or with another grace period', async () => {
    const date = await onADate();
    const refusal = async (body: Record<string, unknown>) => {
      const answer = await setCheckIn(date, body);
      return [answer.status, answer.body.error?.message];
    };
    expect(await refusal({ graceMinutes: 20 })).toEqual([400, CHECK_IN_TEXT.graceInvalid]);
    expect(await refusal({ checkAt: new Date(date.startsAt.getTime() - MINUTE).toISOString() })).toEqual([
      400,
      CHECK_IN_TEXT.timeOutsideDate,
    ]);
    expect(await refusal({ checkAt: new Date(date.startsAt.getTime() + 25 * HOUR).toISOString() })).toEqual([
      400,
      CHECK_IN_TEXT.timeOutsideDate,
    ]);
    expect(await refusal({ note: 'x'.repeat(501) })).toEqual([400, CHECK_IN_TEXT.noteTooLong]);
    expect(await refusal({ timeZone: 'Mars/Olympus_Mons' })).toEqual([400, expect.any(String)]);

    const proposed = await onADate({ accept: false });
    expect((await setCheckIn(proposed)).body.error?.message).toBe(CHECK_IN_TEXT.notAccepted);

    // A contact who has not confirmed yet, and none at all.
    const unconfirmed = await onADate();
    await unconfirmed.sharer.client.json('PUT', '/api/trusted-contact', { name: 'Ed', email: uniqueEmail('ed') });
    expect((await setCheckIn(unconfirmed)).body.error?.message).toBe(CHECK_IN_TEXT.contactNotConfirmed);
    await unconfirmed.sharer.client.json('DELETE', '/api/trusted-contact');
    expect((await setCheckIn(unconfirmed)).body.error?.message).toBe(CHECK_IN_TEXT.contactNeeded);
  });

  it('keeps each check-in to its owner: no one else sets, reads, answers or stops it, and a forged link does nothing', async () => {
    const date = await onADate();
    const { body: mine } = await setCheckIn(date);
    const stranger = await factoryMember(suite.server, suite.passwordHash);
    // The match is on the date, but the check-in is the member's own.
    for (const other of [date.match.client, stranger.client]) {
      expect((await other.json('POST', `/api/check-ins/${mine.id}/ok`)).status).toBe(404);
      expect((await other.json('DELETE', `/api/check-ins/${mine.id}`)).status).toBe(404);
      const { body } = await other.json<{ checkIns: unknown[] }>('GET', '/api/check-ins');
      expect(body.checkIns).toHaveLength(0);
    }
    expect(
      (
        await stranger.client.json('PUT', `/api/date-plans/${date.planId}/check-in`, {
          checkAt: date.startsAt,
          graceMinutes: 15,
        })
      ).status,
    ).toBe(404);
    for (const token of [
      `${mine.id}.${'A'.repeat(43)}`,
      'not-a-token-at-all-but-long-enough',
      `${crypto.randomUUID()}.x`,
      // The right length in characters, longer in bytes: compared as bytes, refused (was a 500).
      `${mine.id}.${'é'.repeat(43)}`,
    ])
      expect((await suite.server.client().json('POST', '/api/check-ins/ok', { token })).status).toBe(404);
    const { body: still } = await date.sharer.client.json<{ checkIns: { status: string }[] }>('GET', '/api/check-ins');
    expect(still.checkIns[0]!.status).toBe('scheduled');
  });

  it('carries no attacker link into a mail: a name with an address is refused, and free text is never linked', async () => {
    const member = await factoryMember(suite.server, suite.passwordHash, { profile: { name: 'Nora' } });
    const phishing = [
      'Account locked: verify at https://vouch-login.example/v',
      'Mia www.vouch-help.example',
      'Verify at vouch-secure.example now',
      'help@vouch-support.example',
      'Mia at vouch-help\u3002example',
      'Mia vouch-help\u200D.example',
      'Mia 203.0.113.9/login',
      // A stranger's round (2026-11-27): dots a reader takes for one, and a number to call.
      'Mia at evil[.]com',
      'Mia at evil\u2027com',
      'Mia at evil\u00B7com',
      'Mia at evil\uFE52com',
      'Your Vouch account is locked. Call 0800 555 0100 now',
    ];
    for (const name of phishing) {
      const refused = await member.client.json<{ error: { fields?: Record<string, string> } }>(
        'PUT',
        '/api/trusted-contact',
        { name, email: uniqueEmail('third') },
      );
      expect([name, refused.status, refused.body.error.fields?.name]).toEqual([name, 400, NAME_TEXT.noLinks]);
      const profile = await member.client.json('PUT', '/api/profile', { name, interests: [] });
      expect([name, profile.status]).toEqual([name, 400]);
    }

    // What a name may still say reaches the contact as its first word only.
    const sentence = uniqueEmail('third');
    await member.client.json('PUT', '/api/trusted-contact', { name: 'Mia your account is locked', email: sentence });
    const [invitation] = await outbox(sentence);
    expect(invitation!.text).toContain('Hello Mia,');
    expect(invitation!.text).not.toContain('locked');

    // The note goes word for word to the contact the member chose, but no address in it is a link.
    const date = await onADate();
    await setCheckIn(date, {
      note: 'If I do not answer, log in at vouch-help.example/reset or https://evil.example/x',
    });
    await pass(DAY + 2 * HOUR + 31 * MINUTE);
    const [alert] = (await outbox(date.contactEmail)).filter((m) => m.subject.includes('has not checked in'));
    expect(alert!.text).toContain('If I do not answer, log in at');
    for (const part of [alert!.text, alert!.html]) {
      expect(part).not.toMatch(/vouch-help\.example|evil\.example|https:\/\//);
    }
  });

  it('invites a contact by mail, not the member themselves, and only a few a day', async () => {
    const member = await factoryMember(suite.server, suite.passwordHash, { email: uniqueEmail('limit') });
    const own = await emailOf(member.client);
    const [local, domain] = own.split('@');
    const self = await member.client.json<{ error: { message: string } }>('PUT', '/api/trusted-contact', {
      name: 'Me',
      email: `${local!.toUpperCase()}+dates@${domain}`,
    });
    expect([self.status, self.body.error.message]).toEqual([400, CHECK_IN_TEXT.contactIsYou]);
    const answers: number[] = [];
    for (let i = 0; i <= CONTACT_INVITES_PER_DAY; i++)
      answers.push(
        (await member.client.json('PUT', '/api/trusted-contact', { name: 'Kim', email: uniqueEmail('kim') })).status,
      );
    expect(answers).toEqual([...Array(CONTACT_INVITES_PER_DAY).fill(200), 429]);
    expect(
      (await suite.server.client().json('POST', '/api/trusted-contact/confirm', { token: 'x'.repeat(43) })).status,
    ).toBe(404);
  });
});
