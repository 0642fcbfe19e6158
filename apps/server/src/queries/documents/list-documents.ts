import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { documents } from '../../db/schema/index.ts';
import { summaryColumns, visible, type DocumentSummary } from './columns.ts';

/** The listing query, built once per database and prepared (the hottest read of the app). */
function prepare(db: Db, atTop: boolean) {
  return db
    .select(summaryColumns)
    .from(documents)
    .where(
      and(
        eq(documents.organizationId, sql.placeholder('organizationId')),
        atTop ? isNull(documents.parentId) : eq(documents.parentId, sql.placeholder('parentId')),
        visible,
      ),
    )
    .orderBy(sql`(${documents.type} <> 'folder')`, sql`lower(${documents.name})`, asc(documents.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(atTop ? 'documents_list_top' : 'documents_list_children');
}

const prepared = new WeakMap<Db, { top: ReturnType<typeof prepare>; children: ReturnType<typeof prepare> }>();

/** One page of a folder's children (null: the top level), folders first, then by name (documents_children_idx). */
export async function listChildren(
  db: Db,
  organizationId: string,
  parentId: string | null,
  page: { limit: number; offset: number },
): Promise<{ rows: DocumentSummary[]; hasMore: boolean }> {
  let queries = prepared.get(db);
  if (!queries) {
    queries = { top: prepare(db, true), children: prepare(db, false) };
    prepared.set(db, queries);
  }
  const rows = await (parentId ? queries.children : queries.top).execute({
    organizationId,
    parentId,
    limit: page.limit + 1,
    offset: page.offset,
  });
  return { rows: rows.slice(0, page.limit), hasMore: rows.length > page.limit };
}
