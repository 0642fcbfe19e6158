import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The ids of a document and everything under it (any state), root first. */
export async function subtreeIds(db: DbOrTx, rootId: string): Promise<string[]> {
  const result = await db.execute(sql`
    with recursive tree(id, depth) as (
      select id, 0 from documents where id = ${rootId}
      union
      select d.id, tree.depth + 1 from documents d join tree on d.parent_id = tree.id
    )
    select id from tree order by depth`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
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
