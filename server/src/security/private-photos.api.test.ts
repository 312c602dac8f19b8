import { describe, expect, it } from 'vitest';
import { matchedPair, planDate } from '../../test/dates';
import { factoryAdmin, factoryMember } from '../../test/members';
import { serverSuite } from '../../test/suite';
import { testDatabaseKind } from '../../test/test-server';
import type { TestClient } from '../../test/test-client';

/**
 * A member's photos, played by the people a hidden profile or a ban is meant to keep them from:
 * the ex who was unmatched, a stranger who knows a photo's id (from an old conversation, a
 * notification, a screenshot of the address), and the match of a member who is then banned.
 */
const suite = serverSuite();

const photoIdOf = async (client: TestClient) =>
  (await client.json<{ photos: { id: string }[] }>('GET', '/api/profile')).body.photos[0]!.id;

describe(`who sees a member's photos on ${testDatabaseKind}`, () => {
  it('serves a hidden profile to its owner, her current matches and admins only; a banned one to admins only', async () => {
    const {
      sharer: match,
      match: theo,
      conversationId,
      matchId,
    } = await matchedPair(suite, ['Nora Quinn', 'Theo Marsh']);
    const photoId = await photoIdOf(theo.client);
    // An ex: matched with Theo, then unmatched him.
    const ex = await factoryMember(suite.server, suite.passwordHash);
    await ex.client.json('POST', '/api/likes', { targetId: theo.id });
    const liked = await theo.client.json<{ matchId: string }>('POST', '/api/likes', { targetId: ex.id });
    expect((await ex.client.json('DELETE', `/api/matches/${liked.body.matchId}`)).status).toBe(200);
    const stranger = await factoryMember(suite.server, suite.passwordHash);
    const admin = await factoryAdmin(suite.server);
    const viewers = {
      owner: theo.client,
      match: match.client,
      ex: ex.client,
      stranger: stranger.client,
      admin: admin.client,
    };
    const seenBy = async () => {
      const seen: Record<string, number[]> = {};
      for (const [who, client] of Object.entries(viewers))
        seen[who] = [
          (await client.get(`/api/files/${photoId}`)).status,
          (await client.get(`/api/files/${photoId}?size=thumb`)).status,
        ];
      return seen;
    };

    expect(await seenBy()).toEqual({
      owner: [200, 200],
      match: [200, 200],
      ex: [200, 200],
      stranger: [200, 200],
      admin: [200, 200],
    });

    // Nora shares their date with a friend: the link shows Theo's photo while his profile is visible.
    const planId = await planDate({ sharer: match, match: theo, conversationId, matchId }, true);
    const { body: link } = await match.client.json<{ path: string }>('POST', `/api/date-plans/${planId}/share`);
    const token = link.path.split('/').pop()!;
    const sharedPhoto = () => suite.server.client().get(`/api/shared-dates/${token}/photo`);
    expect((await sharedPhoto()).status).toBe(200);

    const hide = { hideProfile: true, verifiedOnlyMessages: false, showDistance: true };
    expect((await theo.client.json('PUT', '/api/account/privacy', hide)).status).toBe(200);
    expect((await sharedPhoto()).status).toBe(404);
    expect(await seenBy()).toEqual({
      owner: [200, 200],
      match: [200, 200],
      ex: [404, 404],
      stranger: [404, 404],
      admin: [200, 200],
    });

    const ban = { blocked: true, reason: 'Harassment' };
    expect((await admin.client.json('PUT', `/api/admin/users/${theo.id}/blocked`, ban)).status).toBe(200);
    delete (viewers as Partial<typeof viewers>).owner; // signed out by the ban
    expect(await seenBy()).toEqual({ match: [404, 404], ex: [404, 404], stranger: [404, 404], admin: [200, 200] });
  });
});
