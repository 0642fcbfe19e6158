import { DOCUMENT_STATE } from '@sinetti/contract';
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { documents } from '../../db/schema/index.ts';
import type { Scope } from '../../policies/index.ts';

// The extracted text, the search vector and signature and the stored summary stay in the database: rows
// read through these columns never carry them (lists read the summary by itself).
// eslint-disable-next-line @typescript-eslint/no-unused-vars
const { contentText, searchVector, searchSignature, summaryJson, ...columns } = getTableColumns(documents);

type RoleColumns = { effectiveRoleIds: AnyPgColumn; type: AnyPgColumn; parentId: AnyPgColumn };

/**
 * The roles that decide who sees a document (docs/decisions.md "Document roles"): a folder's
 * effective_role_ids (its own roles, else its nearest ancestor's, kept by triggers over the folders only);
 * for any other document its own roles, else its folder's. Null when none has roles. A role change of a
 * folder so rewrites the folder and the folders under it, never the documents in them (issue #32 item 4).
 * The folder is read through a derived table whose columns are named apart, so that the document's own
 * columns (which drizzle writes unqualified in select lists and RETURNING) can only mean the document's.
 */
export function effectiveRolesOf(table: RoleColumns): SQL<string[] | null> {
  return sql<string[] | null>`coalesce(${table.effectiveRoleIds}, case when ${table.type} <> 'folder' then (
    select f.folder_roles from (select id as folder_id, effective_role_ids as folder_roles from documents) f
    where f.folder_id = ${table.parentId}) end)`;
}

/**
 * seenByCaller()'s rule for a member who does not see all, as SQL text over an unaliased documents row
 * (search tiers written as text; `roleIds` are the caller's role ids and `organizationId` the organization's
 * id, as SQL uuid literals). A document without roles of its own is hidden when its folder is one of the
 * organization's folders with roles, none of which the caller holds: looked up per row that reaches this
 * condition (PostgreSQL evaluates it after the cheaper ones, the word match included), off
 * documents_restricted_folders_idx alone. So a member pays per match read, not per folder of the
 * organization: reading and hashing every restricted folder once per statement (an uncorrelated NOT IN) cost
 * 0.5–1.6 ms at 1,813 hidden folders, more than the rest of a rare word's statement (issue #32 item 2).
 */
export function seenByRolesText(roleIds: readonly string[], organizationId: string): string {
  const held = `array[${roleIds.join(',')}]::uuid[]`;
  // `documents.parent_id`: the row being searched, which the tiers read unaliased.
  return (
    `(case when effective_role_ids is not null then effective_role_ids && ${held}` +
    ` when type = 'folder' then true` +
    ` else coalesce((select h.effective_role_ids && ${held} from documents h` +
    ` where h.organization_id = ${organizationId} and h.id = documents.parent_id and h.type = 'folder'` +
    ` and h.effective_role_ids is not null), true) end)`
  );
}

/** Every column a reply or a command needs; effectiveRoleIds is the effective roles, inherited included. */
export const documentColumns = {
  ...columns,
  effectiveRoleIds: effectiveRolesOf(documents).mapWith(documents.effectiveRoleIds),
};

export type DocumentRow = Omit<
  typeof documents.$inferSelect,
  'contentText' | 'searchVector' | 'searchSignature' | 'summaryJson'
>;

/** What a reply shows of a document: presentDocument()'s input (lists and search read the stored summary). */
export const summaryColumns = {
  id: columns.id,
  organizationId: columns.organizationId,
  parentId: columns.parentId,
  ownerAccountId: columns.ownerAccountId,
  name: columns.name,
  type: columns.type,
  platform: columns.platform,
  state: columns.state,
  extension: columns.extension,
  mimeType: columns.mimeType,
  size: columns.size,
  conversionStatus: columns.conversionStatus,
  conversionFailure: columns.conversionFailure,
  createdAt: columns.createdAt,
  updatedAt: columns.updatedAt,
};

export type DocumentSummary = Pick<DocumentRow, keyof typeof summaryColumns>;

/**
 * Documents users see: not deleted and not hidden (states 100, 101 and 200 are all from 100 up). Written
 * as a constant, not a parameter, so that the planner can use the partial indexes built on it.
 */
export const visibleIn = (table: { state: AnyPgColumn }) =>
  sql`${table.state} < ${sql.raw(String(DOCUMENT_STATE.Deleted))}`;
export const visible = visibleIn(documents);

/**
 * Documents the caller may see by their roles (docs/decisions.md "Document roles"): the owner all; others
 * those with no effective roles, or sharing one with the caller. Prepared statements take the placeholders
 * `seesAll` and `roleIds` (seeVisibility() gives their values); one-off queries pass the scope.
 */
export function seenByCaller(table: RoleColumns, scope?: SeeValues | SeeExpressions): SQL {
  const seesAll = scope ? sql`${scope.seesAll}` : sql.placeholder('seesAll');
  const roleIds = scope ? sql`${scope.roleIds}` : sql.placeholder('roleIds');
  // No effective roles (null && … is null) sees it; the folder is read at most once per row.
  return sql`(${seesAll}::boolean or coalesce(${effectiveRolesOf(table)} && ${roleIds}::uuid[], true))`;
}

/** seenByCaller()'s inputs as SQL over other tables (a listing read in the session's statement). */
export interface SeeExpressions {
  seesAll: SQL;
  roleIds: SQL;
}

export interface SeeValues {
  seesAll: boolean;
  /** The caller's role ids as a PostgreSQL array literal. */
  roleIds: string;
}

/** The values of seenByCaller()'s placeholders for a scope. */
export function seeValues(scope: Pick<Scope, 'seesAll' | 'roleIds'>): SeeValues {
  return { seesAll: scope.seesAll, roleIds: `{${scope.roleIds.join(',')}}` };
}
