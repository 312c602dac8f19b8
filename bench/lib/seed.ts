// The benchmark data set, generated inside the database (INSERT … SELECT generate_series), so a
// million profiles take minutes, not hours. Every attribute comes from hashtext of the row
// number and a salt: the same tier always gives the same data, on PostgreSQL and on PGlite.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../server/src/db/client';
import { hashPassword } from '../../server/src/auth/password';

export const BENCH_PASSWORD = 'BenchPass2026';
export const METROS = 60;

export type Tier = {
  name: string;
  profiles: number;
  /** Signed-in members who drive the load (they are also the race pairs and chat pairs). */
  sessions: number;
  /** Bulk members with a swipe history (heavy-tailed), and power swipers among them. */
  swipers: number;
  powerSwipers: number;
  powerSwipes: number;
  /** Idle sockets opened to measure memory per socket. */
  idleSockets: number;
};

export const TIERS: Record<string, Tier> = {
  '5k': {
    name: '5k',
    profiles: 5_000,
    sessions: 40,
    swipers: 500,
    powerSwipers: 5,
    powerSwipes: 2_000,
    idleSockets: 2_000,
  },
  '100k': {
    name: '100k',
    profiles: 100_000,
    sessions: 150,
    swipers: 10_000,
    powerSwipers: 100,
    powerSwipes: 5_000,
    idleSockets: 5_000,
  },
  '1m': {
    name: '1m',
    profiles: 1_000_000,
    sessions: 150,
    swipers: 20_000,
    powerSwipers: 200,
    powerSwipes: 10_000,
    idleSockets: 5_000,
  },
};

/** Session members are s1…sN; the first few have a power swiper's history. */
export const sessionId = (i: number) => `s${i}`;
export const sessionEmail = (i: number) => `s${i}@bench.test`;
export const isPowerSession = (i: number) => i <= 5;

/** A deterministic number in [0, mod) from the row number i and a salt. */
const h = (salt: number, mod: number, column = 'i') =>
  sql.raw(`(abs(hashtext(${column}::text || ':${salt}')) % ${mod})`);

/** Seeds the tier into an empty, migrated database; returns the row counts. */
export async function seedTier(
  database: Database,
  tier: Tier,
  say: (line: string) => void,
): Promise<Record<string, number>> {
  const { db } = database;
  const run = async (label: string, statement: SQL) => {
    const started = performance.now();
    await db.execute(statement);
    say(`  ${label} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  };
  const N = tier.profiles;
  const S = tier.sessions;
  const hash = await hashPassword(BENCH_PASSWORD);

  await run(
    `${N} members`,
    sql`insert into "user" (id, name, email, email_verified)
    select 'b' || i, 'Member ' || i, 'b' || i || '@bench.test', true from generate_series(1, ${N}) i`,
  );
  await run(
    `${S} session members`,
    sql`insert into "user" (id, name, email, email_verified)
    select 's' || i, 'Session ' || i, 's' || i || '@bench.test', true from generate_series(1, ${S}) i`,
  );
  await run(
    'password accounts for the session members',
    sql`insert into account (id, account_id, provider_id, user_id, password)
    select 'acct-s' || i, 's' || i, 'credential', 's' || i, ${hash} from generate_series(1, ${S}) i`,
  );

  // 60 metros weighted towards the first (Zipf-like: city = floor(60 * u^2)), with ~15 km of
  // jitter; names, genders 48/48/4, ages 18–65 centred near 40 (the sum of four dice), 15% selfie-verified, ratings 0–5.
  const city = sql.raw(`floor(${METROS} * power((abs(hashtext(i::text || ':4')) % 10000) / 10000.0, 2))::int`);
  await run(
    `${N} profiles`,
    sql`insert into profiles (user_id, name, age, gender, location, bio, interests, latitude, longitude, selfie_verified, avg_rating, last_active_at)
    select 'b' || i, 'Member ' || i, 18 + least(47, ${h(6, 12)} + ${h(9, 12)} + ${h(10, 12)} + ${h(11, 12)}),
           case when ${h(5, 100)} < 48 then 'woman' when ${h(5, 100)} < 96 then 'man' else 'non-binary' end,
           'City ' || c,
           'Bio ' || i || ' likes ' || (array['hiking','jazz','cooking','chess','salsa','yoga','travel'])[1 + ${h(1, 7)}]
             || ' and ' || (array['films','running','poetry','climbing','board games','baking','cycling','museums'])[1 + ${h(12, 8)}],
           array[(array['hiking','jazz','cooking','chess','salsa','yoga','travel'])[1 + ${h(1, 7)}]],
           25 + c * 0.4 + (${h(7, 100)} - 50) * 0.003, -120 + c * 0.8 + (${h(8, 100)} - 50) * 0.003,
           ${h(2, 100)} < 15, ${h(3, 51)} / 10.0,
           now() - make_interval(hours => ${h(13, 24 * 30)})
    from (select i, ${city} as c from generate_series(1, ${N}) i) g`,
  );
  await run(
    'session profiles',
    sql`insert into profiles (user_id, name, age, gender, location, bio, interests, latitude, longitude, selfie_verified, avg_rating)
    select 's' || i, 'Session ' || i, 20 + i % 30, case when i % 2 = 0 then 'woman' else 'man' end, 'City ' || (i % 10),
           'Here to meet people', array['hiking'], 25 + (i % 10) * 0.4, -120 + (i % 10) * 0.8, true, 4.0
    from generate_series(1, ${S}) i`,
  );

  // Swipe histories: bulk swipers like 5–300 profiles (median ~50) and pass on half as many;
  // power swipers (and the first session members) like thousands, as heavy users do.
  await run(
    `likes of ${tier.swipers} swipers`,
    sql`insert into likes (user_id, target_id)
    select 'b' || v, 'b' || (abs(hashtext(v || ':' || k)) % ${N} + 1)
    from generate_series(1, ${tier.swipers}) v, lateral generate_series(1, 5 + (abs(hashtext(v::text || ':20')) % 100) * (abs(hashtext(v::text || ':21')) % 100) / 33) k
    on conflict do nothing`,
  );
  await run(
    `likes of ${tier.powerSwipers} power swipers`,
    sql`insert into likes (user_id, target_id)
    select 'b' || v, 'b' || (abs(hashtext(v || ':' || k)) % ${N} + 1)
    from generate_series(1, ${tier.powerSwipers}) v, generate_series(1, ${tier.powerSwipes}) k
    on conflict do nothing`,
  );
  await run(
    'likes of the power-swiping session members',
    sql`insert into likes (user_id, target_id)
    select 's' || v, 'b' || (abs(hashtext('s' || v || ':' || k)) % ${N} + 1)
    from generate_series(1, 5) v, generate_series(1, ${tier.powerSwipes}) k
    on conflict do nothing`,
  );
  await run(
    'passes',
    sql`insert into passes (user_id, target_id)
    select 'b' || v, 'b' || (abs(hashtext(v || ':p' || k)) % ${N} + 1)
    from generate_series(1, ${tier.swipers}) v, generate_series(1, 25) k
    on conflict do nothing`,
  );
  // About 3% of the swipers block someone.
  await run(
    'blocks',
    sql`insert into blocks (blocker_id, blocked_id)
    select 'b' || v, 'b' || (abs(hashtext(v || ':blk')) % ${N} + 1)
    from generate_series(1, ${tier.swipers}) v where abs(hashtext(v::text || ':22')) % 100 < 3
    on conflict do nothing`,
  );
  await run('vacuum analyze', sql`vacuum analyze`);

  const counts: Record<string, number> = {};
  for (const table of ['profiles', 'likes', 'passes', 'blocks']) {
    const { rows } = await db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`));
    counts[table] = rows[0]!.n;
  }
  return counts;
}
