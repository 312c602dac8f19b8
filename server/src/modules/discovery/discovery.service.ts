import { eq, sql } from 'drizzle-orm';
import type { TDiscoverPage } from '../../../../contracts/discovery';
import type { Deps } from '../../lib/context';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { PLAN_TEXT } from '../../../../contracts/plans';
import { DEFAULT_RADIUS_KM } from '../../../../contracts/discovery';
import { planFields, planFromColumns } from '../plans/service';
import { preparedPerDatabase } from '../../db/prepared';
import { profiles, subscriptions, user } from '../../db/schema';
import { toCard } from './cards';
import {
  allWordsCommon,
  cellsAround,
  discoverySql,
  encodeCursor,
  fewWordMatches,
  locationsMatching,
  MAX_LOCATIONS,
  MAX_PARTS,
  selectCards,
  type DiscoverFilters,
} from './discovery.queries';

/** Rows of the score index tried, at most, before a search for common words starts from the word index instead. */
const TEXT_WINDOW = 20_000;

/**
 * Runs the page query.
 * - Nearby by cells: the top of each cell, merged (see discoverySql).
 * - Word search: common words fill a page from the first rows in score order; so up to
 *   TEXT_WINDOW rows are tried first. A rare word (by the statistics, see commonWords), or
 *   common words that fill no page there, start from the word index.
 * - City: the location texts that match are found first (a small table), and the top of
 *   each is read in score order, as the cells are.
 */
export async function runDiscovery(
  db: Db,
  viewerId: string,
  f: DiscoverFilters,
  viewer: { lat: number; lng: number } | null,
) {
  const inParts = (locations?: string[]) => selectCards(db, discoverySql(viewerId, f, viewer, { locations }));
  const cells = f.mode === 'nearby' && viewer ? cellsAround(viewer, f.radiusKm) : null;
  if (f.location) {
    const locations = await locationsMatching(db, f.location);
    if (locations.length === 0) return [];
    if (locations.length <= MAX_LOCATIONS && locations.length * (cells?.length ?? 1) <= MAX_PARTS)
      return inParts(locations);
  }
  if (cells && f.q && (await fewWordMatches(db, f.q)))
    return selectCards(db, discoverySql(viewerId, f, viewer, { wordsFirst: true }));
  if (cells) return inParts();
  if (f.q && (await allWordsCommon(db, f.q))) {
    const windowed = await selectCards(db, discoverySql(viewerId, f, viewer, { window: TEXT_WINDOW }));
    if (windowed.length > f.limit) return windowed;
  }
  return selectCards(db, discoverySql(viewerId, f, viewer));
}

/**
 * What discovery needs of the viewer, in one query (prepared: it runs for every page): where
 * they are, their interests (for compatibility), their plan (for the advanced filters), and
 * whether anyone is boosted at all just now (boosts are rare, and most pages then skip the
 * boosted members' query).
 */
const viewerFactsQuery = preparedPerDatabase((db) =>
  db
    .select({
      latitude: profiles.latitude,
      longitude: profiles.longitude,
      interests: profiles.interests,
      ...planFields,
      anyBoosted: sql<boolean>`exists (select 1 from ${profiles} b where b.hidden = false and b.boosted_until > now())`,
    })
    .from(user)
    .leftJoin(subscriptions, eq(subscriptions.userId, user.id))
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.id, sql.placeholder('viewerId')))
    .prepare('discovery_viewer_facts'),
);

async function viewerFacts(db: Db, viewerId: string) {
  const [row] = await viewerFactsQuery(db).execute({ viewerId });
  if (!row) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
  const position = row.latitude !== null && row.longitude !== null ? { lat: row.latitude, lng: row.longitude } : null;
  return {
    position,
    interests: row.interests ?? [],
    anyBoosted: row.anyBoosted,
    premium: planFromColumns(row).tier === 'premium',
  };
}

/** Whether the filters go beyond the basic ones every plan has. */
export const usesAdvancedFilters = (f: DiscoverFilters) =>
  f.minRating !== undefined ||
  f.verifiedDates ||
  f.recentlyActive ||
  (f.mode === 'nearby' && f.radiusKm !== DEFAULT_RADIUS_KM);

/**
 * One page of discovery: the viewer's facts, then the page (whole cards, in one statement)
 * and, on a first page while anyone is boosted, the boosted members, at the same time on two
 * connections. The page shown is recorded in the system log, in a batch (BatchedSystemLog).
 */
export async function findDiscoverPage(
  { database, batchedLog }: Pick<Deps, 'database' | 'batchedLog'>,
  viewerId: string,
  filters: DiscoverFilters,
): Promise<TDiscoverPage> {
  const { db } = database;
  const { position: viewer, interests, anyBoosted, premium } = await viewerFacts(db, viewerId);
  if (usesAdvancedFilters(filters) && !premium) throw new AppError('PREMIUM_REQUIRED', PLAN_TEXT.filtersPremium);
  if (filters.mode === 'nearby' && !viewer) return { profiles: [], nextCursor: null, notice: 'location-needed' };
  const [rows, boosted] = await Promise.all([
    runDiscovery(db, viewerId, filters, viewer),
    filters.cursor || !anyBoosted ? [] : selectCards(db, discoverySql(viewerId, filters, viewer, { boosted: true })),
  ]);
  const page = rows.slice(0, filters.limit);
  const last = page.at(-1);
  const nextCursor = rows.length > filters.limit && last ? encodeCursor(last.score, last.user_id) : null;
  const shown = [...boosted, ...page];
  const { cursor: _cursor, ...logged } = filters;
  batchedLog.add({
    eventType: 'profile_discovery',
    userId: viewerId,
    detail: `${shown.length} profiles shown`,
    metadata: {
      userId: viewerId,
      profilesShown: shown.length,
      filters: logged,
      page: filters.cursor ? 'next' : 'first',
    },
  });
  return { profiles: shown.map((row) => toCard(row, interests)), nextCursor, notice: null };
}
