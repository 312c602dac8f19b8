// The discovery mix of `npm run bench`, straight against the database, one request after
// another, broken down by the filters each request carries: where the slow tail comes from.
// npx tsx bench/discovery-mix.ts [--tier 1m] [--requests 2048]
//   seeds the tier into a throwaway PostgreSQL 15 cluster (about 6 minutes at 1M), then times the mix;
// DATABASE_URL=… npx tsx bench/discovery-mix.ts --tier 1m
//   times it against a database already holding that tier (seeded by this script with --keep).
import { parseArgs } from 'node:util';
import { openPostgres } from '../server/src/db/client';
import { ensurePostgresBinaries, startPostgresCluster } from '../scripts/postgres-cluster.mjs';
import { POSTGRES_SETTINGS } from './lib/processes';
import { seedTier, TIERS } from './lib/seed';
import { discoveryMix, rawDiscovery, type DiscoveryRequest } from './scenarios/discovery';

const { values } = parseArgs({
  options: {
    tier: { type: 'string', default: '1m' },
    requests: { type: 'string', default: '2048' },
    keep: { type: 'boolean', default: false },
  },
});
const tier = TIERS[values.tier];
if (!tier) throw new Error('Usage: npx tsx bench/discovery-mix.ts --tier 5k|100k|1m');
if (!process.env.DATABASE_URL && !ensurePostgresBinaries())
  throw new Error("PostgreSQL 15 is needed (Debian's postgresql-15)");

const cluster = process.env.DATABASE_URL
  ? null
  : await startPostgresCluster({ durable: true, settings: POSTGRES_SETTINGS });
const database = await openPostgres(process.env.DATABASE_URL ?? cluster!.url, 2);
try {
  if (cluster) {
    await database.migrate();
    await seedTier(database, tier, console.log);
  }
  const mix = discoveryMix(tier, Number(values.requests));
  /** The filters a request carries, as labels (a request counts under each of its labels). */
  const labels = ({ query, session }: DiscoveryRequest) => [
    query.mode === 'nearby' ? `nearby ${query.radiusKm} km` : 'browse',
    ...(query.q ? ['words'] : []),
    ...(query.location ? ['city'] : []),
    ...(query.verifiedOnly ? ['verified only'] : []),
    ...(query.cursor ? ['next page'] : []),
    ...(session <= 5 ? ['power swiper'] : []),
  ];
  // One pass to warm the cache, then the measured pass.
  for (const request of mix) await rawDiscovery(database.db, request);
  const times = new Map<string, number[]>([['all', []]]);
  const slowest: { ms: number; request: DiscoveryRequest }[] = [];
  for (const request of mix) {
    const started = performance.now();
    await rawDiscovery(database.db, request);
    const ms = performance.now() - started;
    for (const label of ['all', ...labels(request)]) times.set(label, [...(times.get(label) ?? []), ms]);
    slowest.push({ ms, request });
  }
  const at = (list: number[], q: number) =>
    list.toSorted((a, b) => a - b)[Math.min(list.length - 1, Math.floor(q * list.length))]!.toFixed(1);
  console.log(
    `\nDiscovery mix on PostgreSQL 15, ${tier.name} profiles, ${mix.length} requests one after another (ms)\n`,
  );
  console.log('| requests with | n | p50 | p95 | p99 | max | over 25 ms |\n|---|---|---|---|---|---|---|');
  for (const [label, list] of times) {
    console.log(
      `| ${label} | ${list.length} | ${at(list, 0.5)} | ${at(list, 0.95)} | ${at(list, 0.99)} | ${at(list, 1)} | ${list.filter((ms) => ms > 25).length} |`,
    );
  }
  console.log('\nSlowest:');
  for (const { ms, request } of slowest.toSorted((a, b) => b.ms - a.ms).slice(0, 10)) {
    console.log(`  ${ms.toFixed(1)} ms  session ${request.session}  ${new URLSearchParams(request.query)}`);
  }
} finally {
  await database.close();
  if (cluster && values.keep)
    console.log(`\nKept: DATABASE_URL=${cluster.url} (stop it with pg_ctl -D ${cluster.dataDir} stop)`);
  else cluster?.stop();
}
