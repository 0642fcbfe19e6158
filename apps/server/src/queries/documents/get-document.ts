import { and, eq, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { documents } from '../../db/schema/index.ts';
import { documentColumns, visible, type DocumentRow } from './columns.ts';
import { isUuid } from '../../lib/ids.ts';

const byId = (db: DbOrTx) =>
  db
    .select(documentColumns)
    .from(documents)
    .where(and(eq(documents.id, sql.placeholder('id')), visible))
    .limit(1);

/** Every request that names a document reads it first: prepared once per database, outside transactions. */
const byIdPrepared = preparedPerDatabase((db) => byId(db).prepare('documents_by_id'));

/**
 * A visible document of any organization, or null. Callers pass it to authorize(), which answers 404 for
 * another organization's document. `lock` takes a row lock for the rest of the transaction.
 */
export async function findDocument(
  db: DbOrTx,
  id: string,
  lock?: 'update' | 'share',
): Promise<DocumentRow | null> {
  if (!isUuid(id)) return null;
  if (lock || db instanceof PgTransaction) {
    const query = byId(db);
    const rows = lock ? await query.for(lock).execute({ id }) : await query.execute({ id });
    return rows[0] ?? null;
  }
  return (await byIdPrepared(db as Db).execute({ id }))[0] ?? null;
}
