import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { documents } from '../../db/schema/index.ts';
import { documentColumns, visible, type DocumentRow } from './columns.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
  const query = db
    .select(documentColumns)
    .from(documents)
    .where(and(eq(documents.id, id), visible))
    .limit(1);
  const rows = lock ? await query.for(lock) : await query;
  return rows[0] ?? null;
}
