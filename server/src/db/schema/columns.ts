import { customType, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

// The column shapes every table repeats, written once. A member reference lives beside the
// member table (auth.ts), which this file must not import.

/** A point in time, always with its time zone. */
export const at = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was written. */
export const createdAtNow = () => at('created_at').notNull().defaultNow();

/** The row's own id: a random UUID. */
export const primaryId = () => uuid('id').primaryKey().defaultRandom();

/** A required reference to the row this one belongs to; it goes when its parent does. */
export const parentId = (name: string, parent: () => AnyPgColumn) =>
  uuid(name).notNull().references(parent, { onDelete: 'cascade' });

/** Bytes kept in the row itself (a print's colours, a check-in's copy of a photo). */
export const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
