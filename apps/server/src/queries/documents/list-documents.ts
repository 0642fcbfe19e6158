import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { documents } from '../../db/schema/index.ts';
import { summaryColumns, visible, type DocumentSummary } from './columns.ts';

/** One page of a folder's children (null: the top level), folders first, then by name (documents_children_idx). */
export async function listChildren(
  db: DbOrTx,
  organizationId: string,
  parentId: string | null,
  page: { limit: number; offset: number },
): Promise<{ rows: DocumentSummary[]; hasMore: boolean }> {
  const rows = await db
    .select(summaryColumns)
    .from(documents)
    .where(
      and(
        eq(documents.organizationId, organizationId),
        parentId ? eq(documents.parentId, parentId) : isNull(documents.parentId),
        visible,
      ),
    )
    .orderBy(sql`(${documents.type} <> 'folder')`, sql`lower(${documents.name})`, asc(documents.id))
    .limit(page.limit + 1)
    .offset(page.offset);
  return { rows: rows.slice(0, page.limit), hasMore: rows.length > page.limit };
}
