import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { TDiscoverPage } from '../../../contracts/discovery';
import { factoryMember } from '../../test/members';
import { serverSuite } from '../../test/suite';
import { testDatabaseKind } from '../../test/test-server';
import { insertMember } from '../modules/seed/factories';
import { snapToGrid } from '../modules/profiles/profiles.service';

const suite = serverSuite();

/** Every number in a JSON text, to compare against coordinates. */
const numbersIn = (text: string) => (text.match(/-?\d+\.\d{3,}/g) ?? []).map(Number);

describe(`location privacy on ${testDatabaseKind}`, () => {
  it(
    'never sends coordinates, and two members in one grid cell look the same from anywhere',
    { timeout: 180_000 },
    async () => {
      const viewer = await factoryMember(suite.server, suite.passwordHash, {
        position: { latitude: 48.8566, longitude: 2.3522 },
      });
      let checked = 0;
      await fc.assert(
        fc.asyncProperty(
          // A member somewhere within ~60 km of the viewer, and another point of the same grid cell.
          fc.double({ min: -0.5, max: 0.5, noNaN: true }),
          fc.double({ min: -0.5, max: 0.5, noNaN: true }),
          fc.double({ min: -0.004, max: 0.004, noNaN: true }),
          fc.double({ min: -0.004, max: 0.004, noNaN: true }),
          async (dLat, dLng, jLat, jLng) => {
            const exact = { latitude: 48.8566 + dLat, longitude: 2.3522 + dLng };
            const cell = snapToGrid(exact.latitude, exact.longitude);
            const twin = { latitude: cell.latitude + jLat, longitude: cell.longitude + jLng };
            fc.pre(
              snapToGrid(twin.latitude, twin.longitude).latitude === cell.latitude &&
                snapToGrid(twin.latitude, twin.longitude).longitude === cell.longitude,
            );
            const zone = `loc-${crypto.randomUUID().slice(0, 8)}`;
            const a = await insertMember(suite.server.deps.database.db, {
              email: `${zone}-a@example.com`,
              passwordHash: suite.passwordHash,
              profile: { location: zone, name: 'Ana' },
              position: exact,
            });
            const b = await insertMember(suite.server.deps.database.db, {
              email: `${zone}-b@example.com`,
              passwordHash: suite.passwordHash,
              profile: { location: zone, name: 'Bea' },
              position: twin,
            });
            const response = await viewer.client.request('GET', `/api/discover?location=${zone}`);
            const text = await response.text();
            const page = JSON.parse(text) as TDiscoverPage;
            const cards = new Map(page.profiles.map((card) => [card.userId, card]));
            expect(cards.size).toBe(2);
            // Same cell, same answer: nothing tells the two apart by place.
            expect(cards.get(a)!.distance).toBe(cards.get(b)!.distance);
            expect(text).not.toMatch(/latitude|longitude|"lat"|"lng"/i);
            const secrets = [
              exact.latitude,
              exact.longitude,
              cell.latitude,
              cell.longitude,
              twin.latitude,
              twin.longitude,
            ];
            for (const n of numbersIn(text))
              for (const secret of secrets)
                expect(Math.abs(n - secret) < 1e-4, `coordinate ${secret} in the answer`).toBe(false);
            checked++;
          },
        ),
        { numRuns: 25, seed: 20261122 },
      );
      expect(checked).toBeGreaterThan(10);
    },
  );
});
