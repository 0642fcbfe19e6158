import { and, eq, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client.ts';
import { documents } from '../../db/schema/index.ts';
import { documentColumns, visible, type DocumentRow } from './columns.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const byId = (db: DbOrTx) =>
  db
    .select(documentColumns)
    .from(documents)
    .where(and(eq(documents.id, sql.placeholder('id')), visible))
    .limit(1);

/** Every request that names a document reads it first: prepared once per database, outside transactions. */
const prepared = new WeakMap<Db, ReturnType<ReturnType<typeof byId>['prepare']>>();

/**
 * A visible document of any organization, or null. Callers pass it to authorize(), which answers 404 for
 * another organization's document. `lock` takes a row lock for the rest of the transaction.
 */
export async function findDocument(
  db: DbOrTx,
  id: string,
  lock?: 'update' | 'share',
): Promise<DocumentRow | null> {
  if (!UUID.test(id)) return null;
  if (lock || db instanceof PgTransaction) {
    const query = byId(db);
    const rows = lock ? await query.for(lock).execute({ id }) : await query.execute({ id });
    return rows[0] ?? null;
  }
  let query = prepared.get(db);
  if (!query) {
    query = byId(db).prepare('documents_by_id');
    prepared.set(db, query);
  }
  return (await query.execute({ id }))[0] ?? null;
}
