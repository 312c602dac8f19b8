import type { Db } from './client';

/**
 * A prepared statement for each database, built on first use. A named statement is turned
 * into SQL once, and parsed by PostgreSQL once per connection instead of on every request:
 * worth it for the few queries that run on every request of their kind.
 */
export function preparedPerDatabase<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) built.set(db, (statement = build(db)));
    return statement;
  };
}
