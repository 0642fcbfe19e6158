import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Whether `candidateId` is `ancestorId` itself or lies somewhere under it. */
export async function isSelfOrDescendant(
  db: DbOrTx,
  ancestorId: string,
  candidateId: string,
): Promise<boolean> {
  const result = await db.execute(sql`
    with recursive up(id, parent_id) as (
      select id, parent_id from documents where id = ${candidateId}
      union
      select d.id, d.parent_id from documents d join up on d.id = up.parent_id
    )
    select 1 as found from up where id = ${ancestorId} limit 1`);
  return rowsOf(result).length > 0;
}
