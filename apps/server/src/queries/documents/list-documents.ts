import { DOCUMENT_STATE, type P } from '@sinetti/contract';
import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { rawStatement } from '../../db/raw-rows.ts';
import { documents, roleAssignments } from '../../db/schema/index.ts';
import type { AlongRead, AlongSession, SessionColumns } from '../../http/actor.ts';
import { isUuid } from '../../lib/ids.ts';
import type { AuthorizedScope } from '../../policies/index.ts';
import {
  seenByCaller,
  seeValues,
  visible,
  visibleIn,
  type DocumentSummary,
  type SeeExpressions,
} from './columns.ts';

const p = sql.placeholder;

/** The listing order (documents_children_idx): folders first, then by name. */
const folderLast = sql<boolean>`(${documents.type} <> 'folder')`;
const sortName = sql<string>`lower(${documents.name})`;

/** Where a listing's organization and the caller's visibility come from: placeholders, or SQL expressions. */
interface ListSource {
  organizationId: SQL | AnyPgColumn;
  see?: SeeExpressions;
}

const fromPlaceholders: ListSource = { organizationId: sql`${p('organizationId')}` };

/**
 * A folder listing in one statement and one row: the folder itself (of any organization, for the caller to
 * authorize) and a page of its children in the given organization, their stored summaries (presented
 * documents) joined by the database into the text of one JSON array. One row more than the page is read,
 * to tell whether there is more. Columns: documents, fetched, and in a folder its summary, organization and
 * type.
 */
function listing(db: Db, atTop: boolean, source: ListSource) {
  const page = db
    .select({
      summary: documents.summaryJson,
      n: sql<number>`row_number() over (order by ${folderLast}, ${sortName}, ${documents.id})`.as('n'),
    })
    .from(documents)
    .where(
      and(
        eq(documents.organizationId, source.organizationId),
        atTop ? isNull(documents.parentId) : eq(documents.parentId, sql`${p('parentId')}`),
        visible,
        // Archived documents belong to Archive (/filtered/archived), not to the folders they came from.
        sql`${documents.state} <> ${sql.raw(String(DOCUMENT_STATE.Archived))}`,
        seenByCaller(documents, source.see),
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
    return db
      .select({
        documents: children.documents,
        fetched: children.fetched,
        summary: sql<string | null>`null::text`.as('summary'),
        organizationId: sql<string | null>`null::uuid`.as('folder_organization_id'),
        type: sql<string | null>`null::text`.as('folder_type'),
      })
      .from(children);
  }
  const folder = alias(documents, 'folder');
  return db
    .select({
      documents: children.documents,
      fetched: children.fetched,
      summary: sql<string | null>`${folder.summaryJson}`.as('summary'),
      organizationId: sql<string | null>`${folder.organizationId}`.as('folder_organization_id'),
      type: sql<string | null>`${folder.type}`.as('folder_type'),
    })
    .from(children)
    .leftJoin(
      folder,
      and(eq(folder.id, sql`${p('parentId')}`), visibleIn(folder), seenByCaller(folder, source.see)),
    );
}

const topLevel = preparedPerDatabase((db) =>
  rawStatement('documents_list_top', listing(db, true, fromPlaceholders)),
);
const inFolder = preparedPerDatabase((db) =>
  rawStatement('documents_list_children', listing(db, false, fromPlaceholders)),
);

/** The listed folder: what authorizing it needs, and its stored summary. */
export type ListedFolder = Pick<DocumentSummary, 'organizationId' | 'type'> & { summary: string };

export interface FolderPage {
  /** The folder listed: null at the top level, undefined when no visible document has that id. */
  root: ListedFolder | null | undefined;
  /** The page's documents as presented: the text of a JSON array. */
  documents: string;
  hasMore: boolean;
}

/** The values of a listing's page placeholders. Row numbers count from the folder's first row, not the page's. */
function pageValues(parentId: string | null, page: { limit: number; offset: number }) {
  return { parentId, last: page.offset + page.limit, fetch: page.limit + 1, offset: page.offset };
}

/** A listing's row as a FolderPage. */
function folderPage(
  parentId: string | null,
  limit: number,
  [documents, fetched, summary, folderOrganization, folderType]: unknown[],
): FolderPage {
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
  return { root, documents: documents as string, hasMore: Number(fetched) > limit };
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
  const values = { organizationId: scope.organizationId, ...seeValues(scope), ...pageValues(parentId, page) };
  const [row] = await (parentId === null ? topLevel(db) : inFolder(db))(db, values);
  if (!row) throw new Error('A listing always answers one row.');
  return folderPage(parentId, page.limit, row);
}

/**
 * Who authorize() says sees what, in SQL over the session's row (policies/index.ts authorize(): all for
 * the owner, unless the session is an API key's; else the roles assigned in the organization). The listing
 * read along the session says which it used, and listFromSession() answers it only when they are the
 * scope's: the policy stays in TypeScript, and a disagreement costs a second round trip, never a wrong page.
 */
function seeFromSession(session: SessionColumns): SeeExpressions {
  return {
    seesAll: sql`(${session.ownerAccountId} = ${session.accountId} and ${session.apiKeyId} is null)`,
    roleIds: sql`array(select ra.role_id from ${roleAssignments} ra
      where ra.account_id = ${session.accountId} and ra.organization_id = ${session.organizationId})`,
  };
}

/** A folder's page read with the session, and the visibility it was read for. */
export interface SessionListing {
  seesAll: boolean;
  roleIds: string[];
  row: unknown[];
}

/**
 * The listing in the session's statement (issue #32 item 5: a folder's first page in one round trip, as the
 * dashboard's counts): one text, `[seesAll, roleIds, fetched, folder's organization, folder's type]` as
 * JSON, a newline, the page's documents (JSON text), a newline, the folder's summary (JSON text, or
 * nothing). JSON text as PostgreSQL writes it holds no raw newline.
 */
function listingAlongSession(atTop: boolean): AlongSession<SessionListing | null> {
  return {
    name: atTop ? 'documents_list_top' : 'documents_list_children',
    column: (session, db) => {
      const see = seeFromSession(session);
      const query = listing(db, atTop, { organizationId: session.organizationId, see });
      return sql`(select json_build_array(${see.seesAll}, ${see.roleIds}, l.fetched, l.folder_organization_id,
        l.folder_type)::text || chr(10) || l.documents || chr(10) || coalesce(l.summary, '') from (${query}) l)`;
    },
    read: (value) => {
      if (typeof value !== 'string') return null;
      const first = value.indexOf('\n');
      const second = value.indexOf('\n', first + 1);
      if (first < 0 || second < 0) return null;
      const [seesAll, roleIds, fetched, organizationId, type] = JSON.parse(value.slice(0, first)) as [
        boolean,
        string[] | null,
        number,
        string | null,
        string | null,
      ];
      const summary = value.slice(second + 1);
      return {
        seesAll,
        roleIds: roleIds ?? [],
        row: [value.slice(first + 1, second), fetched, summary === '' ? null : summary, organizationId, type],
      };
    },
  };
}

const alongTop = listingAlongSession(true);
const alongInFolder = listingAlongSession(false);

/** The listing to read along the session for a folder's page (none for an id that is not a uuid). */
export function listingAlong(
  parentId: string | null,
  page: { limit: number; offset: number },
): AlongRead<SessionListing | null> | undefined {
  if (parentId !== null && !isUuid(parentId)) return undefined;
  return { session: parentId === null ? alongTop : alongInFolder, values: pageValues(parentId, page) };
}

/**
 * The page listingAlong() read, when it was read for exactly this scope's visibility; null otherwise (the
 * caller then lists with listFolder()).
 */
export function listFromSession(
  scope: AuthorizedScope<typeof P.DOCUMENTS_VIEW>,
  read: SessionListing | null,
  parentId: string | null,
  limit: number,
): FolderPage | null {
  if (!read || read.seesAll !== scope.seesAll || !sameSet(read.roleIds, scope.roleIds)) return null;
  return folderPage(parentId, limit, read.row);
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const held = new Set(b);
  return a.length === held.size && a.every((id) => held.has(id));
}
