import type { Db } from './client.ts';

/**
 * A query built and prepared once per database (a named statement on PostgreSQL, parsed and planned once
 * per connection). For the hottest reads: every request resolves its caller, lists open folders.
 * Only for `Db`: a statement prepared on the pool must not be run inside a transaction's connection.
 */
export function preparedPerDatabase<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const cache = new WeakMap<Db, Q>();
  return (db) => {
    let query = cache.get(db);
    if (!query) {
      query = build(db);
      cache.set(db, query);
    }
    return query;
  };
}
