import { sql, type SQL } from 'drizzle-orm';
import { documents } from '../../db/schema/index.ts';

/**
 * `documents.id in (<the document and everything under it>)`, for updates and deletes of whole subtrees.
 * Each step down is an index lookup on (organization_id, parent_id).
 */
export function inSubtree(root: { id: string; organizationId: string }): SQL {
  return sql`${documents.id} in (
    with recursive tree(id) as (
      select id from documents where id = ${root.id}
      union
      select d.id from documents d join tree on d.parent_id = tree.id
      where d.organization_id = ${root.organizationId}
    )
    select id from tree)`;
}
