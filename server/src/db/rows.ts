import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
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
  /** bytea: a Buffer from pg, a Uint8Array from PGlite; a Buffer either way. */
  bytes: z.instanceof(Uint8Array).transform((bytes) => Buffer.from(bytes)),
};

/**
 * `prepare`: for a statement on a hot path whose text never depends on its input (only its
 * parameters do). On PostgreSQL it is then a named prepared statement, parsed and planned once
 * per connection instead of on every call (for a message's statement, most of what PostgreSQL
 * spent on it). Inside a transaction, and on PGlite, it runs as any other.
 */
type Options = { prepare?: boolean };

export async function selectRows<Shape extends z.ZodType>(
  db: Pick<Db, 'execute'>,
  shape: Shape,
  query: SQL,
  options: Options = {},
): Promise<z.output<Shape>[]> {
  const pool = options.prepare ? poolOf(db) : null;
  const { rows } = pool ? await runPrepared(pool, query) : await db.execute(query);
  return rows.map((row) => shape.parse(row));
}

/** The first row a statement answers, checked against its shape; undefined when none. */
export async function selectRow<Shape extends z.ZodType>(
  db: Pick<Db, 'execute'>,
  shape: Shape,
  query: SQL,
  options: Options = {},
): Promise<z.output<Shape> | undefined> {
  const [row] = await selectRows(db, shape, query, options);
  return row;
}

/**
 * The one row a statement always answers (an insert's returning, an aggregate, an upsert),
 * checked against its shape; anything else is a fault, thrown with the count, instead of a row
 * asserted to be there.
 */
export async function selectOne<Shape extends z.ZodType>(
  db: Pick<Db, 'execute'>,
  shape: Shape,
  query: SQL,
  options: Options = {},
): Promise<z.output<Shape>> {
  const rows = await selectRows(db, shape, query, options);
  if (rows.length !== 1) throw new Error(`expected exactly one row, got ${rows.length}`);
  return rows[0]!;
}

/** The one row an insert's `returning` (or any write of one row) gave back; anything else is a fault. */
export function onlyRow<Row>(rows: Row[]): Row {
  if (rows.length !== 1) throw new Error(`expected exactly one row, got ${rows.length}`);
  return rows[0]!;
}

/** The PostgreSQL pool behind a database handle (a transaction's handle has none). */
function poolOf(db: Pick<Db, 'execute'>): pg.Pool | null {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : null;
}

const dialect = new PgDialect();
/** A statement's name: the hash of its text, so one text is prepared once per connection. */
const names = new Map<string, string>();
const nameOf = (text: string) => {
  let name = names.get(text);
  if (!name) names.set(text, (name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`));
  return name;
};
/** Dates and times as text, as Drizzle reads them, so a row is the same whichever way it came. */
const TIME_TYPES = new Set([1082, 1114, 1184, 1186, 1115, 1182, 1185, 1187, 1231]);
const types = {
  getTypeParser: (id: number, format?: 'text' | 'binary') =>
    TIME_TYPES.has(id) ? (value: string) => value : pg.types.getTypeParser(id, format),
} as pg.CustomTypesConfig;

function runPrepared(pool: pg.Pool, query: SQL) {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return pool.query({ name: nameOf(text), text, values: params, types });
}

/** The row of a `count(*)::int as n`. */
export const ZCount = z.object({ n: column.number });

/** The row of a `returning id`. */
export const ZId = z.object({ id: z.string() });
