import { expect } from 'vitest';
import { patternImage } from './images';
import { factoryMember, type SignedInMember } from './members';
import type { TestServer } from './test-server';

export const DAY = 86_400_000;

/** Two matched members (the second with a photo), and their conversation. */
export type Pair = { sharer: SignedInMember; match: SignedInMember; conversationId: string; matchId: string };

export async function matchedPair(
  suite: { server: TestServer; passwordHash: string },
  names: [string, string] = ['Sam Sharer', 'Alex Match'],
): Promise<Pair> {
  const sharer = await factoryMember(suite.server, suite.passwordHash, { profile: { name: names[0] } });
  const match = await factoryMember(suite.server, suite.passwordHash, { profile: { name: names[1] } });
  expect(
    (await match.client.upload('/api/profile/photos', await patternImage(41), 'first.jpg', 'image/jpeg')).status,
  ).toBe(201);
  await sharer.client.json('POST', '/api/likes', { targetId: match.id });
  const liked = await match.client.json<{ conversationId: string; matchId: string }>('POST', '/api/likes', {
    targetId: sharer.id,
  });
  return { sharer, match, conversationId: liked.body.conversationId, matchId: liked.body.matchId };
}

/** A date the first of the pair proposes, accepted by the second when `accept`; its id. */
export async function planDate(pair: Pair, accept: boolean, startsAt = new Date(Date.now() + DAY)) {
  const { body } = await pair.sharer.client.json<{ id: string }>('POST', '/api/date-plans', {
    conversationId: pair.conversationId,
    startsAt: startsAt.toISOString(),
    place: 'Blue Bottle Cafe',
  });
  if (accept)
    expect(
      (await pair.match.client.json('POST', `/api/date-plans/${body.id}/answer`, { action: 'accept' })).status,
    ).toBe(200);
  return body.id;
}
