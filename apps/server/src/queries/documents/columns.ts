import { DOCUMENT_STATE } from '@sinetti/contract';
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { documents } from '../../db/schema/index.ts';
import type { Scope } from '../../policies/index.ts';

// The extracted text, the search vector and the stored summary stay in the database: rows read through
// these columns never carry them (lists read the summary by itself).
// eslint-disable-next-line @typescript-eslint/no-unused-vars
const { contentText, searchVector, summaryJson, ...columns } = getTableColumns(documents);

/** Every column a reply or a command needs. */
export const documentColumns = columns;

export type DocumentRow = Omit<typeof documents.$inferSelect, 'contentText' | 'searchVector' | 'summaryJson'>;

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
export function seenByCaller(table: { effectiveRoleIds: AnyPgColumn }, scope?: SeeValues): SQL {
  const seesAll = scope ? sql`${scope.seesAll}` : sql.placeholder('seesAll');
  const roleIds = scope ? sql`${scope.roleIds}` : sql.placeholder('roleIds');
  return sql`(${seesAll}::boolean or ${table.effectiveRoleIds} is null or ${table.effectiveRoleIds} && ${roleIds}::uuid[])`;
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
