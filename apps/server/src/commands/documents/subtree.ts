import { sql, type SQL } from 'drizzle-orm';
import { documents } from '../../db/schema/index.ts';

/** `documents.id in (<the document and everything under it>)`, for updates and deletes of whole subtrees. */
export function inSubtree(rootId: string): SQL {
  return sql`${documents.id} in (
    with recursive tree(id) as (
      select id from documents where id = ${rootId}
      union
      select d.id from documents d join tree on d.parent_id = tree.id
    )
    select id from tree)`;
}
