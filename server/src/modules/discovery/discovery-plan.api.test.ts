import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ZDiscoverQuery } from '../../../../contracts/discovery';
import { startTestServer, testDatabaseKind, type TestServer } from '../../../test/test-server';
import { discoverySql } from './discovery.queries';
import { runDiscovery } from './discovery.service';

let server: TestServer;
const PROFILES = 20_000;
const VIEWER = 'viewer-plan';

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
};
const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];

/** A seeded table big enough for the planner to care: profiles spread over cities, a viewer with likes. */
beforeAll(async () => {
  server = await startTestServer();
  const db = server.deps.database.db;
  await db.execute(sql`
    insert into "user" (id, name, email, email_verified)
    select 'u' || i, 'Member ' || i, 'member' || i || '@plan.test', true from generate_series(1, ${PROFILES}) i`);
  await db.execute(
    sql`insert into "user" (id, name, email, email_verified) values (${VIEWER}, 'Viewer', 'viewer@plan.test', true)`,
  );
  await db.execute(sql`
    insert into profiles (user_id, name, age, gender, location, bio, interests, latitude, longitude, selfie_verified, avg_rating)
    select 'u' || i, 'Member ' || i, 18 + (i % 50),
           (array['woman','man','non-binary'])[1 + i % 3],
           (array['Chicago','New York','Los Angeles','San Francisco'])[1 + i % 4],
           'Bio number ' || i || ' about ' || (array['hiking','jazz','cooking','chess','salsa'])[1 + i % 5],
           array[(array['hiking','jazz','cooking','chess','salsa'])[1 + i % 5]],
           41.88 + ((i % 97) - 48) * 0.01, -87.63 + ((i % 89) - 44) * 0.01,
           i % 7 = 0, (i % 50) / 10.0
    from generate_series(1, ${PROFILES}) i`);
  await db.execute(
    sql`insert into profiles (user_id, name, latitude, longitude) values (${VIEWER}, 'Viewer', 41.88, -87.63)`,
  );
  await db.execute(
    sql`insert into likes (user_id, target_id) select ${VIEWER}, 'u' || i from generate_series(1, 2000) i`,
  );
  // Other members' swipes and blocks, so these tables are not trivially small.
  await db.execute(
    sql`insert into likes (user_id, target_id) select 'u' || (1 + i % 5000), 'u' || (1 + (i * 7) % ${PROFILES}) from generate_series(1, 60000) i on conflict do nothing`,
  );
  await db.execute(
    sql`insert into passes (user_id, target_id) select 'u' || (1 + i % 5000), 'u' || (1 + (i * 13) % ${PROFILES}) from generate_series(1, 60000) i on conflict do nothing`,
  );
  await db.execute(
    sql`insert into passes (user_id, target_id) select ${VIEWER}, 'u' || i from generate_series(2001, 2500) i`,
  );
  await db.execute(
    sql`insert into blocks (blocker_id, blocked_id) select 'u' || (1 + i % 5000), 'u' || (1 + (i * 17) % ${PROFILES}) from generate_series(1, 5000) i on conflict do nothing`,
  );
  // VACUUM fills in the word index's statistics, as autovacuum does on a live database.
  await db.execute(sql`vacuum analyze`);
}, 180_000);
afterAll(() => server?.stop());

async function plan(query: Record<string, string>): Promise<PlanNode[]> {
  const filters = ZDiscoverQuery.parse(query);
  const viewer = filters.mode === 'nearby' ? { lat: 41.88, lng: -87.63 } : null;
  const { rows } = await server.deps.database.db.execute<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
    sql`explain (format json) ${discoverySql(VIEWER, filters, viewer)}`,
  );
  const raw = rows[0]!['QUERY PLAN'];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: PlanNode }];
  return flatten(parsed[0].Plan);
}

const seqScansOn = (nodes: PlanNode[], tables: string[]) =>
  nodes
    .filter((n) => n['Node Type'] === 'Seq Scan' && tables.includes(n['Relation Name'] ?? ''))
    .map((n) => n['Relation Name']);
const indexesUsed = (nodes: PlanNode[]) => nodes.map((n) => n['Index Name']).filter(Boolean);
const TABLES = ['profiles', 'likes', 'passes', 'blocks'];

describe(`discovery query plans on ${testDatabaseKind} (${PROFILES} profiles)`, () => {
  it('walks the score index for the default browse, with no sequential scan', async () => {
    const nodes = await plan({});
    expect(seqScansOn(nodes, TABLES)).toEqual([]);
    expect(indexesUsed(nodes)).toContain('profiles_discovery_idx');
    // The viewer's likes are excluded by index probes, not by reading the likes table.
    expect(indexesUsed(nodes).some((name) => name?.startsWith('likes_'))).toBe(true);
  });

  it('uses indexes for gender, verified-only and the next page', async () => {
    const queries: Record<string, string>[] = [
      { gender: 'female' },
      { verifiedOnly: 'true' },
      { cursor: Buffer.from(JSON.stringify(['2.5', 'u500'])).toString('base64url') },
    ];
    for (const query of queries) {
      const nodes = await plan(query);
      expect(seqScansOn(nodes, TABLES), JSON.stringify(query)).toEqual([]);
      expect(
        indexesUsed(nodes).some(
          (name) => name === 'profiles_discovery_idx' || name === 'profiles_gender_discovery_idx',
        ),
      ).toBe(true);
    }
  });

  it('uses the word index for a rare search term and the grid cells for nearby', async () => {
    // Past the score-order window, the search starts from the word index.
    const text = await plan({ q: 'number 12345' });
    expect(seqScansOn(text, TABLES)).toEqual([]);
    expect(indexesUsed(text)).toContain('profiles_search_words_idx');

    const nearby = await plan({ mode: 'nearby', radiusKm: '10' });
    expect(seqScansOn(nearby, TABLES)).toEqual([]);
    expect(indexesUsed(nearby)).toContain('profiles_geo_cell_idx');
    // With a gender, each cell is read from the gender-led index, and the index itself rejects
    // ages outside the range and the unverified: they are conditions of the index, not filters.
    const narrow = await plan({
      mode: 'nearby',
      radiusKm: '25',
      gender: 'female',
      minAge: '21',
      maxAge: '24',
      verifiedOnly: 'true',
    });
    const cellScan = narrow.find((n) => n['Index Name'] === 'profiles_gender_cell_idx');
    expect(cellScan?.['Index Cond']).toMatch(/COALESCE\(age, 25\) >= 21/);
    expect(cellScan?.['Index Cond']).toMatch(/selfie_verified = true/);
    // Where most of each cell qualifies, each is walked in score order, not read whole into a
    // bitmap; and never past a hash of the viewer's likes. (Where few entries pass the filters, a
    // bitmap of those few is fair.)
    const types = (nodes: PlanNode[]) => nodes.map((n) => n['Node Type']);
    const broad = await plan({ mode: 'nearby', radiusKm: '50' });
    expect(types(broad).filter((type) => type === 'Bitmap Heap Scan' || type.startsWith('Hash'))).toEqual([]);
    for (const nodes of [nearby, narrow]) expect(types(nodes).filter((type) => type.startsWith('Hash'))).toEqual([]);
    // A very wide radius reads the earth-box index instead of hundreds of cells.
    const wide = await plan({ mode: 'nearby', radiusKm: '500' });
    expect(seqScansOn(wide, TABLES)).toEqual([]);
  });
});

describe.runIf(testDatabaseKind === 'postgres')('PostgreSQL sessions', () => {
  // JIT compiled the nearby query (its estimate crosses the threshold) and cost 35 ms at 1M profiles.
  it('run with JIT compilation off', async () => {
    const { rows } = await server.deps.database.db.execute<{ jit: string }>(sql`select current_setting('jit') as jit`);
    expect(rows[0]!.jit).toBe('off');
  });
});

/** The page a plain scan returns: every filter written out directly, no index strategy. */
async function plainPage(
  filters: { location?: string; words?: string; radiusKm?: number; gender?: string; minAge?: number; maxAge?: number },
  here: { lat: number; lng: number },
) {
  const db = server.deps.database.db;
  const { location, words, radiusKm, gender, minAge = 18, maxAge = 60 } = filters;
  const { rows } = await db.execute<{ user_id: string }>(sql`
    select user_id from profiles p
    where hidden = false and user_id <> ${VIEWER} and (age between ${minAge} and ${maxAge} or (age is null and 25 between ${minAge} and ${maxAge}))
      and (${location ?? null}::text is null or location ilike '%' || ${location ?? ''} || '%')
      and (${words ?? null}::text is null or search_words @@ to_tsquery('simple', ${words ?? ''}))
      and (${gender ?? null}::text is null or gender_group = ${gender ?? ''})
      and (${radiusKm ?? null}::float8 is null or (latitude is not null and show_distance
        and sqrt(power((latitude - ${here.lat}) * 111.32, 2) + power((longitude - ${here.lng}) * ${111.32 * Math.cos((here.lat * Math.PI) / 180)}, 2)) < ${radiusKm ?? 0}))
      and not exists (select 1 from likes l where l.user_id = ${VIEWER} and l.target_id = p.user_id)
      and not exists (select 1 from passes s where s.user_id = ${VIEWER} and s.target_id = p.user_id)
      and not exists (select 1 from blocks b where (b.blocker_id = ${VIEWER} and b.blocked_id = p.user_id) or (b.blocker_id = p.user_id and b.blocked_id = ${VIEWER}))
    order by score desc, user_id desc limit 21`);
  return rows.map((r) => r.user_id);
}

describe(`nearby by grid cells on ${testDatabaseKind}`, () => {
  it('returns exactly the page a plain scan of everyone within the radius returns', async () => {
    const db = server.deps.database.db;
    const here = { lat: 41.88, lng: -87.63 };
    for (const radiusKm of [10, 25, 50]) {
      const filters = ZDiscoverQuery.parse({ mode: 'nearby', radiusKm: String(radiusKm), limit: '20' });
      const viaCells = (await runDiscovery(db, VIEWER, filters, here)).map((r) => r.user_id);
      const plain = await plainPage({ radiusKm }, here);
      expect(viaCells.length, `${radiusKm} km`).toBeGreaterThan(0);
      expect(viaCells, `${radiusKm} km`).toEqual(plain);
    }
  });
});

describe(`a missing age on ${testDatabaseKind}`, () => {
  it('counts as 25, the display default, in browse and nearby alike', async () => {
    const db = server.deps.database.db;
    const here = { lat: 41.88, lng: -87.63 };
    // The best-placed members of a nearby page lose their age.
    const top = (await plainPage({ radiusKm: 25, gender: 'female' }, here)).slice(0, 3);
    await db.execute(sql`update profiles set age = null where user_id in ${top}`);
    try {
      for (const [minAge, maxAge] of [
        [20, 30],
        [25, 25],
        [26, 40],
        [18, 24],
      ] as const) {
        for (const query of [{ gender: 'female' }, { gender: 'female', mode: 'nearby', radiusKm: '25' }]) {
          const filters = ZDiscoverQuery.parse({
            ...query,
            minAge: String(minAge),
            maxAge: String(maxAge),
            limit: '20',
          });
          const served = (await runDiscovery(db, VIEWER, filters, here)).map((r) => r.user_id);
          const radiusKm = query.mode ? 25 : undefined;
          expect(served, `${minAge}-${maxAge} ${query.mode ?? 'browse'}`).toEqual(
            await plainPage({ gender: 'female', radiusKm, minAge, maxAge }, here),
          );
          const includesDefault = minAge <= 25 && maxAge >= 25;
          if (query.mode)
            expect(
              top.every((id) => served.includes(id)),
              `${minAge}-${maxAge}`,
            ).toBe(includesDefault);
        }
      }
    } finally {
      await db.execute(sql`update profiles set age = 18 + (substr(user_id, 2)::int % 50) where user_id in ${top}`);
    }
  });
});

describe(`text search through the score-order window on ${testDatabaseKind}`, () => {
  it('returns exactly the page the plain query returns, for common and rare terms', async () => {
    const db = server.deps.database.db;
    // Common words go through the window (with a narrow age range, deep into it); a rare one starts from the word index.
    const queries = [
      { q: 'salsa' },
      { q: 'number 12340 ' },
      { q: 'jazz', gender: 'female', verifiedOnly: 'true' },
      { q: 'about ches', minAge: '20', maxAge: '21' },
    ];
    for (const query of queries) {
      const filters = ZDiscoverQuery.parse(query);
      const served = (await runDiscovery(db, VIEWER, filters, null)).map((r) => r.user_id);
      const plain = (await db.execute<{ user_id: string }>(discoverySql(VIEWER, filters, null))).rows.map(
        (r) => r.user_id,
      );
      expect(served, JSON.stringify(query)).toEqual(plain);
      expect(served.length).toBeGreaterThan(0);
    }
  });
});

describe(`city filter and nearby word search on ${testDatabaseKind}`, () => {
  const here = { lat: 41.88, lng: -87.63 };
  const served = async (query: Record<string, string>) =>
    (await runDiscovery(server.deps.database.db, VIEWER, ZDiscoverQuery.parse({ limit: '20', ...query }), here)).map(
      (r) => r.user_id,
    );

  it('reads the top of each matching location text, alone and within a radius, and returns exactly the plain page', async () => {
    for (const city of ['chicago', 'an', 'New York']) {
      const page = await served({ location: city });
      expect(page.length, city).toBe(21);
      expect(page, city).toEqual(await plainPage({ location: city }, here));
      for (const radiusKm of [10, 25]) {
        const near = await served({ location: city, mode: 'nearby', radiusKm: String(radiusKm), gender: 'female' });
        expect(near.length, `${city} ${radiusKm} km`).toBeGreaterThan(0);
        expect(near, `${city} ${radiusKm} km`).toEqual(
          await plainPage({ location: city, radiusKm, gender: 'female' }, here),
        );
      }
    }
    expect(await served({ location: 'Atlantis' })).toEqual([]);
  });

  it('finds a location text first written by a profile edit', async () => {
    const db = server.deps.database.db;
    await db.execute(sql`update profiles set location = 'Evanston' where user_id in ('u5011', 'u5012')`);
    expect((await served({ location: 'evan' })).sort()).toEqual(['u5011', 'u5012']);
  });

  it('nearby, starts from the members a rare word finds, and walks the cells for a common one: the same page as the plain scan', async () => {
    const rare = await served({ q: 'number 123', mode: 'nearby', radiusKm: '50' });
    expect(rare.length).toBeGreaterThan(0);
    expect(rare).toEqual(await plainPage({ words: 'number & 123:*', radiusKm: 50 }, here));
    const common = await served({ q: 'salsa', mode: 'nearby', radiusKm: '25' });
    expect(common.length).toBe(21);
    expect(common).toEqual(await plainPage({ words: 'salsa:*', radiusKm: 25 }, here));
  });
});
