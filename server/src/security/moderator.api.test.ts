import { describe, expect, it } from 'vitest';
import { REPORT_OUTCOMES } from '../../../contracts/admin';
import type { TAdminReport } from '../../../contracts/safety';
import { PASSWORD, signIn } from '../../test/accounts';
import { matchedPair } from '../../test/dates';
import { patternImage } from '../../test/images';
import { factoryAdmin, factoryMember } from '../../test/members';
import { serverSuite } from '../../test/suite';
import { testDatabaseKind } from '../../test/test-server';
import type { TestClient } from '../../test/test-client';

/**
 * The careless moderator: frank internal notes, a ban lifted in one click. What a member may
 * read of a decision is a policy text; the note stays with the moderators. A ban ends the banned
 * member's matches, and lifting it gives him no way back to anyone who reported him.
 */
const suite = serverSuite();

const emailOf = async (client: TestClient) =>
  (await client.json<{ user: { email: string } }>('GET', '/api/me')).body.user.email;

/** Everything a member can read about themselves and their reports, as one text. */
const everythingReadBy = async (client: TestClient) =>
  JSON.stringify([
    (await client.json('GET', '/api/notifications')).body,
    (await client.json('GET', '/api/reports/mine')).body,
    (await client.json('GET', '/api/account/export')).body,
  ]);

describe(`the careless moderator on ${testDatabaseKind}`, () => {
  it('never shows a member the internal note, and a lifted ban restores no contact with the reporter', async () => {
    const { sharer: nora, match: theo, conversationId } = await matchedPair(suite, ['Nora Quinn', 'Theo Marsh']);
    await nora.client.upload('/api/profile/photos', await patternImage(7), 'nora.jpg', 'image/jpeg');
    const noraPhoto = (await nora.client.json<{ photos: { url: string }[] }>('GET', '/api/profile')).body.photos[0]!
      .url;
    const theoEmail = await emailOf(theo.client);
    const admin = await factoryAdmin(suite.server);
    const decide = (caseId: string, decision: string, note: string) =>
      admin.client.json('POST', `/api/admin/cases/${caseId}/decision`, { decision, note });
    const report = async (by: TestClient, subjectId: string) =>
      (
        await by.json<{ id: string }>('POST', '/api/reports', {
          subjectId,
          reason: 'harassment',
          clientKey: crypto.randomUUID(),
        })
      ).body.id;

    // He reports her first, in retaliation; the moderator dismisses it with a frank note.
    const retaliation = await report(theo.client, nora.id);
    const aside = 'The reporter was the aggressor here: he threatened her first.';
    expect((await decide(retaliation, 'dismiss', aside)).status).toBe(200);
    const his = await everythingReadBy(theo.client);
    expect(his).not.toContain('aggressor');
    expect(his).toContain(REPORT_OUTCOMES.dismiss.message);

    // She reports him; he is banned with a note that is for the moderators.
    const hers = await report(nora.client, theo.id);
    const note = 'Threats confirmed in the sealed messages; police were told by her.';
    expect((await decide(hers, 'ban', note)).status).toBe(200);
    const refused = await signIn(suite.server.client(), theoEmail, PASSWORD);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).not.toContain('police');
    expect(await everythingReadBy(nora.client)).not.toContain('police');
    expect(await everythingReadBy(nora.client)).toContain(REPORT_OUTCOMES.ban.message);
    // The ban ended their match and conversation.
    const { body: matches } = await nora.client.json<{ matches: { userId: string }[] }>('GET', '/api/matches');
    expect(JSON.stringify(matches)).not.toContain(theo.id);

    // The ban is lifted: he is back, and can reach her nowhere.
    expect((await admin.client.json('PUT', `/api/admin/users/${theo.id}/blocked`, { blocked: false })).status).toBe(
      200,
    );
    const back = suite.server.client();
    expect((await signIn(back, theoEmail, PASSWORD)).status).toBe(200);
    const sent = await back.json('POST', `/api/conversations/${conversationId}/messages`, {
      content: 'I am back',
      clientKey: crypto.randomUUID(),
    });
    expect(sent.status).not.toBe(201);
    // Not among his past matches either (the ban ended theirs), where her name and id would show.
    expect(JSON.stringify((await back.json('GET', '/api/past-matches')).body)).not.toContain(nora.id);
    // Not even her photo, from an address he kept.
    expect((await back.get(noraPhoto)).status).toBe(404);
    const { body: found } = await back.json('GET', '/api/discover');
    expect(JSON.stringify(found)).not.toContain(nora.id);
    await back.json('POST', '/api/likes', { targetId: nora.id });
    await nora.client.json('POST', '/api/likes', { targetId: theo.id });
    expect(JSON.stringify((await back.json('GET', '/api/matches')).body)).not.toContain(nora.id);
    expect(JSON.stringify((await nora.client.json('GET', '/api/conversations')).body)).not.toContain(theo.id);

    // He reports her again, from his restored account: the moderator is told it is a counter-report,
    // naming her case that got him banned (a careless moderator could otherwise act on it alone).
    const again = await report(back, nora.id);
    const cases = async () =>
      (await admin.client.json<{ cases: TAdminReport[] }>('GET', '/api/admin/cases')).body.cases;
    const queue = await cases();
    expect(queue.find((item) => item.id === again)?.counterTo).toMatchObject({ caseId: hers, status: 'actioned' });
    // Someone who only blocked him (she never reported him) is not named by a case: his report of
    // her is marked as one from a member she blocked.
    const bea = await factoryMember(suite.server, suite.passwordHash, { profile: { name: 'Bea' } });
    expect((await bea.client.json('PUT', `/api/blocks/${theo.id}`, {})).status).toBe(200);
    const ofBea = await report(back, bea.id);
    const marked = (await cases()).find((item) => item.id === ofBea);
    expect([marked?.counterTo, marked?.blockedByReported]).toEqual([null, true]);
    // The marker says only who reported whom first: hers, filed after his first report, is marked
    // too, naming it; the moderator weighs both.
    expect(queue.find((item) => item.id === hers)?.counterTo).toMatchObject({ caseId: retaliation });
  });
});
