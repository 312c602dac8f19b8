import type { SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from './client';

/**
 * Typed rows for hand-written SQL. A row's shape is declared once, as a zod object, and every
 * row is checked against it: a renamed or missing column fails here, with its name, instead of
 * travelling on as undefined. Timestamps come back as a Date from PostgreSQL and as a string
 * from some PGlite paths; the column helpers below turn both into an ISO string.
 */
export const column = {
  timestamp: z.union([z.date(), z.string()]).transform((value) => new Date(value).toISOString()),
  /** The same, kept as a Date, for rows that meet Drizzle's (which read timestamps as Dates). */
  date: z.union([z.date(), z.string()]).transform((value) => new Date(value)),
  /** numeric and bigint arrive as text: read as a number. */
  number: z.union([z.number(), z.string()]).transform(Number),
};

export async function selectRows<Shape extends z.ZodType>(
  db: Pick<Db, 'execute'>,
  shape: Shape,
  query: SQL,
): Promise<z.output<Shape>[]> {
  const { rows } = await db.execute(query);
  return rows.map((row) => shape.parse(row));
}

/** The first row a statement answers, checked against its shape; undefined when none. */
export async function selectRow<Shape extends z.ZodType>(
  db: Pick<Db, 'execute'>,
  shape: Shape,
  query: SQL,
): Promise<z.output<Shape> | undefined> {
  const [row] = await selectRows(db, shape, query);
  return row;
}

/** The row of a `count(*)::int as n`. */
export const ZCount = z.object({ n: column.number });

/** The row of a `returning id`. */
export const ZId = z.object({ id: z.string() });
