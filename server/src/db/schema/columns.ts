import { text } from 'drizzle-orm/pg-core';
import { user } from './auth';

/** A required reference to a member; their rows go when the account does. */
export const memberId = (name: string) =>
  text(name)
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' });
