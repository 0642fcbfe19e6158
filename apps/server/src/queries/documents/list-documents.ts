import { DOCUMENT_STATE, type P } from '@sinetti/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { rawStatement } from '../../db/raw-rows.ts';
import { documents } from '../../db/schema/index.ts';
import { isUuid } from '../../lib/ids.ts';
import type { AuthorizedScope } from '../../policies/index.ts';
import { seenByCaller, seeValues, visible, visibleIn, type DocumentSummary } from './columns.ts';

const p = sql.placeholder;

/** The listing order (documents_children_idx): folders first, then by name. */
const folderLast = sql<boolean>`(${documents.type} <> 'folder')`;
const sortName = sql<string>`lower(${documents.name})`;

/**
 * A folder listing in one round trip and one row: the folder itself (of any organization, for the caller to
 * authorize) and a page of its children in the given organization, their stored summaries (presented
 * documents) joined by the database into the text of one JSON array. One row more than the page is read,
 * to tell whether there is more.
 */
function build(db: Db, atTop: boolean) {
  const page = db
    .select({
      summary: documents.summaryJson,
      n: sql<number>`row_number() over (order by ${folderLast}, ${sortName}, ${documents.id})`.as('n'),
    })
    .from(documents)
    .where(
      and(
        eq(documents.organizationId, sql`${p('organizationId')}`),
        atTop ? isNull(documents.parentId) : eq(documents.parentId, sql`${p('parentId')}`),
        visible,
        // Archived documents belong to Archive (/filtered/archived), not to the folders they came from.
        sql`${documents.state} <> ${sql.raw(String(DOCUMENT_STATE.Archived))}`,
        seenByCaller(documents),
      ),
    )
    .orderBy(folderLast, sortName, asc(documents.id))
    .limit(p('fetch'))
    .offset(p('offset'))
    .as('page');
  const children = db
    .select({
      documents: sql<string>`'[' || coalesce(string_agg(${page.summary}, ',' order by ${page.n})
        filter (where ${page.n} <= ${p('last')}), '') || ']'`.as('documents'),
      fetched: sql<number>`count(*)`.as('fetched'),
    })
    .from(page)
    .as('children');
  if (atTop) {
    return rawStatement(
      'documents_list_top',
      db.select({ documents: children.documents, fetched: children.fetched }).from(children),
    );
  }
  const folder = alias(documents, 'folder');
  return rawStatement(
    'documents_list_children',
    db
      .select({
        documents: children.documents,
        fetched: children.fetched,
        summary: folder.summaryJson,
        organizationId: folder.organizationId,
        type: folder.type,
      })
      .from(children)
      .leftJoin(folder, and(eq(folder.id, sql`${p('parentId')}`), visibleIn(folder), seenByCaller(folder))),
  );
}

const topLevel = preparedPerDatabase((db) => build(db, true));
const inFolder = preparedPerDatabase((db) => build(db, false));

/** The listed folder: what authorizing it needs, and its stored summary. */
export type ListedFolder = Pick<DocumentSummary, 'organizationId' | 'type'> & { summary: string };

export interface FolderPage {
  /** The folder listed: null at the top level, undefined when no visible document has that id. */
  root: ListedFolder | null | undefined;
  /** The page's documents as presented: the text of a JSON array. */
  documents: string;
  hasMore: boolean;
}

/**
 * One page of a folder's children (null: the top level), folders first, then by name (the hottest read of
 * the app). The caller authorizes `root`: children are read from the given organization only.
 */
export async function listFolder(
  db: Db,
  scope: AuthorizedScope<typeof P.DOCUMENTS_VIEW>,
  parentId: string | null,
  page: { limit: number; offset: number },
): Promise<FolderPage> {
  if (parentId !== null && !isUuid(parentId)) return { root: undefined, documents: '[]', hasMore: false };
  // Row numbers count from the first row of the folder, not of the page.
  const last = page.offset + page.limit;
  const values = {
    organizationId: scope.organizationId,
    ...seeValues(scope),
    parentId,
    last,
    fetch: page.limit + 1,
    offset: page.offset,
  };
  const [row] = await (parentId === null ? topLevel(db) : inFolder(db))(db, values);
  if (!row) throw new Error('A listing always answers one row.');
  const [documents, fetched, summary, folderOrganization, folderType] = row;
  const root =
    parentId === null
      ? null
      : summary
        ? {
            summary: summary as string,
            organizationId: folderOrganization as string,
            type: folderType as DocumentSummary['type'],
          }
        : undefined;
  return { root, documents: documents as string, hasMore: Number(fetched) > page.limit };
}
