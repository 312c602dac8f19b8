import { z } from 'zod';
import { sql, type SQL } from 'drizzle-orm';
import { ZDiscoverQuery, ZProfileCard } from '../../../../contracts/discovery';
import { PROFILE_DEFAULTS } from '../../../../contracts/profile';
import { RECENTLY_ACTIVE_DAYS } from '../../../../contracts/plans';
import type { Db } from '../../db/client';
import { GEO_CELL, geoCellNumber } from '../../db/geo-cells';
import { containing } from '../../db/like';
import { column, selectOne, selectRows, ZCount } from '../../db/rows';
import { likes, photos } from '../../db/schema';
import { AppError } from '../../lib/errors';

/**
 * The discovery module's SQL: the card a member is shown, and the discovery page query with
 * its parts. Every statement's rows are checked against their declared shape (db/rows.ts).
 */

/**
 * The columns a card is built from (cardColumns, then cardExtras): the card's own fields as they
 * are, the rest in storage's names. No coordinates ever leave this module.
 */
export const ZCardRow = ZProfileCard.pick({
  name: true,
  age: true,
  gender: true,
  location: true,
  bio: true,
  interests: true,
}).extend({
  user_id: z.string(),
  selfie_verified: z.boolean(),
  avg_rating: column.number.nullable(),
  review_count: z.number(),
  safe_for_family_badge: z.boolean(),
  safe_for_home_badge: z.boolean(),
  date_again_badge: z.boolean(),
  distance_m: column.number.nullable(),
  boosted: z.boolean(),
  photo_ids: z.array(z.string()),
  super_liked_you: z.boolean(),
});
export type CardRow = z.output<typeof ZCardRow>;

/**
 * The select list a card is built from, for a query over `profiles p`. The distance (metres,
 * from the viewer) is left out for members who chose not to show it.
 */
export const cardColumns = (distanceMetres: SQL | null) => sql`
  p.user_id, p.name, p.age, p.gender, p.location, p.bio, p.interests, p.selfie_verified, p.avg_rating,
  p.review_count, p.safe_for_family_badge, p.safe_for_home_badge, p.date_again_badge,
  ${distanceMetres ? sql`case when p.show_distance then ${distanceMetres} end` : sql`null::float8`} as distance_m,
  coalesce(p.boosted_until > now(), false) as boosted`;

/**
 * The rest of a card, from other tables: its photos in order, and whether the member
 * super-liked the viewer. Two index probes a row, in the same statement as the card's columns
 * (no round trip of their own). Put them in the outermost select of a paged query: the
 * database then works them out for the rows of the page only, after its sort and limit.
 */
export const cardExtras = (viewerId: string, userId: SQL = sql`p.user_id`) => sql`
  array(select ph.id from ${photos} ph where ph.user_id = ${userId} order by ph.position) as photo_ids,
  exists (select 1 from ${likes} sl where sl.user_id = ${userId} and sl.target_id = ${viewerId} and sl.super_like) as super_liked_you`;

/** At most this many boosted members lead a first page. */
const MAX_BOOSTED = 5;

export type DiscoverFilters = ReturnType<typeof ZDiscoverQuery.parse>;

/** How many days a pass keeps a profile out of the member's discovery. */
export const PASS_HIDES_DAYS = 30;

// The cursor is the (score, user id) of the last card: keyset paging, so page 50 costs what page 1 does.
export const encodeCursor = (score: number, userId: string) =>
  Buffer.from(JSON.stringify([String(score), userId])).toString('base64url');
/** The largest magnitude PostgreSQL's real holds: a cursor beyond it could never have been ours. */
const REAL_MAX = 3.4e38;
const ZCursor = z.tuple([
  // A plain decimal, as String(number) writes it: no '', '0b1', 'Infinity' or '1e39', which PostgreSQL refuses as a real.
  z
    .string()
    .regex(/^-?\d+(\.\d+)?(e[-+]?\d+)?$/i)
    .refine((score) => Math.abs(Number(score)) <= REAL_MAX),
  z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
]);
function decodeCursor(cursor: string): [string, string] {
  try {
    return ZCursor.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    throw new AppError('BAD_REQUEST', 'That page link is no longer valid. Refresh to start again.');
  }
}

/**
 * A missing age counts as the display default, 25. The score indexes hold this very expression
 * as a key column (migration 0017), so an index rejects the ages outside the range itself, and
 * ANALYZE keeps statistics on it for the planner.
 */
const ageCondition = (min: number, max: number, table = sql`p`): SQL =>
  sql`coalesce(${table}.age, ${sql.raw(String(PROFILE_DEFAULTS.age))}) between ${min} and ${max}`;

/** The words of a search as search_words holds them: lower case, letters and digits only. */
const typedWords = (q: string) => q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * A name-or-bio search: every word typed is a word of the name or bio, in any order, and the
 * last one may be cut short, as it is while typing ('salsa dan' finds "Loves salsa dancing").
 * Only the last word is a prefix: the word index answers a prefix by collecting every word
 * that starts with it, which is slow for a short one. Only letters and digits reach
 * to_tsquery, so its syntax cannot be injected; a search with no word in it finds no one.
 */
function wordsCondition(q: string): SQL {
  const words = typedWords(q);
  if (words.length === 0) return sql`false`;
  return sql`p.search_words @@ to_tsquery('simple', ${[...words.slice(0, -1), `${words.at(-1)}:*`].join(' & ')})`;
}

/**
 * The viewer's exclusions (members they liked, passed on lately, blocked or were blocked by),
 * checked per candidate by a lateral subquery: four primary-key probes, so members who swiped
 * a lot cost little more. As a lateral it stays a nested loop over the walk in score order.
 * Written as NOT EXISTS in the WHERE clause, the planner may turn it into a hash anti join,
 * which reads every candidate first and sorts them (at 1M profiles, 630 ms instead of 4 for a
 * dense city).
 */
const allowedBy = (viewerId: string) => sql`cross join lateral (
  select 1 where not exists (select 1 from likes l where l.user_id = ${viewerId} and l.target_id = p.user_id)
    and not exists (select 1 from passes s where s.user_id = ${viewerId} and s.target_id = p.user_id and s.created_at > now() - make_interval(days => ${PASS_HIDES_DAYS}))
    and not exists (select 1 from blocks b where b.blocker_id = ${viewerId} and b.blocked_id = p.user_id)
    and not exists (select 1 from blocks b where b.blocker_id = p.user_id and b.blocked_id = ${viewerId})
  offset 0) allowed`;

/**
 * The discovery query. It walks profiles_discovery_idx in (score, user id) order and stops
 * after one page. Words use the word index; a city and nearby read in parts (see runDiscovery).
 * Each row carries its whole card (cardExtras), worked out for the rows of the page only.
 */
export function discoverySql(
  viewerId: string,
  f: DiscoverFilters,
  viewer: { lat: number; lng: number } | null,
  options: { window?: number; boosted?: boolean; locations?: string[]; wordsFirst?: boolean } = {},
): SQL {
  // What the score indexes answer as they walk (gender, the page's position): a word-search window is taken under these alone.
  const indexed: SQL[] = [sql`p.hidden = false`, sql`p.user_id <> ${viewerId}`];
  if (f.gender !== 'all') indexed.push(sql`p.gender_group = ${f.gender}`);
  if (f.cursor) {
    const [score, userId] = decodeCursor(f.cursor);
    indexed.push(sql`(p.score, p.user_id) < (${score}::real, ${userId})`);
  }
  const conditions: SQL[] = [...indexed, ageCondition(f.minAge, f.maxAge)];
  if (f.verifiedOnly) conditions.push(sql`p.selfie_verified`);
  if (f.location) conditions.push(sql`p.location ilike ${containing(f.location)}`);
  if (f.q) conditions.push(wordsCondition(f.q));
  if (f.minRating !== undefined) conditions.push(sql`p.avg_rating >= ${f.minRating}`);
  // Ratings only exist for co-signed dates, so a rated member has verified dates.
  if (f.verifiedDates) conditions.push(sql`p.review_count > 0`);
  if (f.recentlyActive) conditions.push(sql`p.last_active_at > now() - make_interval(days => ${RECENTLY_ACTIVE_DAYS})`);
  // Boosted members lead the first page (from profiles_boosted_idx) and leave the ordinary order meanwhile.
  conditions.push(
    options.boosted ? sql`p.boosted_until > now()` : sql`(p.boosted_until is null or p.boosted_until <= now())`,
  );
  const cells = f.mode === 'nearby' && viewer ? cellsAround(viewer, f.radiusKm) : null;
  if (f.mode === 'nearby' && viewer) {
    // Members who hide their distance are not in Nearby at all: being inside a radius, from
    // wherever the viewer stands, is a distance too.
    conditions.push(sql`p.show_distance`);
    const box = boundingBox(viewer, f.radiusKm);
    conditions.push(
      sql`p.latitude between ${box.minLat} and ${box.maxLat} and p.longitude between ${box.minLng} and ${box.maxLng}`,
    );
    if (cells) {
      conditions.push(sql`${flatDistanceKm(viewer)} < ${f.radiusKm}`);
    } else {
      const here = sql`ll_to_earth(${viewer.lat}, ${viewer.lng})`;
      conditions.push(sql`earth_box(${here}, ${f.radiusKm * 1000}) @> ll_to_earth(p.latitude, p.longitude)`);
      conditions.push(sql`earth_distance(${here}, ll_to_earth(p.latitude, p.longitude)) < ${f.radiusKm * 1000}`);
    }
  }
  const where = sql.join(conditions, sql` and `);
  const allowed = allowedBy(viewerId);
  const distance = viewer
    ? sql`case when p.latitude is null or p.longitude is null then null else ${flatDistanceKm(viewer)} * 1000 end`
    : null;
  const columns = sql`${cardColumns(distance)}, p.score`;
  const card = sql`${columns}, ${cardExtras(viewerId)}`;
  if (options.boosted) {
    return sql`select ${card} from profiles p ${allowed} where ${where} order by p.boosted_until desc limit ${MAX_BOOSTED}`;
  }
  // Nearby and city: the top of each grid cell around the viewer and/or each matching location
  // text, read in score order from profiles_gender_cell_idx, profiles_geo_cell_idx,
  // profiles_location_idx or profiles_location_cell_idx, then merged. Each part stops after a
  // page, so a dense city costs what a quiet one does, and a cell and city that do not meet
  // cost one index probe.
  const parts: SQL[] = [];
  const matches: SQL[] = [];
  if (cells) {
    parts.push(sql`unnest(${sql.param(cells)}::int[]) as c(cell)`);
    matches.push(sql`p.geo_cell = c.cell`);
  }
  if (options.locations) {
    parts.push(sql`unnest(${sql.param(options.locations)}::text[]) as l(location)`);
    matches.push(sql`p.location = l.location`);
  }
  if (parts.length > 0 && !options.wordsFirst) {
    return sql`
      select q.*, ${cardExtras(viewerId, sql`q.user_id`)} from ${sql.join(parts, sql` cross join `)}
      cross join lateral (
        select ${columns} from profiles p ${allowed}
        where ${sql.join(matches, sql` and `)} and ${where}
        order by p.score desc, p.user_id desc
        limit ${f.limit + 1}
      ) q
      order by q.score desc, q.user_id desc
      limit ${f.limit + 1}`;
  }
  // With a window, the word search applies to the first rows in score order only (see runDiscovery).
  // The window is read from the score index alone (an index-only scan), under the indexed
  // conditions plus its age and verified filters, so it is TEXT_WINDOW rows whatever else is
  // asked (with age and verified in its walk, a rare combination walked the index far); only
  // what passes them is read in full, one profile at a time in score order, every filter checked
  // inside the lateral (so the planner cannot hash the window and sort it), until the page is full.
  if (options.window) {
    const passes = [ageCondition(f.minAge, f.maxAge, sql`w`), ...(f.verifiedOnly ? [sql`w.selfie_verified`] : [])];
    return sql`
      select ${card}
      from (
        select p.user_id, p.score, p.age, p.selfie_verified from profiles p
        where ${sql.join(indexed, sql` and `)}
        order by p.score desc, p.user_id desc limit ${options.window}
      ) w
      cross join lateral (select * from profiles p where p.user_id = w.user_id and ${where} offset 0) p
      ${allowed}
      where ${sql.join(passes, sql` and `)}
      order by w.score desc, w.user_id desc
      limit ${f.limit + 1}`;
  }
  // Past the window (or nearby, for rare words: options.wordsFirst), a word search starts from
  // the members the word index finds. The planner cannot tell a rare word from a common one,
  // and left to itself it walks the score order for a rare one too, through the whole table.
  if (f.q) {
    return sql`
      with matched as materialized (select p.user_id from profiles p where p.hidden = false and ${wordsCondition(f.q)})
      select ${card}
      from matched m join profiles p on p.user_id = m.user_id ${allowed}
      where ${where}
      order by p.score desc, p.user_id desc
      limit ${f.limit + 1}`;
  }
  return sql`
    select ${card}
    from profiles p ${allowed}
    where ${where}
    order by p.score desc, p.user_id desc
    limit ${f.limit + 1}`;
}

const KM_PER_DEGREE = 111.32;

/**
 * Distance in km on a flat projection around the viewer: plain arithmetic, so it costs
 * nothing per row, and within 1% of the great-circle distance up to a few hundred km, far
 * finer than the bands it feeds.
 */
function flatDistanceKm(viewer: { lat: number; lng: number }): SQL {
  const kmPerLngDegree = KM_PER_DEGREE * Math.cos((viewer.lat * Math.PI) / 180);
  return sql`sqrt(power((p.latitude - ${viewer.lat}) * ${KM_PER_DEGREE}, 2) + power((p.longitude - ${viewer.lng}) * ${kmPerLngDegree}, 2))`;
}
/** Beyond this many cells (very wide radii) the earth-box index serves nearby instead. */
const MAX_CELLS = 400;

function boundingBox(center: { lat: number; lng: number }, radiusKm: number) {
  const dLat = radiusKm / KM_PER_DEGREE;
  const dLng = radiusKm / (KM_PER_DEGREE * Math.max(0.01, Math.cos((center.lat * Math.PI) / 180)));
  return {
    minLat: Math.max(-90, center.lat - dLat),
    maxLat: Math.min(90, center.lat + dLat),
    minLng: Math.max(-180, center.lng - dLng),
    maxLng: Math.min(180, center.lng + dLng),
  };
}

/** The grid cells that cover the circle, or null when there are too many to read one by one. */
export function cellsAround(center: { lat: number; lng: number }, radiusKm: number): number[] | null {
  const box = boundingBox(center, radiusKm);
  const latFrom = Math.floor((box.minLat + 90) / GEO_CELL.degrees);
  const latTo = Math.floor((box.maxLat + 90) / GEO_CELL.degrees);
  const lngFrom = Math.floor((box.minLng + 180) / GEO_CELL.degrees);
  const lngTo = Math.floor((box.maxLng + 180) / GEO_CELL.degrees);
  if ((latTo - latFrom + 1) * (lngTo - lngFrom + 1) > MAX_CELLS) return null;
  const cells: number[] = [];
  for (let y = latFrom; y <= latTo; y++) for (let x = lngFrom; x <= lngTo; x++) cells.push(geoCellNumber(y, x));
  return cells;
}

/** A page of cards with the score each was found at (for the next page's cursor). */
const ZScoredCardRow = ZCardRow.extend({ score: column.number });

/** Runs a discovery statement (discoverySql) and checks its rows. */
export const selectCards = (db: Pick<Db, 'execute'>, query: SQL) => selectRows(db, ZScoredCardRow, query);

/** Up to this many members found by a word search, starting from them beats walking the grid cells. */
const FEW_WORD_MATCHES = 2000;

/**
 * Whether the word index finds at most FEW_WORD_MATCHES members for the search. Counting is
 * cheap for a rare word and costly for a common one (the index lists all its members first),
 * so a search whose every word is common by the table's statistics is taken as common uncounted.
 */
export async function fewWordMatches(db: Db, q: string): Promise<boolean> {
  if (await allWordsCommon(db, q)) return false;
  const found = await selectOne(
    db,
    ZCount,
    sql`select count(*)::int as n from (select 1 from profiles p where p.hidden = false and ${wordsCondition(q)} limit ${FEW_WORD_MATCHES + 1}) m`,
  );
  return found.n <= FEW_WORD_MATCHES;
}

/** Whether every word of the search is common by the statistics (a word search with a rare word starts from the word index). */
export async function allWordsCommon(db: Db, q: string): Promise<boolean> {
  const common = await commonWords(db);
  return typedWords(q).every((word) => common.has(word));
}

/** A word in at least this share of profiles is common. */
const COMMON_WORD_SHARE = 0.01;
const WORD_STATISTICS_TTL_MS = 10 * 60_000;
let wordStatistics: { words: Set<string>; readAt: number } | null = null;

/**
 * The common words of names and bios, from PostgreSQL's statistics on search_words (kept by
 * ANALYZE), read every ten minutes. Only the way a page is found depends on them, never the page.
 */
async function commonWords(db: Db): Promise<Set<string>> {
  if (wordStatistics && Date.now() - wordStatistics.readAt < WORD_STATISTICS_TTL_MS) return wordStatistics.words;
  const rows = await selectRows(
    db,
    z.object({ word: z.string(), share: column.number }),
    sql`
    select s.word, s.share from pg_stats,
      unnest(most_common_elems::text::text[], most_common_elem_freqs) as s(word, share)
    where schemaname = current_schema() and tablename = 'profiles' and attname = 'search_words' and s.word is not null`,
  );
  const words = new Set(rows.filter((row) => row.share >= COMMON_WORD_SHARE).map((row) => row.word));
  wordStatistics = { words, readAt: Date.now() };
  return words;
}

/**
 * Beyond this many location texts matching a city filter (a very short filter), or pairs of a
 * text and a grid cell, the city is common enough for the score order or the cells alone.
 */
export const MAX_LOCATIONS = 50;
export const MAX_PARTS = 2000;

/** The location texts of profiles that contain the city filter's text, case-insensitively (at most one past MAX_LOCATIONS). */
export async function locationsMatching(db: Db, city: string): Promise<string[]> {
  const rows = await selectRows(
    db,
    z.object({ location: z.string() }),
    sql`select location from discovery_locations where location ilike ${containing(city)} limit ${MAX_LOCATIONS + 1}`,
  );
  return rows.map((row) => row.location);
}
