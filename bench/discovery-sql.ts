// Seeds N profiles and times the discovery query mix: what the endpoint runs, and the plain
// query's EXPLAIN ANALYZE server time for reference.
// PostgreSQL: node scripts/with-postgres.mjs npx tsx bench/discovery-sql.ts --profiles 1000000
// PGlite:     npx tsx bench/discovery-sql.ts --pglite <data dir> --profiles 1000000
// A database seeded by an earlier run is reused (a kept DATABASE_URL or PGlite directory).
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { ZDiscoverQuery } from '../contracts/discovery';
import { openPglite, openPostgres } from '../server/src/db/client';
import { discoverySql } from '../server/src/modules/discovery/discovery.queries';
import { runDiscovery } from '../server/src/modules/discovery/discovery.service';

const { values } = parseArgs({
  options: {
    pglite: { type: 'string' },
    profiles: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '30' },
    explain: { type: 'boolean', default: false },
  },
});
const N = Number(values.profiles);
const RUNS = Number(values.runs);
const url = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (!url && !values.pglite)
  throw new Error('Set DATABASE_URL (or run through scripts/with-postgres.mjs), or pass --pglite <dir>');

const database = values.pglite ? await openPglite(values.pglite) : await openPostgres(url!, 2);
const { db } = database;
const time = async (label: string, work: () => Promise<unknown>) => {
  const started = performance.now();
  await work();
  console.log(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
};

await database.migrate();
const VIEWER = 'bench-viewer';
const { rows: existing } = await db.execute<{ n: number }>(sql`select count(*)::int as n from profiles`);
if (existing[0]!.n < N + 1)
  await time(`seed ${N} members`, async () => {
    await db.execute(sql`insert into "user" (id, name, email, email_verified)
    select 'u' || i, 'Member ' || i, 'm' || i || '@bench.test', true from generate_series(1, ${N}) i on conflict do nothing`);
    await db.execute(
      sql`insert into "user" (id, name, email, email_verified) values (${VIEWER}, 'Viewer', 'viewer@bench.test', true) on conflict do nothing`,
    );
    // 60 dense metros with jitter, like the shared benchmark notes. Each attribute comes from its
    // own hash of i (PostgreSQL's hashtext), so score, city, gender and bio words are independent.
    const h = (salt: number, mod: number) => sql.raw(`(abs(hashtext(i::text || ':${salt}')) % ${mod})`);
    await db.execute(sql`insert into profiles (user_id, name, age, gender, location, bio, interests, latitude, longitude, selfie_verified, avg_rating)
    select 'u' || i, 'Member ' || i, 18 + ${h(6, 48)},
           (array['woman','man','woman','man','non-binary'])[1 + ${h(5, 5)}],
           'City ' || ${h(4, 60)},
           'Bio ' || i || ' likes ' || (array['hiking','jazz','cooking','chess','salsa','yoga','travel'])[1 + ${h(1, 7)}],
           array[(array['hiking','jazz','cooking','chess','salsa','yoga','travel'])[1 + ${h(1, 7)}]],
           25 + ${h(4, 60)} * 0.4 + (${h(7, 100)} - 50) * 0.003, -120 + ${h(4, 60)} * 0.8 + (${h(8, 100)} - 50) * 0.003,
           ${h(2, 7)} = 0, ${h(3, 50)} / 10.0
    from generate_series(1, ${N}) i on conflict do nothing`);
    await db.execute(
      sql`insert into profiles (user_id, name, latitude, longitude) values (${VIEWER}, 'Viewer', 25.4, -119.2) on conflict do nothing`,
    );
    await db.execute(
      sql`insert into likes (user_id, target_id) select ${VIEWER}, 'u' || (i * 37 % ${N} + 1) from generate_series(1, 2000) i on conflict do nothing`,
    );
    // As in the shared notes: 200 members with 2,000 likes each, so likes is a real table.
    await db.execute(sql`insert into likes (user_id, target_id)
    select 'u' || v, 'u' || (abs(hashtext(v || ':' || i)) % ${N} + 1) from generate_series(1, 200) v, generate_series(1, 2000) i on conflict do nothing`);
    await db.execute(sql`vacuum analyze`);
  });

const cursor = Buffer.from(JSON.stringify(['3.5', 'u500000'])).toString('base64url');
const mix: Record<string, Record<string, string>> = {
  'browse (default filters)': {},
  'gender=female, ages 25-40': { gender: 'female', minAge: '25', maxAge: '40' },
  'verified only': { verifiedOnly: 'true' },
  'text search (rare term)': { q: 'Bio 123456 ' },
  'text search (common term)': { q: 'salsa' },
  'location contains': { location: 'City 42' },
  'nearby 25 km': { mode: 'nearby', radiusKm: '25' },
  'next page (keyset cursor)': { cursor },
};
console.log(`\nDiscovery on ${database.kind}, ${N} profiles, ${RUNS} runs each.`);
console.log('  served = what the endpoint runs (runDiscovery), wall time from this client including the round trip;');
console.log('  plain execution = the single plain query, EXPLAIN ANALYZE server time, for reference.');
for (const [label, query] of Object.entries(mix)) {
  const filters = ZDiscoverQuery.parse(query);
  const viewer = filters.mode === 'nearby' ? { lat: 25.4, lng: -119.2 } : null;
  if (values.explain) {
    const { rows: plan } = await db.execute<{ 'QUERY PLAN': string }>(
      sql`explain (analyze, costs off) ${discoverySql(VIEWER, filters, viewer)}`,
    );
    console.log(`\n--- window plan: ${label}\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`);
  }
  const served: number[] = [];
  const planner: number[] = [];
  let rows = 0;
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    rows = (await runDiscovery(db, VIEWER, filters, viewer)).length;
    served.push(performance.now() - started);
    if (i < 3) {
      // The plain query is only a reference (it can be slow by design): three runs suffice.
      const { rows: plan } = await db.execute<{ 'QUERY PLAN': [{ 'Execution Time': number }] }>(
        sql`explain (analyze, format json) ${discoverySql(VIEWER, filters, viewer)}`,
      );
      planner.push(plan[0]!['QUERY PLAN'][0]['Execution Time']);
    }
  }
  const p = (list: number[], q: number) =>
    list.toSorted((a, b) => a - b)[Math.min(list.length - 1, Math.floor(q * list.length))]!.toFixed(2);
  console.log(
    `  ${label.padEnd(28)} served p50 ${p(served, 0.5)} / p95 ${p(served, 0.95)} / max ${p(served, 1)} ms   plain execution p50 ${p(planner, 0.5)} ms   rows ${rows}`,
  );
}
await database.close();
