// Discovery with the realistic filter mix of the benchmark notes: gender always, an age range
// 90% of the time, nearby 40% (10/25/50/100 km), verified-only 20%, text 10% (some with common
// three-letter fragments), city 10%, the next page 20%, and 5% of requests from power swipers.
// The search matches words since decision 004 was revised: of the fragments, 'and' is a word in
// every bio, 'ike' and 'ing' begin none; 'poetry and' and 'climbing' are in one bio in eight.
import { ZDiscoverQuery } from '../../contracts/discovery';
import type { Db } from '../../server/src/db/client';
import { encodeCursor } from '../../server/src/modules/discovery/discovery.queries';
import { runDiscovery } from '../../server/src/modules/discovery/discovery.service';
import { isPowerSession, METROS, type Tier } from '../lib/seed';
import { pick, prng } from '../../server/src/lib/random';

export type DiscoveryRequest = {
  session: number;
  query: Record<string, string>;
  position: { lat: number; lng: number };
};

const RARE_TERMS = ['Bio 1234', 'Bio 777', 'Bio 4242', 'poetry and', 'climbing'];
const COMMON_FRAGMENTS = ['ike', 'and', 'ing'];

/** Session member i lives in the centre of metro i % 10 (seed.ts). */
export const sessionPosition = (i: number) => ({ lat: 25 + (i % 10) * 0.4, lng: -120 + (i % 10) * 0.8 });

export function discoveryMix(tier: Tier, count: number, seed = 1): DiscoveryRequest[] {
  const random = prng(seed);
  const ordinary = Array.from({ length: tier.sessions }, (_, i) => i + 1).filter((i) => !isPowerSession(i));
  return Array.from({ length: count }, () => {
    const session = random() < 0.05 ? 1 + Math.floor(random() * 5) : pick(random, ordinary);
    const query: Record<string, string> = { gender: random() < 0.5 ? 'female' : 'male' };
    if (random() < 0.9) {
      const minAge = 20 + Math.floor(random() * 10);
      query.minAge = String(minAge);
      query.maxAge = String(minAge + 5 + Math.floor(random() * 15));
    }
    if (random() < 0.4) {
      query.mode = 'nearby';
      query.radiusKm = pick(random, ['10', '25', '50', '100']);
    }
    if (random() < 0.2) query.verifiedOnly = 'true';
    const text = random();
    if (text < 0.1) query.q = random() < 0.05 ? pick(random, COMMON_FRAGMENTS) : pick(random, RARE_TERMS);
    else if (text < 0.2) query.location = `City ${Math.floor(random() * METROS)}`;
    if (random() < 0.2) query.cursor = encodeCursor(3.5, `b${Math.floor(tier.profiles / 2)}`);
    return { session, query, position: sessionPosition(session) };
  });
}

/** The discovery SQL alone, as the endpoint runs it, straight against the database. */
export function rawDiscovery(db: Db, request: DiscoveryRequest) {
  const filters = ZDiscoverQuery.parse(request.query);
  return runDiscovery(db, `s${request.session}`, filters, request.position);
}

export const discoveryPath = (request: DiscoveryRequest) => `/api/discover?${new URLSearchParams(request.query)}`;
