import { sql } from 'drizzle-orm';

/**
 * The grid nearby search reads (profiles.geo_cell, discovery.queries.ts cellsAround): cells of
 * 0.2° (about 22 km), numbered row by row, 2,000 to a row (enough for 360° / 0.2 = 1,800). The
 * column's expression and the cells a search reads are both written from these.
 */
export const GEO_CELL = { degrees: 0.2, perRow: 2000 } as const;

/** The number of the cell in row `y` (from the south pole) and column `x` (from the antimeridian). */
export const geoCellNumber = (y: number, x: number) => y * GEO_CELL.perRow + x;

const degrees = sql.raw(String(GEO_CELL.degrees));
const perRow = sql.raw(String(GEO_CELL.perRow));
/** The generated column's expression, over the row's latitude and longitude. */
export const geoCellOfRow = sql`case when latitude is null or longitude is null then null else floor((latitude + 90) / ${degrees})::int * ${perRow} + floor((longitude + 180) / ${degrees})::int end`;
